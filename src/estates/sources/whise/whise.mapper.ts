import type { LocalizedText } from '../../../i18n/localized-text.js';
import { LOCALES, type Locale } from '../../../routing/locales.js';
import { ENERGY_LABEL, ROOM_TYPES } from '../../domain/enums.js';
import type { Estate, HeadType, LayoutRoom, Picture, Planning, SalesRep, Video } from '../../domain/estate.js';
import { regionOfZip } from '../../domain/region.js';
import { cappedText, webUrlOrNull } from '../crm-values.js';
import type { FieldGap } from '../estate-source.port.js';
import { photoVersion } from '../image-url.js';
import { InvalidRecordError, numberOrNull, required, stringOrNull } from '../raw-text.js';
import { isForRentInWhise, whiseStatus } from './whise.status.js';
import type { WhiseDetail, WhiseEstate, WhiseIdRef, WhisePicture, WhiseRepresentative, WhiseText } from './whise.types.js';

/*
 * Every raw field and detail id read here is listed, with its public evidence, in docs/crm/whise.md
 * (whise.fields.spec.ts fails when one is not).
 */

export interface WhiseMapContext {
  /** The site's proxy URL of a CRM photo, or null when its host is not allowed (the photo is left out). */
  readonly imageUrl: (url: string, version?: string | null) => string | null;
  /** The language of single-language texts (`name`): WHISE_LANGUAGE's locale. */
  readonly locale: Locale;
  /** Told each detail id the mapper looks up (whise.fields.spec.ts checks them against docs/crm/whise.md). */
  readonly traceDetail?: (id: number) => void;
}

/** A mapped estate with what it is shown without, or why the site must not show it. Malformed records throw. */
export type WhiseMapped = { readonly estate: Estate; readonly gaps: readonly FieldGap[] } | { readonly hidden: string };

/** Whise's Category enum (fw4 Enums/Category): 1 house, 2 flat, 3 plot, 4 office, 5 commercial, 6 industrial, 7 garage/parking. */
const HEAD_TYPES: Readonly<Record<number, HeadType>> = { 1: 'HOUSE', 2: 'APARTMENT', 3: 'PLOT', 4: 'COMMERCIAL', 5: 'COMMERCIAL', 6: 'COMMERCIAL', 7: 'GARAGE' };
/** The categories that name a SPEC subtype by themselves. */
const CATEGORY_SUB_TYPES: Readonly<Record<number, string>> = { 4: 'OFFICE', 6: 'INDUSTRIAL_BUILDING' };
/** Flat subcategories (`subCategory.id`) as whise-integration names them; other subcategories show no subtype. */
const FLAT_SUB_TYPES: Readonly<Record<number, string>> = {
  17: 'FLAT',
  18: 'DUPLEX',
  19: 'PENTHOUSE',
  20: 'FLAT',
  21: 'STUDIO',
  22: 'TRIPLEX',
  23: 'LOFT',
  25: 'GROUND_FLOOR',
  73: 'GROUND_FLOOR',
  93: 'STUDENT_ROOM',
  94: 'ROOFTOP_FLAT',
  95: 'SERVICE_FLAT',
  165: 'SERVICE_FLAT',
};

/** The detail ids the mapper reads (each in docs/crm/whise.md with its label in the recorded answer). */
export const WHISE_DETAIL = {
  floors: 15,
  constructionYear: 14,
  renovationYear: 585,
  airConditioning: 43,
  elevator: 372,
  alarm: 1752,
  terraceSurface: 874,
  tenantCharges: 301,
  chargesPerSquareMetreYear: 344,
  cadastralIncomeIndexed: 496,
  cadastralIncome: 1733,
  proceeding: 691,
  buildingPermit: 808,
  subdivisionPermit: 812,
  preemptionRight: 1734,
  groundDestination: 1736,
  latitude: 1849,
  longitude: 1850,
  epcLabel: 2056,
  epcSpecific: 2089,
  co2: 2090,
  possibleFlood: 2222,
  floodAreaType: 2223,
  epcTotal: 2390,
  epcCode: 2391,
  summons: 2712,
  epcValidUntil: 2776,
  epcDate: 2826,
  heatingGroup: 53,
  heating: 1020,
  kitchen: 1595,
  glazing: 2157,
  windowJoinery: 782,
  roof: 1001,
} as const;

