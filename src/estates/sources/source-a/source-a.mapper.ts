import type { LocalizedText } from '../../../i18n/localized-text.js';
import type { Energy, Estate, Region, SalesRep } from '../../domain/estate.js';
import { ENERGY_LABEL, VIRTUAL_VISIT_VIDEO_TYPE_ID } from '../../domain/enums.js';
import type { FieldGap } from '../estate-source.port.js';
import { regionOfZip } from '../../domain/region.js';
import { cappedText, cssColorOrNull, webUrlOrNull } from '../crm-values.js';
import { documentUrl } from '../document-url.js';
import { photoVersion } from '../image-url.js';
import { InvalidRecordError, boolOrNull, mapBuildTechnicals, mapExtraFields, numberOrNull, required, stringOrNull } from '../raw-text.js';
import { COUNTRY_GEO_IDS, FILE_TYPES, meaningOf, type SourceADictionaries, zabunText } from './source-a.dictionaries.js';
import {
  AVAILABLE_NAMES,
  BUILDING_TYPE_NAMES,
  CONDITION_NAMES,
  ENVIRONMENT_NAMES,
  FACILITY_NAMES,
  GARDEN_DIRECTION_NAMES,
  LAYOUT_NAMES,
  PLANNING_ANSWER_NAMES,
  type TechnicalField,
  TOWN_PLANNING_NAMES,
} from './source-a.names.js';
import { SOURCE_A_STATUSES, isForRentInSourceA } from './source-a.status.js';
import type { SourceACity, SourceAPerson, SourceAProperty } from './source-a.types.js';

/** Only records the agency publishes and shows, and that are neither archived nor deleted, can be live. */
export function isLiveInSourceA(raw: SourceAProperty): boolean {
  return hiddenFlag(raw) === null;
}

function hiddenFlag(raw: { publish?: boolean; show?: boolean; archived?: boolean; deleted?: boolean }): string | null {
  if (raw.deleted === true) return 'deleted';
  if (raw.archived === true) return 'archived';
  if (raw.publish === false) return 'not published (publish is false)';
  if (raw.show === false) return 'not shown (show is false)';
  return null;
}

/** Why the site must not show this record (from the search item or the detail), or null. */
export function hiddenReason(
  raw: { property_id?: number; publish?: boolean; show?: boolean; archived?: boolean; deleted?: boolean; transaction_id?: unknown; status_id?: unknown },
  medium: { readonly id: number; readonly published: ReadonlySet<number> } | null,
  dictionaries?: SourceADictionaries,
): string | null {
  const flag = hiddenFlag(raw);
  if (flag) return flag;
  if (medium && !medium.published.has(raw.property_id ?? -1)) return `not published to medium ${medium.id}`;
  if (dictionaries && raw.status_id !== undefined) {
    try {
      const status = dictionaries.status(raw.transaction_id, raw.status_id);
      if (status.specId === null) return `status ${String(raw.status_id)} (${status.name}) is not public`;
    } catch {
      // An unknown status is the mapper's to report as an error.
    }
  }
  return null;
}

export interface SourceAContext {
  /** Turns a photo URL of the CRM into the address the site serves it from; null: leave the photo out. */
  readonly imageUrl: (url: string, version?: string | null) => string | null;
  readonly person: (id: number) => SourceAPerson | undefined;
  readonly dictionaries: SourceADictionaries;
}

/**
 * A phone as international text ("+32 475 12 34 56") from Zabun's country code and number. Belgian numbers are
 * grouped as Belgians write them (mobile 4xx, one-digit zones 2/3/4/9, else two-digit zones); others stay ungrouped.
 */
