import type { LocalizedText } from '../../../i18n/localized-text.js';
import { LOCALES, type Locale } from '../../../routing/locales.js';
import type { Estate, HeadType, Picture, Planning, SalesRep } from '../../domain/estate.js';
import { regionOfZip } from '../../domain/region.js';
import { cappedText, webUrlOrNull } from '../crm-values.js';
import { photoVersion } from '../image-url.js';
import { InvalidRecordError, numberOrNull, required, stringOrNull } from '../raw-text.js';
import { isForRentInWhise, whiseStatus } from './whise.status.js';
import type { WhiseDetail, WhiseEstate, WhiseIdRef, WhisePicture, WhiseRepresentative } from './whise.types.js';

export interface WhiseMapContext {
  /** Turns a photo URL of the CRM into the address the site serves it from (`proxiedImageUrl`). */
  /** The site's proxy URL of a CRM photo, or null when its host is not allowed (the photo is left out). */
  readonly imageUrl: (url: string, version?: string | null) => string | null;
  /** The language of single-language texts (`name`, a plain-string description): WHISE_LANGUAGE's locale. */
  readonly locale: Locale;
}

/** A mapped estate, or why the site must not show it. Malformed records throw InvalidRecordError. */
export type WhiseMapped = { readonly estate: Estate } | { readonly hidden: string };

/** Whise's Category enum: 1 house, 2 flat, 3 plot, 4 office, 5 commercial, 6 industrial, 7 garage/parking. */
const HEAD_TYPES: Readonly<Record<number, HeadType>> = { 1: 'HOUSE', 2: 'APARTMENT', 3: 'PLOT', 4: 'COMMERCIAL', 5: 'COMMERCIAL', 6: 'COMMERCIAL', 7: 'GARAGE' };
/** The categories that name a SPEC subtype by themselves (Whise's subcategory ids are not public). */
const SUB_TYPES: Readonly<Record<number, string>> = { 4: 'OFFICE', 6: 'INDUSTRIAL_BUILDING' };

/** Detail ids of the planning fields (the public client's Enums/Details: "subdetails of type N"). */
const DETAIL = { possibleFlood: 2222, floodAreaType: 2223, groundDestination: 1736, summons: 2712 } as const;
/** PossibleFloodType: 1229 effective and 1230 potential flood-sensitive area, 1233 none. */
const POSSIBLE_FLOOD: Readonly<Record<number, string>> = { 1229: 'YES', 1230: 'YES', 1233: 'NO' };
/** FloodAreaType: 1231 flood area, 1232 riverside area; both mean the parcel lies in a flood area. */
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

/** An id given flat (`purposeId`) or as a dictionary reference (`purpose: { id }`). */
function refId(flat: unknown, ref: WhiseIdRef | null | undefined): number | null {
  return numberOrNull(flat) ?? numberOrNull(ref && typeof ref === 'object' ? ref.id : null);
}

/** 'nl-BE' → 'nl'; a language the site does not speak is null. */
function localeOf(languageId: unknown): Locale | null {
  if (typeof languageId !== 'string') return null;
  const code = languageId.slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(code) ? (code as Locale) : null;
}

/** A Whise text: a list of `{ content, languageId }`, or a plain string in the configured language. */
function texts(raw: unknown, context: WhiseMapContext): LocalizedText {
  const text: LocalizedText = {};
  if (typeof raw === 'string') {
    if (raw.trim() !== '') text[context.locale] = raw;
    return text;
  }
  if (!Array.isArray(raw)) return text;
  for (const item of raw as Array<{ content?: unknown; languageId?: unknown } | null>) {
    const locale = localeOf(item?.languageId);
    const content = item?.content;
    if (locale && typeof content === 'string' && content.trim() !== '' && text[locale] === undefined) text[locale] = content;
  }
  return text;
}

function detailValues(raw: unknown): Map<number, number> {
  const values = new Map<number, number>();
  if (!Array.isArray(raw)) return values;
  for (const detail of raw as Array<WhiseDetail | null>) {
    const id = numberOrNull(detail?.id);
    const value = numberOrNull(detail?.value);
    if (id !== null && value !== null) values.set(id, value);
  }
  return values;
}

function planning(details: Map<number, number>): Planning {
  const pick = (table: Readonly<Record<number, string>>, detail: number) => {
    const value = details.get(detail);
    return value === undefined ? null : (table[value] ?? null);
  };
  return {
    buildingLicense: null,
    allocationLicense: null,
    presaleRight: null,
    certificateAsBuilt: null,
    heritageProtected: null,
    heritageInventoried: null,
    renovationObligation: null,
    plannedPermission: null,
    subdivisionPermit: null,
    proceeding: null,
    summons: pick(SUMMONS, DETAIL.summons),
    recentDestination: pick(GROUND_DESTINATION, DETAIL.groundDestination),
    floodingArea: pick(POSSIBLE_FLOOD, DETAIL.possibleFlood) ?? pick(FLOOD_AREA, DETAIL.floodAreaType),
    floodingScoreBuilding: null,
    floodingScoreParcel: null,
  };
}

function pictures(raw: unknown, context: WhiseMapContext, version: string | null): Picture[] {
  if (!Array.isArray(raw)) return [];
  return (raw as Array<WhisePicture | null>)
    .map((picture, index) => ({ picture, order: numberOrNull(picture?.order) ?? index }))
    .sort((a, b) => a.order - b.order)
    .flatMap(({ picture, order }) => {
      const large = webUrlOrNull(picture?.urlLarge) ?? webUrlOrNull(picture?.urlXXL);
      if (!large) return [];
      const file = context.imageUrl(large, version);
      if (!file) return [];
      const small = webUrlOrNull(picture?.urlSmall);
      return [{ file, thumbnail: (small && context.imageUrl(small, version)) ?? file, index: order, comment: {} }];
    });
}