/*
 * The comfort details' choices (`enum.id`, fw4 Enums/Details: "subdetails of type N") → SPEC's enums. A choice SPEC
 * has no value for (floor heating, solar, district heating, …) is no gap: the row is left out.
 */
/** HeaterType (detail 1020). */
const HEATING: Readonly<Record<number, string | null>> = {
  658: null,
  659: 'GAS',
  660: 'GAS',
  661: 'OIL',
  662: 'ELECTRICITY',
  663: 'COAL',
  664: 'WOOD',
  665: null,
  666: null,
  667: null,
  668: 'GAS',
  669: 'OIL',
  670: 'GAS_HEATERS',
  671: 'OIL',
  672: null,
  673: null,
  674: null,
  675: 'HEAT_ACCUMULATION',
  676: null,
  1000: 'PELLET',
  1001: 'WOOD',
};
const HEAT_PUMP = 667;
/** HeatingSource (detail 53): individual or collective. */
const COMMON_HEATING: Readonly<Record<number, string>> = { 638: 'INDIVIDUAL', 639: 'COMMON' };
/** KitchenType (detail 1595). */
const KITCHEN: Readonly<Record<number, string>> = {
  683: 'NOT_EQUIPPED',
  684: 'SEMI_EQUIPPED',
  685: 'EQUIPPED',
  686: 'HYPER_EQUIPPED',
  687: 'AMERICAN_SEMI_EQUIPPED',
  688: 'AMERICAN_EQUIPPED',
  689: 'AMERICAN_HYPER_EQUIPPED',
};
/** Glazing (detail 2157); mixed, sun protection and other have no SPEC value. */
const GLAZING: Readonly<Record<number, string | null>> = { 1003: 'SINGLE', 1004: 'DOUBLE', 1005: 'TRIPLE', 1006: null, 1297: null, 1298: null };
/** WindowJoinery (detail 782). */
const JOINERY: Readonly<Record<number, string | null>> = { 734: 'WOOD', 735: 'PLASTIC', 736: 'ALUMINUM', 737: 'ALUMINUM', 738: null, 1295: null, 1296: null };
/** RoofType (detail 1001); 799 is both dome and shed in the enum, so it says nothing. */
const ROOF: Readonly<Record<number, string | null>> = { 797: 'KERB', 799: null, 800: 'KERB', 801: 'HIPPED', 802: 'FLAT', 803: 'LEAN_TO', 804: null, 805: null, 806: null, 807: null, 808: null, 809: 'SADDLEBACK' };

/** PossibleFloodType (fw4 Enums/Details): 1229 effective and 1230 potential flood-sensitive area, 1233 none. */
const POSSIBLE_FLOOD: Readonly<Record<number, string>> = { 1229: 'YES', 1230: 'YES', 1233: 'NO' };
/** FloodAreaType: 1231 delimited flood area, 1232 riverside area; both mean the parcel lies in a flood area. */
const FLOOD_AREA: Readonly<Record<number, string>> = { 1231: 'YES', 1232: 'YES' };
/** SummonsType: 1837 none; every other value is a summons or measure (1832 summons … 1836 settlement). */
const SUMMONS: Readonly<Record<number, string>> = { 1832: 'YES', 1833: 'YES', 1834: 'YES', 1835: 'YES', 1836: 'YES', 1837: 'NO' };
/**
 * GroundDestination → the Flemish zoning codes SPEC lists (RECENT_DESTINATION). Values without a clear code
 * (economic activity, extraction, reserve, industrial, mixed residential, SME, other, urban development) stay null.
 */
const GROUND_DESTINATION: Readonly<Record<number, string>> = {
  1: 'AG',
  5: 'BG',
  7: 'GDR',
  8: 'GVR',
  10: 'NG',
  11: 'PG',
  12: 'WG',
  13: 'WCHE',
  14: 'WP',
  15: 'WUG',
  16: 'GG',
  17: 'NR',
  18: 'LWAG',
  999: 'WGL',
};
/** Availability (fw4 Enums/Availability) → SPEC's free-on enum; 4 (unavailable) has no SPEC value. */
const AVAILABILITY: Readonly<Record<number, string>> = { 1: 'DEED', 2: 'TBD', 3: 'TBD', 5: 'IMMEDIATE', 6: 'DELIVERY', 7: 'TBD' };
/**
 * State (fw4 Enums/State) → SPEC's condition. The stages of a new build (11 to be built, 12 main work, 13 new
 * development, 16–24 concept … ground prepared) are NEW; 7 to be rebuilt and 8 to be demolished read as to renovate
 * and nothing; 9 unknown, 10 green estate: no condition.
 */