export function formatPhone(cc: unknown, number: unknown): string | null {
  const digits = String(number ?? '').replace(/\D/g, '');
  if (!digits) return null;
  const country = String(cc ?? '').replace(/\D/g, '') || '32';
  // Some agencies type the number with its country code or a trunk 0: keep the national significant number.
  const national = digits.startsWith(country) && digits.length > 9 ? digits.slice(country.length) : digits.replace(/^0+/, '');
  if (country !== '32') return `+${country} ${national}`;
  const split = (...cuts: number[]) => cuts.map((cut, index) => national.slice(cut, cuts[index + 1])).join(' ');
  if (national.length === 9 && national.startsWith('4')) return `+32 ${split(0, 3, 5, 7)}`;
  if (national.length === 8) return `+32 ${/^[2349]/.test(national) ? split(0, 1, 4, 6) : split(0, 2, 4, 6)}`;
  return `+32 ${national}`;
}

function salesRep(person: SourceAPerson | undefined, context: SourceAContext): SalesRep | null {
  if (!person?.first_name && !person?.last_name) return null;
  const picture = webUrlOrNull(person.photo_url);
  return {
    firstname: person.first_name ?? '',
    lastname: person.last_name ?? '',
    phone: formatPhone(person.direct_phone_cc, person.direct_phone),
    mobile: formatPhone(person.mobile_phone_cc, person.mobile_phone),
    email: person.email ?? null,
    picture: picture ? context.imageUrl(picture) : null,
    description: zabunText(person.description, context.dictionaries.language),
  };
}

/**
 * The city: the detail's `address.city_geo` when present, else `address.city_geo_id` looked up in the geo dictionary.
 * Its `city` is the name; the aliases ({ lang: "NL" | "FR", alias }) are its names in other languages. A city neither
 * knows is a gap, not a reason to drop the listing: it is shown under its zip (or the address's own city text).
 */
function city(raw: SourceAProperty, context: SourceAContext, gaps: FieldGap[]): { city: Estate['address']['city']; region: Region | null } {
  const address = raw.address ?? {};
  const embedded = address.city_geo && typeof address.city_geo === 'object' ? address.city_geo : undefined;
  const geoId = numberOrNull(embedded?.city_geo_id) ?? numberOrNull(address.city_geo_id);
  const known = context.dictionaries.city(geoId);
  // The embedded city wins; the dictionary's entry of the same id may add what it lacks (its coordinates).
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const geo: SourceACity | undefined = embedded && text(embedded.city) ? { ...known, ...embedded } : (known ?? embedded);
  const zip = stringOrNull(address.zip) ?? stringOrNull(geo?.zip) ?? '';
  const region = zip ? regionOfZip(zip) : null;
  const name = text(geo?.city) ?? text(geo?.city_full);
  if (!geo || !name) {
    gaps.push({ field: 'city', reason: geoId === null ? 'no address.city_geo nor address.city_geo_id' : `address.city_geo_id ${geoId} is not in the cities dictionary` });
    const fallback = text(address.city) ?? (zip || '?');
    return { city: { id: geoId ?? 0, zip, name: fallback, alias: {}, lat: null, lon: null }, region };
  }
  if (!zip) gaps.push({ field: 'zip', reason: `city ${geoId ?? '?'} has no zip` });
  const alias: Record<string, string> = {};
  for (const named of Array.isArray(geo.alias) ? geo.alias : []) {
    const lang = stringOrNull(named?.lang)?.toLowerCase();
    const other = text(named?.alias);
    if (lang && other && other !== name && ['nl', 'fr', 'en', 'de'].includes(lang) && !(lang in alias)) alias[lang] = other;
  }
  return {
    city: { id: geoId ?? 0, zip, name, alias: alias as LocalizedText, lat: numberOrNull(geo.latitude), lon: numberOrNull(geo.longitude) },
    region,
  };
}

/** A date as the SPEC's yyyy-mm-dd, from Zabun's ISO date or date-time; null when it is no date. */
function isoDate(value: unknown): string | null {
  const text = stringOrNull(value);
  const match = text ? /^(\d{4}-\d{2}-\d{2})/.exec(text.trim()) : null;
  return match && !Number.isNaN(Date.parse(match[1])) ? match[1] : null;
}