/** The first representative that has a name; Whise gives `name` (last name) and `firstName`. */
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

/**
 * Maps one Whise estate (not its units) into the domain Estate, or says why it is hidden (a non-public purpose
 * status). Throws InvalidRecordError when a field the site needs is missing or unknown.
 */
export function mapWhiseEstate(raw: WhiseEstate, context: WhiseMapContext, children: Estate[] = []): WhiseMapped {
  const id = required(numberOrNull(raw.id), 'id');
  if (!Number.isSafeInteger(id) || id <= 0) throw new InvalidRecordError(`invalid id ${String(raw.id)}`);
  const purposeStatusId = required(refId(raw.purposeStatusId, raw.purposeStatus), 'purposeStatusId');
  const purposeId = refId(raw.purposeId, raw.purpose);
  const forRent = isForRentInWhise(purposeId, purposeStatusId);
  const status = whiseStatus(purposeStatusId, forRent);
  if (!status) throw new InvalidRecordError(`unknown purposeStatusId ${purposeStatusId}`);
  if ('hidden' in status) return { hidden: status.hidden };

  const categoryId = required(refId(raw.categoryId, raw.category), 'categoryId');
  const headType = HEAD_TYPES[categoryId];
  if (!headType) throw new InvalidRecordError(`unknown categoryId ${categoryId}`);
  const zip = required(stringOrNull(raw.zip), 'zip').trim();
  const city = required(stringOrNull(raw.city), 'city');
  const updatedAt = required(stringOrNull(raw.updateDateTime), 'updateDateTime');
  if (Number.isNaN(Date.parse(updatedAt))) throw new InvalidRecordError(`invalid updateDateTime ${updatedAt}`);
  const version = photoVersion(updatedAt);
  const lat = numberOrNull(raw.latitude);
  const lon = numberOrNull(raw.longitude);
  const street = stringOrNull(raw.address);
  const name = texts(raw.name, context);

  const estate: Estate = {
    id,
    source: 'W',
    sourceId: String(id),
    guid: null,
    parentId: numberOrNull(raw.parentId),
    isProject: raw.isProject === true || children.length > 0,
    title: cappedText(Object.keys(name).length > 0 ? name : texts(raw.shortDescription, context)),
    description: texts(raw.longDescription, context),
    shortDescription: texts(raw.shortDescription, context),
    headType,
    subType: SUB_TYPES[categoryId] ?? null,
    transaction: { statusId: purposeStatusId, status: status.status, forRent },
    address: {
      street: street ? { [context.locale]: street } : {},
      number: stringOrNull(raw.number),
      box: stringOrNull(raw.box),
      city: { id: null, zip, name: city, alias: {}, lat: null, lon: null },
      region: regionOfZip(zip),
      country: 'BE',
      visible: raw.displayAddress !== false,
      geoLocation: lat !== null && lon !== null ? { lat, lon } : null,
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
    planning: planning(detailValues(raw.details)),
    technical: {
      constructionYear: numberOrNull(raw.constructionYear),
      renovationYear: numberOrNull(raw.renovationYear),
      buildingType: null,
      condition: null,
      newBuilding: null,
      available: null,
      availableDate: null,
      furniture: null,
      petsAllowed: null,
      monthlyCost: null,
      directionGarden: null,
      oLevelSensitivity: null,
      oLevelZone: null,
      certificateConformity: null,
      certificateConformityConform: null,
      certificateElectricity: null,
      certificateElectricityConform: null,
      elevator: null,
      floors: null,
    },
    comfort: {
      heating: null,
      commonHeating: null,
      kitchenType: null,
      bathroomType: null,
      windowGlazing: null,
      windowGlazingText: {},
      carpentry: null,
      roofType: null,
      luxuryLevel: null,
      garden: null,
      gardenText: {},
      gardenSurface: null,
      terraceSurface: null,
      environment: null,
      destination: null,
      commonMeter: null,
      meterType: null,
      swimmingPool: null,
      alarm: null,
      airConditioning: null,
      solarPanels: null,
      heatPump: null,
      doubleGlazing: null,
    },
    energy: {
      epcValue: numberOrNull(raw.energyValue),
      epcValueTotal: null,
      epbReference: null,
      epcReference: stringOrNull(raw.epcReference),
      energyLabel: stringOrNull(raw.energyClass),
      customEpcLabel: null,
      eLevel: null,
      kLevel: null,
      co2: numberOrNull(raw.co2),
      issuedOn: null,
      validUntil: null,
    },
    sharedEnergy: null,
    dimensions: {
      areaGround: numberOrNull(raw.groundArea),
      areaBuild: numberOrNull(raw.area),
      areaBuildable: null,
      widthHouse: null,
      widthGround: null,
      depthHouse: null,
      depthGround: null,
      depthGroundFloor: null,
      depthFloor: null,
      commentArea: {},
    },
    ki: { indexed: null, nonIndexed: null, communityTax: null },
    salesRep: salesRep(raw.representatives, context),
    pictures: pictures(raw.pictures, context, version),
    layoutRooms: [],
    videos: [],
    files: [],
    extraFields: [],
    facilities: [],
    buildTechnicals: [],
    children,
    updatedAt,
  };
  return { estate };
}