const CONDITION: Readonly<Record<number, string>> = {
  1: 'NEW',
  2: 'EXCELLENT_CONDITION',
  3: 'RENEWED',
  4: 'GOOD_CONDITION',
  5: 'TO_FRESHEN_UP',
  6: 'TO_RENOVATE',
  7: 'TO_RENOVATE',
  11: 'NEW',
  12: 'NEW',
  13: 'NEW',
  14: 'TO_FRESHEN_UP',
  15: 'RENEWED',
  16: 'NEW',
  17: 'NEW',
  18: 'NEW',
  19: 'NEW',
  20: 'NEW',
  21: 'NEW',
  22: 'NEW',
  23: 'NEW',
  24: 'NEW',
};
/** The states of a building that is not built or finished yet. */
const NEW_BUILD_STATES: ReadonlySet<number> = new Set([11, 12, 13, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
/** Country (fw4 Enums/Country) → the site's country codes. */
const COUNTRIES: Readonly<Record<number, string>> = { 1: 'BE', 2: 'NL', 3: 'FR', 4: 'DE', 5: 'LU', 6: 'GB', 7: 'ES', 8: 'IT', 9: 'PT', 20: 'CH', 21: 'US', 23: 'AT' };
/** Status (fw4 / tombroucke Enums/Status): 1 active; these are never shown. */
const NOT_ACTIVE: Readonly<Record<number, string>> = { 5: 'archived', 6: 'deleted' };
/** DisplayStatus 1 is offline; 2–5 are shown (online, estate of the month, realisations, website only). */
const OFFLINE_DISPLAY_STATUS = 1;

const ref = (value: WhiseIdRef | null | undefined): number | null => numberOrNull(value && typeof value === 'object' ? value.id : null);

/** 'nl-BE' → 'nl'; a language the site does not speak is null. */
function localeOf(languageId: unknown): Locale | null {
  if (typeof languageId !== 'string') return null;
  const code = languageId.slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(code) ? (code as Locale) : null;
}

/** A Whise text: a list of `{ languageId, content }`, or a plain string (an estate's `name`) in the configured language. */
function texts(raw: unknown, context: WhiseMapContext): LocalizedText {
  const text: LocalizedText = {};
  if (typeof raw === 'string') {
    if (raw.trim() !== '') text[context.locale] = raw;
    return text;
  }
  if (!Array.isArray(raw)) return text;
  for (const item of raw as Array<WhiseText | null>) {
    const locale = localeOf(item?.languageId);
    const content = item?.content;
    if (locale && typeof content === 'string' && content.trim() !== '' && text[locale] === undefined) text[locale] = content;
  }
  return text;
}

/** The estate's details by id; details without a numeric id are dropped. */
class Details {
  private readonly byId = new Map<number, WhiseDetail>();

  constructor(
    raw: unknown,
    private readonly trace?: (id: number) => void,
  ) {
    if (!Array.isArray(raw)) return;
    for (const detail of raw as Array<WhiseDetail | null>) {
      const id = detail && typeof detail === 'object' ? numberOrNull(detail.id) : null;
      if (id !== null && !this.byId.has(id)) this.byId.set(id, detail!);
    }
  }

  private get(id: number): WhiseDetail | undefined {
    this.trace?.(id);
    return this.byId.get(id);
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  text(id: number): string | null {
    const value = this.get(id)?.value;
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
  }

  /** A numeric detail ("123", "49.7892158"; a decimal comma is accepted). */
  number(id: number): number | null {
    const text = this.text(id);
    return text === null ? null : numberOrNull(/^-?\d+,\d+$/.test(text) ? text.replace(',', '.') : text);
  }

  /** A yes/no detail: "1" yes, "0" no (booleans accepted too). */
  yesNo(id: number): boolean | null {
    const value = this.get(id)?.value;
    if (value === true || value === '1' || value === 1) return true;
    if (value === false || value === '0' || value === 0) return false;
    return null;
  }

  /** The chosen item's id of a list detail (`enum.id`; its `value` is the label text). */
  choice(id: number): number | null {
    return ref(this.get(id)?.enum);
  }
}

/** Collects what a listing is shown without. */
class Gaps {
  readonly list: FieldGap[] = [];

  add(field: string, reason: string): void {
    this.list.push({ field, reason });
  }
}

const yesNoAnswer = (value: boolean | null): string | null => (value === null ? null : value ? 'YES' : 'NO');

function planning(details: Details, gaps: Gaps): Planning {
  const pick = (table: Readonly<Record<number, string>>, detail: number, field: string) => {
    if (!details.has(detail)) return null;
    const choice = details.choice(detail);
    const answer = choice === null ? null : (table[choice] ?? null);
    if (answer === null) gaps.add(field, `detail ${detail}: unknown choice ${choice === null ? `"${details.text(detail) ?? ''}" without enum.id` : choice}`);
    return answer;
  };
  const yesNo = (detail: number, field: string) => {
    if (!details.has(detail)) return null;
    const answer = yesNoAnswer(details.yesNo(detail));
    if (answer === null) gaps.add(field, `detail ${detail}: "${details.text(detail) ?? ''}" is not 1 or 0`);
    return answer;
  };
  // 808 "building permit" answers the Flemish duty's "urban-development permit granted" (plannedPermission, which the
  // detail page asks) as well as the older buildingLicense row; 812 "subdivision permit" is the permit itself
  // (allocationLicense, the duty's "verkavelingsvergunning"), not a change to one (subdivisionPermit).
  const permit = yesNo(WHISE_DETAIL.buildingPermit, 'planning.plannedPermission');
  return {
    buildingLicense: permit,
    allocationLicense: yesNo(WHISE_DETAIL.subdivisionPermit, 'planning.allocationLicense'),
    presaleRight: yesNo(WHISE_DETAIL.preemptionRight, 'planning.presaleRight'),
    certificateAsBuilt: null,
    heritageProtected: null,
    heritageInventoried: null,
    renovationObligation: null,
    plannedPermission: permit,
    subdivisionPermit: null,
    proceeding: yesNo(WHISE_DETAIL.proceeding, 'planning.proceeding'),
    summons: pick(SUMMONS, WHISE_DETAIL.summons, 'planning.summons'),
    recentDestination: pick(GROUND_DESTINATION, WHISE_DETAIL.groundDestination, 'planning.recentDestination'),
    floodingArea: pick(POSSIBLE_FLOOD, WHISE_DETAIL.possibleFlood, 'planning.floodingArea') ?? pick(FLOOD_AREA, WHISE_DETAIL.floodAreaType, 'planning.floodingArea'),
    floodingScoreBuilding: null,
    floodingScoreParcel: null,
  };
}

/** The host of a URL, for the operator ("add it to PHOTO_HOSTS"). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 60);
  }
}

function pictures(raw: unknown, context: WhiseMapContext, version: string | null, gaps: Gaps): Picture[] {
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) gaps.add('photos', 'pictures is not a list');
  if (!Array.isArray(raw)) return [];
  const refused = new Map<string, number>();
  let unreadable = 0;
  const kept = (raw as Array<WhisePicture | null>)
    // The recorded answer leaves `order` out of the first picture.
    .map((picture, index) => ({ picture, order: numberOrNull(picture?.order) ?? index }))
    .sort((a, b) => a.order - b.order)
    .flatMap(({ picture, order }) => {
      const large = webUrlOrNull(picture?.urlLarge) ?? webUrlOrNull(picture?.urlXXL);
      if (!large) {
        unreadable++;
        return [];
      }
      const file = context.imageUrl(large, version);
      if (!file) {
        const host = hostOf(large);
        refused.set(host, (refused.get(host) ?? 0) + 1);
        return [];
      }
      const small = webUrlOrNull(picture?.urlSmall);
      return [{ file, thumbnail: (small && context.imageUrl(small, version)) ?? file, index: order, comment: {} }];
    });
  for (const [host, count] of refused) gaps.add('photos', `${count} photo(s) dropped: host ${host} is not in PHOTO_HOSTS (add ${host})`);
  if (unreadable > 0) gaps.add('photos', `${unreadable} photo(s) without an http(s) urlLarge/urlXXL`);
  return kept;
}

/**
 * The first representative that has a name (`ShowRepresentatives: true`). No recorded answer shows the list; the
 * names follow whise-integration's reader: `firstName`, `name` (last name), `email`, `phone`, `mobile`, `pictureUrl`.
 */
function salesRep(raw: unknown, context: WhiseMapContext): SalesRep | null {
  if (!Array.isArray(raw)) return null;
  const person = (raw as Array<WhiseRepresentative | null>).find((candidate) => stringOrNull(candidate?.name) ?? stringOrNull(candidate?.firstName));
  if (!person) return null;
  const picture = webUrlOrNull(person.pictureUrl);
  return {
    firstname: stringOrNull(person.firstName) ?? '',
    lastname: stringOrNull(person.name) ?? '',
    phone: stringOrNull(person.phone),
    mobile: stringOrNull(person.mobile),
    email: stringOrNull(person.email),
    picture: picture ? context.imageUrl(picture) : null,
    description: {},
  };
}

/** The id of the estate's first representative, for a viewing request's `UserIds`. */
export function whiseRepresentativeId(raw: WhiseEstate): number | null {
  if (!Array.isArray(raw.representatives)) return null;
  for (const person of raw.representatives as Array<WhiseRepresentative | null>) {
    const id = numberOrNull(person?.id);
    if (id !== null && Number.isSafeInteger(id) && id > 0) return id;
  }
  return null;
}

const NUMBER_TEXT = /^\s*(\d+(?:[.,]\d+)?)\s*(?:-\s*(\d+(?:[.,]\d+)?)\s*)?$/;

/** `energyValue`: a string, a number, or a range "179-179" (one value when both ends agree). */
function energyValue(raw: unknown, field: string, gaps: Gaps): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  const match = typeof raw === 'string' ? NUMBER_TEXT.exec(raw) : null;
  const low = match ? Number(match[1]!.replace(',', '.')) : Number.NaN;
  const high = match?.[2] !== undefined ? Number(match[2].replace(',', '.')) : low;
  if (!match || low !== high) {
    gaps.add('energy', `${field} ${JSON.stringify(raw).slice(0, 40)} is not one number`);
    return null;
  }
  return low;
}

/** An EPC label as SPEC spells it ("A+", "B"); anything else is a gap. */
function energyLabel(raw: unknown, gaps: Gaps): string | null {
  const text = stringOrNull(raw)?.trim().toUpperCase().replace(/\s+/g, '') ?? null;
  if (text === null) return null;
  if ((ENERGY_LABEL as readonly string[]).includes(text)) return text;
  gaps.add('energy', `energy label "${text.slice(0, 20)}" is not one SPEC knows`);
  return null;
}

/** "08/18/2025 00:00" (the recorded answer: month first) or an ISO date → yyyy-mm-dd; anything else is null. */
function isoDate(raw: string | null): string | null {
  if (raw === null) return null;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s|$)/.exec(raw);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s]|$)/.exec(raw);
  const [year, month, day] = us ? [Number(us[3]), Number(us[1]), Number(us[2])] : iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : [0, 0, 0];
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