/** A `_ynu` answer (YES / NO / UNKNOWN, or Y / N / U) as a boolean; unknown or absent is null. */
function ynu(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const answer = stringOrNull(value)?.trim().toUpperCase();
  return answer === 'Y' || answer === 'YES' ? true : answer === 'N' || answer === 'NO' ? false : null;
}

/**
 * Zabun's yes/no/unknown answers (YES/NO/UNKNOWN, or Y/N/U) as the SPEC's planning answers; the SPEC's PENDING and
 * BEFORE_1962 pass too (*unconfirmed* in a `_ynu` field); anything else is null.
 */
function planningAnswer(value: unknown): string | null {
  const answer = stringOrNull(value)?.trim().toUpperCase();
  if (!answer) return null;
  const answers: Record<string, string> = { Y: 'YES', N: 'NO', U: 'UNKNOWN', YES: 'YES', NO: 'NO', UNKNOWN: 'UNKNOWN', PENDING: 'PENDING', BEFORE_1962: 'BEFORE_1962' };
  return answers[answer] ?? null;
}

/** certificate_electricity_ynu as the SPEC's electricity certification. */
function electricityCertificate(value: unknown): string | null {
  const answer = planningAnswer(value);
  return answer === 'YES' ? 'OBTAINED' : answer === 'NO' ? 'NOT_OBTAINED' : answer === 'UNKNOWN' ? 'UNKNOWN' : null;
}

/** Maps one raw source A property (not its units) into the domain Estate; throws InvalidRecordError. */
export function mapSourceAProperty(raw: SourceAProperty, context: SourceAContext, children: Estate[] = []): Estate {
  return mapSourceAPropertyWithGaps(raw, context, children).estate;
}

/**
 * The photos the site can show, in the CRM's order. A photo on a host PHOTO_HOSTS does not allow is left out and named
 * in a gap with the host to add (the go-live check prints it); one without an http(s) URL is counted.
 */
function pictures(raw: SourceAProperty, context: SourceAContext, version: string | null, gaps: FieldGap[]): Estate['pictures'] {
  const refused = new Map<string, number>();
  let unreadable = 0;
  const kept = (Array.isArray(raw.photos) ? raw.photos : [])
    .filter((photo) => typeof photo === 'object' && photo !== null)
    .sort((a, c) => (a.index ?? 0) - (c.index ?? 0))
    .flatMap((photo, index) => {
      const file = webUrlOrNull(photo.url);
      if (!file) {
        unreadable++;
        return [];
      }
      const proxied = context.imageUrl(file, version);
      if (!proxied) {
        const host = new URL(file).host;
        refused.set(host, (refused.get(host) ?? 0) + 1);
        return [];
      }
      const thumbnail = webUrlOrNull(photo.url_thumbnail);
      return [
        {
          file: proxied,
          thumbnail: (thumbnail && context.imageUrl(thumbnail, version)) ?? proxied,
          index: photo.index ?? index,
          comment: zabunText(photo.comment, context.dictionaries.language),
        },
      ];
    });
  for (const [host, count] of refused) gaps.push({ field: 'photos', reason: `${count} photo(s) dropped: host ${host} is not in PHOTO_HOSTS (add ${host})` });
  if (unreadable > 0) gaps.push({ field: 'photos', reason: `${unreadable} photo(s) without an http(s) url` });
  return kept;
}

/** The listing and what it is shown without (FieldGap); throws InvalidRecordError when it cannot be shown at all. */
export function mapSourceAPropertyWithGaps(raw: SourceAProperty, context: SourceAContext, children: Estate[] = []): { estate: Estate; gaps: FieldGap[] } {
  const gaps: FieldGap[] = [];
  const estate = mapProperty(raw, context, children, gaps);
  return { estate, gaps };
}

function mapProperty(raw: SourceAProperty, context: SourceAContext, children: Estate[], gaps: FieldGap[]): Estate {
  const id = required(numberOrNull(raw.property_id), 'property_id');
  const dictionaries = context.dictionaries;
  const language = dictionaries.language;
  const { headType, subType } = dictionaries.type(raw.type_id);
  const status = dictionaries.status(raw.transaction_id, raw.status_id);
  if (status.specId === null) throw new InvalidRecordError(`status ${String(raw.status_id)} (${status.name}) is not public`);
  const statusId = status.specId;
  const address = raw.address ?? {};
  const { city: cityOf, region } = city(raw, context, gaps);

  const n = (field: string) => numberOrNull(raw[field]);
  const s = (field: string) => stringOrNull(raw[field]);
  const b = (field: string) => boolOrNull(raw[field]);
  const t = (field: string) => zabunText(raw[field] as never, language);
  const energy = (suffix: string): Energy => {
    const label = s(`custom_epc_label${suffix}`);
    const isLabel = label !== null && (ENERGY_LABEL as readonly string[]).includes(label);
    return {
      epcValue: n(`epc_value${suffix}`),
      epcValueTotal: n(`epc_value_total${suffix}`),
      epbReference: s(`epb_reference${suffix}`),
      epcReference: s(`epc_reference${suffix}`),
      energyLabel: isLabel ? label : null,
      customEpcLabel: isLabel ? null : label,
      eLevel: n(`e_level${suffix}`),
      kLevel: n(`k_level${suffix}`),
      co2: n(`co2${suffix}`),
      issuedOn: isoDate(raw[`epc_date${suffix}`]),
      validUntil: isoDate(raw[`epc_date_expire${suffix}`]),
    };
  };
  const sharedEnergy = energy('_shared');
  const lat = numberOrNull(address.latitude);
  const lon = numberOrNull(address.longitude);
  const updatedAt = required(stringOrNull(raw.changed), 'changed');
  const version = photoVersion(updatedAt);
  const sticker = dictionaries.entry('stickers', numberOrNull(raw.sticker_id));
  const salesRepId = numberOrNull(raw.responsible_salesrep_person_id);
  const environment = (Array.isArray(raw.environments) ? raw.environments : []).map((environment) => dictionaries.optional('environments', environment?.environment_id, ENVIRONMENT_NAMES)).find((value) => value !== null);
  const technicals = (Array.isArray(raw.technicals) ? raw.technicals : []).flatMap((row) => {
    const technical = dictionaries.technical(row);
    return technical ? [technical] : [];
  });
  const technicalValue = (field: TechnicalField) => technicals.find((technical) => technical.field === field && technical.value !== null)?.value ?? null;
  const label = (list: string, value: unknown) => {
    const text = dictionaries.label(list, value);
    return text[language as keyof LocalizedText] ?? Object.values(text)[0] ?? null;
  };

  return {
    id,
    source: 'A',
    sourceId: String(id),
    guid: null,
    parentId: null,
    isProject: raw.is_project === true || headType === 'PROJECT' || (Array.isArray(raw.child_properties) && raw.child_properties.length > 0),
    title: cappedText(zabunText(raw.title, language)),
    description: zabunText(raw.description, language),
    shortDescription: zabunText(raw.description_short, language),
    headType,
    subType,
    transaction: { statusId, status: SOURCE_A_STATUSES[statusId]!, forRent: isForRentInSourceA(statusId) },
    address: {
      street: { ...(address.street ? { nl: address.street } : {}), ...zabunText(address.street_translated, language) },
      number: stringOrNull(address.number),
      box: stringOrNull(address.box),
      city: cityOf,
      region,
      country: COUNTRY_GEO_IDS[numberOrNull(address.country_geo_id) ?? 23] ?? 'UNKNOWN',
      visible: address.address_visible !== false,
      geoLocation: lat !== null && lon !== null ? { lat, lon } : null,
      geoPrecision: numberOrNull(address.geo_precision),
    },
    reference: s('reference'),
    floor: n('floor'),
    floorId: n('floor_id'),
    entityNumber: s('entity_number'),
    sticker: sticker
      ? {
          id: sticker.id!,
          name: zabunText(sticker.name, language),
          color: cssColorOrNull(sticker.color),
          colorText: cssColorOrNull(sticker.color_text),
        }
      : null,
    buildingName: s('building_name'),
    petsAllowed: ynu(raw.pets_allowed_ynu),
    asbestosInventory: s('asbestos_inventory'),
    certificateAsbestos: s('certificate_asbestos'),
    architect: s('architect'),
    price: {
      value: n('price'),
      priceFrom: n('price_from'),
      totalPrice: n('price_total'),
      constructionValue: n('construction_value'),
      deposit: n('deposit'),
      furnitureValue: n('furniture_value'),
      infrastructureValue: n('infrastructure_value'),
      groundValue: n('ground_value'),
      period: s('rent_period'),
      visible: raw.price_visible !== false,
      vatRegime: raw.vat_regime === true,
    },
    registrationCost: n('registration_cost'),
    registrationPercent: n('registration_percent'),
    tax: n('tax'),
    notarySalery: n('notary_document_salary'),
    notaryTotal: n('notary_total'),
    bedrooms: n('bedrooms'),
    bathrooms: n('bathrooms'),
    planning: {
      buildingLicense: dictionaries.optional('building_licenses', raw.building_license_id, PLANNING_ANSWER_NAMES),
      allocationLicense: planningAnswer(raw.allocation_license_ynu),
      presaleRight: planningAnswer(raw.presale_right_ynu),
      certificateAsBuilt: planningAnswer(raw.certificate_asbuilt_ynu ?? raw.certificate_as_built_ynu),
      heritageProtected: planningAnswer(raw.heritage_protected_ynu),
      heritageInventoried: dictionaries.optional('heritage_inventoried', raw.heritage_inventoried_id, PLANNING_ANSWER_NAMES),
      renovationObligation: dictionaries.optional('renovation_obligations', raw.renovation_obligation_id, PLANNING_ANSWER_NAMES),
      plannedPermission: planningAnswer(raw.planned_permission_ynu),
      subdivisionPermit: planningAnswer(raw.subdivision_permit_ynu),
      proceeding: planningAnswer(raw.proceeding_ynu),
      summons: planningAnswer(raw.summons_ynu),
      recentDestination: dictionaries.optional('town_plannings', raw.town_planning_id, TOWN_PLANNING_NAMES),
      floodingArea: s('flooding_area'),
      floodingScoreBuilding: s('flooding_building_score'),
      floodingScoreParcel: s('flooding_parcel_score'),
    },
    technical: {
      constructionYear: n('construction_year'),
      renovationYear: n('renovation_year'),
      buildingType: dictionaries.optional('building_types', raw.building_type_id, BUILDING_TYPE_NAMES),
      condition: dictionaries.optional('conditions', raw.condition_id, CONDITION_NAMES),
      newBuilding: b('new_building'),
      available: meaningOf(raw.available, AVAILABLE_NAMES) ?? null,
      availableDate: isoDate(raw.available_date),
      furniture: ynu(raw.furniture_ynu),
      petsAllowed: ynu(raw.pets_allowed_ynu),
      monthlyCost: n('monthly_cost'),
      directionGarden: dictionaries.optional('garden_directions', raw.direction_garden_id, GARDEN_DIRECTION_NAMES),
      oLevelSensitivity: label('flooding_sensitivities', raw.o_level_flooding_sensitivity_id),
      oLevelZone: label('flooding_zones', raw.o_level_flooding_zone_id),
      certificateConformity: b('certificate_conformity'),
      certificateConformityConform: s('certificate_conformity_conform'),
      certificateElectricity: electricityCertificate(raw.certificate_electricity_ynu),
      certificateElectricityConform: s('certificate_electricity_conform'),
      elevator: b('elevator'),
      floors: n('floors_total'),
    },
    comfort: {
      heating: technicalValue('heating'),
      commonHeating: s('common_heating'),
      kitchenType: technicalValue('kitchenType'),
      bathroomType: technicalValue('bathroomType'),
      windowGlazing: technicalValue('windowGlazing'),
      windowGlazingText: t('window_glazing_text'),
      carpentry: technicalValue('carpentry'),
      roofType: technicalValue('roofType'),
      luxuryLevel: s('luxury_level'),
      garden: s('garden'),
      gardenText: t('garden_text'),
      gardenSurface: n('garden_surface'),
      terraceSurface: n('terrace_surface'),
      environment: environment ?? null,
      destination: s('destination'),
      commonMeter: b('common_meter'),
      meterType: s('meter_type'),
      swimmingPool: b('swimming_pool'),
      alarm: b('alarm'),
      airConditioning: b('air_conditioning'),
      solarPanels: b('solar_panels'),
      heatPump: b('heat_pump'),
      doubleGlazing: b('double_glazing'),
    },
    energy: energy(''),
    sharedEnergy: Object.values(sharedEnergy).some((value) => value !== null) ? sharedEnergy : null,
    dimensions: {
      areaGround: n('area_ground'),
      areaBuild: n('area_build'),
      areaBuildable: n('area_buildable'),
      widthHouse: n('width_house'),
      widthGround: n('width_ground'),
      depthHouse: n('depth_house'),
      depthGround: n('depth_ground'),
      depthGroundFloor: n('depth_ground_floor'),
      depthFloor: n('depth_floor'),
      commentArea: t('comment_area'),
    },
    ki: { indexed: n('indexed_ki'), nonIndexed: n('non_indexed_ki'), communityTax: n('community_tax') },
    salesRep: salesRepId === null ? null : salesRep(context.person(salesRepId), context),
    pictures: pictures(raw, context, version, gaps),
    layoutRooms: (Array.isArray(raw.layouts) ? raw.layouts : []).flatMap((room, index) => {
      const customIndex = numberOrNull(room?.custom_index);
      const typeId = customIndex !== null ? 0 : dictionaries.optional('layouts', room?.layout_id, LAYOUT_NAMES);
      if (typeId === null) return [];
      return [
        {
          typeId,
          count: numberOrNull(room.count),
          surface: numberOrNull(room.surface),
          comment: zabunText(room.comment, language),
          floor: numberOrNull(room.floor),
          sort: room.sort ?? index,
          customIndex,
          customName: zabunText(room.custom_name, language),
        },
      ];
    }),
    // A video whose type (videos/types) is named a virtual tour is the detail page's virtual visit; any other a video.
    videos: (Array.isArray(raw.videos) ? raw.videos : []).flatMap((video) => {
      const link = webUrlOrNull(video?.url);
      return link ? [{ typeId: dictionaries.isVirtualTour(video.type_id) ? VIRTUAL_VISIT_VIDEO_TYPE_ID : 1, link }] : [];
    }),
    files: (Array.isArray(raw.files) ? raw.files : []).flatMap((file) => {
      const link = documentUrl(file?.url);
      return link ? [{ type: FILE_TYPES[numberOrNull(file.type_id) ?? -1] ?? 'OTHER', link, comment: zabunText(file.reference, language) }] : [];
    }),
    extraFields: mapExtraFields(Array.isArray(raw.extra_fields) ? raw.extra_fields.filter((field) => typeof field === 'object' && field !== null) : []),
    facilities: (Array.isArray(raw.facilities) ? raw.facilities : []).flatMap((facility) => {
      const name = dictionaries.optional('facilities', facility?.facility_id, FACILITY_NAMES);
      return name ? [name] : [];
    }),
    // The technicals no comfort field takes (electricity, insulation, …) are shown as rows: name, type, evaluation.
    buildTechnicals: [
      ...mapBuildTechnicals(Array.isArray(raw.build_technicals) ? raw.build_technicals.filter((row) => typeof row === 'object' && row !== null) : []),
      ...technicals
        .filter((technical) => technical.value === null && Object.keys(technical.name).length > 0)
        .map((technical) => ({ criteria: technical.name, value: technical.dropdown, comment: technical.evaluation })),
    ],
    children,
    updatedAt,
  };
}