function dateDetail(details: Details, id: number, gaps: Gaps): string | null {
  const text = details.text(id);
  const date = isoDate(text);
  if (text !== null && date === null) gaps.add('energy', `detail ${id}: "${text.slice(0, 30)}" is not a date`);
  return date;
}

/** Coordinates from details 1849 (latitude) and 1850 (longitude); a pair that is not on the globe is a gap. */
function geoLocation(details: Details, gaps: Gaps): { lat: number; lon: number } | null {
  if (!details.has(WHISE_DETAIL.latitude) && !details.has(WHISE_DETAIL.longitude)) return null;
  const lat = details.number(WHISE_DETAIL.latitude);
  const lon = details.number(WHISE_DETAIL.longitude);
  if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180 || (lat === 0 && lon === 0)) {
    gaps.add('map', `details 1849/1850 "${details.text(WHISE_DETAIL.latitude) ?? ''}", "${details.text(WHISE_DETAIL.longitude) ?? ''}" are no coordinates`);
    return null;
  }
  return { lat, lon };
}

/** A count of garden / terrace / garage / parking (the recorded answer: 0 or 1) as a layout room. */
function rooms(raw: WhiseEstate): LayoutRoom[] {
  const counted: Array<[unknown, number]> = [
    [raw.garden, ROOM_TYPES.GARDEN],
    [raw.terrace, ROOM_TYPES.TERRACE],
    [raw.garage, ROOM_TYPES.GARAGE],
    [raw.parking, ROOM_TYPES.PARKING_SPACE],
  ];
  return counted.flatMap(([value, typeId], sort) => {
    const count = numberOrNull(value);
    return count !== null && Number.isInteger(count) && count > 0 && count < 1000
      ? [{ typeId, count, surface: null, comment: {}, floor: null, sort, customIndex: null, customName: {} }]
      : [];
  });
}

/** `fronts` (façades) → construction type: 4 or more open, 3 half-open, 2 or 1 closed. */
function buildingType(fronts: number | null): string | null {
  if (fronts === null || !Number.isInteger(fronts) || fronts < 1) return null;
  return fronts >= 4 ? 'OPEN' : fronts === 3 ? 'HALF_OPEN' : 'CLOSED';
}

function videos(raw: WhiseEstate, gaps: Gaps): Video[] {
  const links: Video[] = [];
  for (const [field, value] of [
    ['link3DModel', raw.link3DModel],
    ['linkVirtualVisit', raw.linkVirtualVisit],
  ] as const) {
    if (value === undefined || value === null || value === '') continue;
    const link = webUrlOrNull(value);
    if (link && !links.some((video) => video.link === link)) links.push({ typeId: 2, link });
    else if (!link) gaps.add('virtualTour', `${field} is no http(s) link`);
  }
  return links;
}

/** A comfort detail's choice in SPEC's enum; an id the table does not know is a gap. */
function comfortChoice(details: Details, detail: number, table: Readonly<Record<number, string | null>>, field: string, gaps: Gaps): string | null {
  if (!details.has(detail)) return null;
  const choice = details.choice(detail);
  if (choice !== null && choice in table) return table[choice] ?? null;
  gaps.add(field, `detail ${detail}: unknown choice ${choice === null ? `"${details.text(detail) ?? ''}" without enum.id` : choice}`);
  return null;
}

/** The monthly charges: detail 301 (tenant charges, per month), else 344 (per m² a year) times the area. */
function monthlyCost(details: Details, area: number | null): number | null {
  const monthly = details.number(WHISE_DETAIL.tenantCharges);
  if (monthly !== null) return monthly;
  const perSquareMetre = details.number(WHISE_DETAIL.chargesPerSquareMetreYear);
  return perSquareMetre !== null && area !== null && area > 0 ? Math.round((perSquareMetre * area) / 12) : null;
}

function visibility(raw: WhiseEstate): string | null {
  const status = ref(raw.status);
  if (status !== null && NOT_ACTIVE[status]) return `${NOT_ACTIVE[status]} in Whise (status ${status})`;
  if (numberOrNull(raw.displayStatusId) === OFFLINE_DISPLAY_STATUS) return 'offline in Whise (display status 1)';
  return null;
}

/**
 * Maps one Whise estate (not its units) into the domain Estate with the gaps it is shown with, or says why it is
 * hidden (offline, archived, deleted, a non-public purpose status). Throws InvalidRecordError only when the id,
 * the transaction (purpose status) or the type (category) is missing or unknown.
 */
export function mapWhiseEstate(raw: WhiseEstate, context: WhiseMapContext, children: Estate[] = []): WhiseMapped {
  const id = required(numberOrNull(raw.id), 'id');
  if (!Number.isSafeInteger(id) || id <= 0) throw new InvalidRecordError(`invalid id ${String(raw.id)}`);
  const hidden = visibility(raw);
  if (hidden) return { hidden };
  const purposeStatusId = required(ref(raw.purposeStatus), 'purposeStatus.id');
  const purposeId = ref(raw.purpose);
  const forRent = isForRentInWhise(purposeId, purposeStatusId);
  const status = whiseStatus(purposeStatusId, forRent);
  if (!status) throw new InvalidRecordError(`unknown purposeStatus.id ${purposeStatusId}`);
  if ('hidden' in status) return { hidden: status.hidden };

  const categoryId = required(ref(raw.category), 'category.id');
  const headType = HEAD_TYPES[categoryId];
  if (!headType) throw new InvalidRecordError(`unknown category.id ${categoryId}`);

  const gaps = new Gaps();
  const details = new Details(raw.details, context.traceDetail);
  if (raw.details !== undefined && raw.details !== null && !Array.isArray(raw.details)) gaps.add('details', 'details is not a list');
  const zip = stringOrNull(raw.zip)?.trim() ?? null;
  const city = stringOrNull(raw.city)?.trim() ?? null;
  if (zip === null) gaps.add('address', 'no zip');
  if (city === null) gaps.add('address', 'no city');
  const stamp = [raw.updateDateTime, raw.createDateTime].map(stringOrNull).find((value) => value !== null && !Number.isNaN(Date.parse(value)));
  if (stamp === undefined) gaps.add('updatedAt', 'no readable updateDateTime');
  const updatedAt = stamp ?? '1970-01-01T00:00:00Z';
  const version = photoVersion(updatedAt);
  const street = stringOrNull(raw.address);
  const name = texts(raw.name, context);
  const short = texts(raw.shortDescription, context);
  const long = texts(raw.longDescription, context);
  const area = numberOrNull(raw.area);
  const stateId = ref(raw.state);
  const countryId = ref(raw.country);
  const subCategory = ref(raw.subCategory);
  const availabilityId = ref(raw.availability);
  const availableOn = stringOrNull(raw.availabilityDateTime);
  const furnished = numberOrNull(raw.furnished);
  const description: LocalizedText = { ...short, ...long };
  if (Object.keys(description).length === 0) gaps.add('description', 'neither longDescription nor shortDescription');

  const estate: Estate = {
    id,
    source: 'W',
    sourceId: String(id),
    guid: null,
    parentId: numberOrNull(raw.parentId),
    isProject: raw.canHaveChildren === true || children.length > 0,
    title: cappedText(Object.keys(name).length > 0 ? name : short),
    // The recorded answer carries longDescription on 2 of 14 estates, shortDescription on all: the short one is the
    // description where no long one exists (per language).
    description,
    shortDescription: short,
    headType,
    subType: CATEGORY_SUB_TYPES[categoryId] ?? (headType === 'APARTMENT' && subCategory !== null ? (FLAT_SUB_TYPES[subCategory] ?? null) : null),
    transaction: { statusId: purposeStatusId, status: status.status, forRent },
    address: {
      street: street ? { [context.locale]: street } : {},
      number: stringOrNull(raw.number),
      box: stringOrNull(raw.box),
      city: { id: null, zip: zip ?? '', name: city ?? '', alias: {}, lat: null, lon: null },
      region: zip ? regionOfZip(zip) : null,
      country: countryId === null ? 'BE' : (COUNTRIES[countryId] ?? 'UNKNOWN'),
      visible: raw.displayAddress !== false,
      geoLocation: geoLocation(details, gaps),
      geoPrecision: null,
    },
    reference: stringOrNull(raw.referenceNumber),
    floor: numberOrNull(raw.floor),
    floorId: null,
    entityNumber: null,
    sticker: null,
    buildingName: null,
    petsAllowed: null,
    asbestosInventory: null,
    certificateAsbestos: null,
    architect: null,
    price: {
      value: numberOrNull(raw.price),
      priceFrom: null,
      totalPrice: null,
      constructionValue: null,
      deposit: null,
      furnitureValue: null,
      infrastructureValue: null,
      groundValue: null,
      period: forRent ? 'MONTH' : null,
      visible: raw.displayPrice !== false,
      vatRegime: false,
    },
    registrationCost: null,
    registrationPercent: null,
    tax: null,
    notarySalery: null,
    notaryTotal: null,
    bedrooms: numberOrNull(raw.bedrooms) ?? numberOrNull(raw.rooms),
    bathrooms: numberOrNull(raw.bathRooms),
    planning: planning(details, gaps),
    technical: {
      constructionYear: details.number(WHISE_DETAIL.constructionYear),
      renovationYear: details.number(WHISE_DETAIL.renovationYear),
      buildingType: buildingType(numberOrNull(raw.fronts)),
      condition: stateId === null ? null : (CONDITION[stateId] ?? null),
      newBuilding: stateId === null ? null : NEW_BUILD_STATES.has(stateId),
      available: availabilityId === null ? null : (AVAILABILITY[availabilityId] ?? null),
      availableDate: isoDate(availableOn),
      furniture: furnished === null ? null : furnished > 0,
      petsAllowed: null,
      monthlyCost: monthlyCost(details, area),
      directionGarden: null,
      oLevelSensitivity: null,
      oLevelZone: null,
      certificateConformity: null,
      certificateConformityConform: null,
      certificateElectricity: null,
      certificateElectricityConform: null,
      elevator: details.yesNo(WHISE_DETAIL.elevator),
      floors: details.number(WHISE_DETAIL.floors),
    },
    comfort: {
      heating: comfortChoice(details, WHISE_DETAIL.heating, HEATING, 'comfort.heating', gaps),
      commonHeating: comfortChoice(details, WHISE_DETAIL.heatingGroup, COMMON_HEATING, 'comfort.commonHeating', gaps),
      kitchenType: comfortChoice(details, WHISE_DETAIL.kitchen, KITCHEN, 'comfort.kitchenType', gaps),
      bathroomType: null,
      windowGlazing: comfortChoice(details, WHISE_DETAIL.glazing, GLAZING, 'comfort.windowGlazing', gaps),
      windowGlazingText: {},
      carpentry: comfortChoice(details, WHISE_DETAIL.windowJoinery, JOINERY, 'comfort.carpentry', gaps),
      roofType: comfortChoice(details, WHISE_DETAIL.roof, ROOF, 'comfort.roofType', gaps),
      luxuryLevel: null,
      garden: null,
      gardenText: {},
      gardenSurface: numberOrNull(raw.gardenArea),
      terraceSurface: details.number(WHISE_DETAIL.terraceSurface),
      environment: null,
      destination: null,
      commonMeter: null,
      meterType: null,
      swimmingPool: null,
      alarm: details.yesNo(WHISE_DETAIL.alarm),
      airConditioning: details.yesNo(WHISE_DETAIL.airConditioning),
      solarPanels: null,
      heatPump: details.choice(WHISE_DETAIL.heating) === HEAT_PUMP ? true : null,
      doubleGlazing: null,
    },
    energy: {
      epcValue: energyValue(raw.energyValue, 'energyValue', gaps) ?? details.number(WHISE_DETAIL.epcSpecific),
      epcValueTotal: details.number(WHISE_DETAIL.epcTotal),
      epbReference: null,
      epcReference: details.text(WHISE_DETAIL.epcCode),
      energyLabel: energyLabel(raw.energyClass ?? details.text(WHISE_DETAIL.epcLabel), gaps),
      customEpcLabel: null,
      eLevel: null,
      kLevel: null,
      co2: details.number(WHISE_DETAIL.co2),
      issuedOn: dateDetail(details, WHISE_DETAIL.epcDate, gaps),
      validUntil: dateDetail(details, WHISE_DETAIL.epcValidUntil, gaps),
    },
    sharedEnergy: null,
    dimensions: {
      areaGround: numberOrNull(raw.groundArea),
      areaBuild: area,
      areaBuildable: null,
      widthHouse: null,
      widthGround: null,
      depthHouse: null,
      depthGround: null,
      depthGroundFloor: null,
      depthFloor: null,
      commentArea: {},
    },
    ki: { indexed: details.number(WHISE_DETAIL.cadastralIncomeIndexed), nonIndexed: details.number(WHISE_DETAIL.cadastralIncome), communityTax: null },
    salesRep: salesRep(raw.representatives, context),
    pictures: pictures(raw.pictures, context, version, gaps),
    layoutRooms: rooms(raw),
    videos: videos(raw, gaps),
    files: [],
    extraFields: [],
    facilities: [],
    buildTechnicals: [],
    children,
    updatedAt,
  };
  return { estate, gaps: gaps.list };
}
