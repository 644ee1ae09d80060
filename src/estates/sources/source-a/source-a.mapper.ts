import type { LocalizedText } from '../../../i18n/localized-text.js';
import type { Energy, Estate, Region, SalesRep } from '../../domain/estate.js';
import { ENERGY_LABEL } from '../../domain/enums.js';
import { regionOfZip } from '../../domain/region.js';
import { cappedText, cssColorOrNull, webUrlOrNull } from '../crm-values.js';
import { documentUrl } from '../document-url.js';
import { photoVersion } from '../image-url.js';
import { InvalidRecordError, boolOrNull, mapBuildTechnicals, mapExtraFields, numberOrNull, required, stringOrNull } from '../raw-text.js';
import {
  BUILDING_TYPE_IDS,
  CONDITION_IDS,
  COUNTRY_GEO_IDS,
  ENVIRONMENT_IDS,
  FACILITY_IDS,
  FILE_TYPES,
  HEAD_TYPE_IDS,
  LAYOUT_ROOM_TYPES,
  PLANNING_ANSWER_IDS,
  TOWN_PLANNING_IDS,
  TYPE_IDS,
  type SourceADictionaries,
  zabunText,
} from './source-a.dictionaries.js';
import { SOURCE_A_STATUSES, isForRentInSourceA } from './source-a.status.js';
import type { SourceAPerson, SourceAProperty } from './source-a.types.js';

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

/** The city from the geo dictionary, named in its region's language; the other languages are its aliases. */
function city(raw: SourceAProperty, context: SourceAContext): { city: Estate['address']['city']; region: Region | null } {
  const address = raw.address ?? {};
  const geoId = numberOrNull(address.city_geo_id);
  const geo = context.dictionaries.city(geoId);
  if (!geo) throw new InvalidRecordError(geoId === null ? 'missing address.city_geo_id' : `address.city_geo_id ${geoId} is not in the cities dictionary`);
  const zip = required(stringOrNull(address.zip) ?? stringOrNull(geo.zip), 'address.zip');
  const region = regionOfZip(zip);
  const names = zabunText(geo.name, context.dictionaries.language);
  const main = names[region === 'WALLONIA' ? 'fr' : 'nl'] ?? Object.values(names).find((name) => !!name);
  const name = required(main, `the name of city ${geoId}`);
  const alias: LocalizedText = Object.fromEntries(Object.entries(names).filter(([, value]) => value !== name));
  return {
    city: { id: geoId, zip, name, alias, lat: numberOrNull(geo.latitude), lon: numberOrNull(geo.longitude) },
    region,
  };
}

/** Zabun's yes/no/unknown answers (Y, N, U) as the SPEC's planning answers; SPEC values pass as they are. */
function planningAnswer(value: unknown): string | null {
  const answer = stringOrNull(value);
  return answer === null ? null : ({ Y: 'YES', N: 'NO', U: 'UNKNOWN' } as Record<string, string>)[answer.toUpperCase()] ?? answer;
}

/** Maps one raw source A property (not its units) into the domain Estate; throws InvalidRecordError. */
export function mapSourceAProperty(raw: SourceAProperty, context: SourceAContext, children: Estate[] = []): Estate {
  const id = required(numberOrNull(raw.property_id), 'property_id');
  const dictionaries = context.dictionaries;
  const language = dictionaries.language;
  const type = dictionaries.entry('types', numberOrNull(raw.type_id));
  if (numberOrNull(raw.type_id) === null) throw new InvalidRecordError('missing type_id');
  if (!type) throw new InvalidRecordError(`type_id ${String(raw.type_id)} is not in the types dictionary`);
  const headType = dictionaries.required('head_types', `head_type_id of type ${String(raw.type_id)}`, type.head_type_id, HEAD_TYPE_IDS).value;
  const status = dictionaries.status(raw.transaction_id, raw.status_id);
  if (status.specId === null) throw new InvalidRecordError(`status ${String(raw.status_id)} (${status.name}) is not public`);
  const statusId = status.specId;
  const address = raw.address ?? {};
  const { city: cityOf, region } = city(raw, context);

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
      issuedOn: null,
      validUntil: null,
    };
  };
  const sharedEnergy = energy('_shared');
  const lat = numberOrNull(address.latitude);
  const lon = numberOrNull(address.longitude);
  const updatedAt = required(stringOrNull(raw.changed), 'changed');
  const version = photoVersion(updatedAt);
  const sticker = dictionaries.entry('stickers', numberOrNull(raw.sticker_id));
  const salesRepId = numberOrNull(raw.responsible_salesrep_person_id);
  const environment = (raw.environments ?? []).map((item) => dictionaries.optional('environments', item?.environment_id, ENVIRONMENT_IDS)).find((value) => value !== null);

  return {
    id,
    source: 'A',
    sourceId: String(id),
    guid: null,
    parentId: null,
    isProject: raw.is_project === true || headType === 'PROJECT' || (raw.child_properties?.length ?? 0) > 0,
    title: cappedText(zabunText(raw.title, language)),
    description: zabunText(raw.description, language),
    shortDescription: zabunText(raw.description_short, language),
    headType,
    subType: dictionaries.optional('types', raw.type_id, TYPE_IDS),
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
    petsAllowed: b('pets_allowed'),
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
      buildingLicense: dictionaries.optional('building_licenses', raw.building_license_id, PLANNING_ANSWER_IDS),
      allocationLicense: planningAnswer(raw.allocation_license_ynu),
      presaleRight: planningAnswer(raw.presale_right_ynu),
      certificateAsBuilt: planningAnswer(raw.certificate_asbuilt_ynu ?? raw.certificate_as_built_ynu),
      heritageProtected: planningAnswer(raw.heritage_protected_ynu),
      heritageInventoried: dictionaries.optional('heritage_inventoried', raw.heritage_inventoried_id, PLANNING_ANSWER_IDS),
      renovationObligation: planningAnswer(raw.renovation_obligation_id),
      plannedPermission: planningAnswer(raw.planned_permission_ynu),
      subdivisionPermit: planningAnswer(raw.subdivision_permit_ynu),
      proceeding: planningAnswer(raw.proceeding_ynu),
      summons: planningAnswer(raw.summons_ynu),
      recentDestination: dictionaries.optional('town_plannings', raw.town_planning_id, TOWN_PLANNING_IDS),
      floodingArea: s('flooding_area'),
      floodingScoreBuilding: s('flooding_building_score'),
      floodingScoreParcel: s('flooding_parcel_score'),
    },
    technical: {
      constructionYear: n('construction_year'),
      renovationYear: n('renovation_year'),
      buildingType: dictionaries.optional('building_types', raw.building_type_id, BUILDING_TYPE_IDS),
      condition: dictionaries.optional('conditions', raw.condition_id, CONDITION_IDS),
      newBuilding: b('new_building'),
      available: s('free_on'),
      availableDate: s('available_date') ?? s('free_on_date'),
      furniture: b('furnished'),
      petsAllowed: b('pets_allowed'),
      monthlyCost: n('monthly_cost'),
      directionGarden: s('garden_orientation'),
      oLevelSensitivity: s('o_level_sensitivity'),
      oLevelZone: s('o_level_zone'),
      certificateConformity: b('certificate_conformity'),
      certificateConformityConform: s('certificate_conformity_conform'),
      certificateElectricity: s('certificate_electricity'),
      certificateElectricityConform: s('certificate_electricity_conform'),
      elevator: b('elevator'),
      floors: null,
    },
    comfort: {
      heating: s('heating'),
      commonHeating: s('common_heating'),
      kitchenType: s('kitchen_type'),
      bathroomType: s('bathroom_type'),
      windowGlazing: s('window_glazing'),
      windowGlazingText: t('window_glazing_text'),
      carpentry: s('carpentry'),
      roofType: s('roof_type'),
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
    pictures: [...(raw.photos ?? [])]
      .sort((a, c) => (a.index ?? 0) - (c.index ?? 0))
      .flatMap((photo, index) => {
        const file = webUrlOrNull(photo.url);
        const proxied = file ? context.imageUrl(file, version) : null;
        if (!file || !proxied) return [];
        const thumbnail = webUrlOrNull(photo.url_thumbnail);
        return [
          {
            file: proxied,
            thumbnail: (thumbnail && context.imageUrl(thumbnail, version)) ?? proxied,
            index: photo.index ?? index,
            comment: zabunText(photo.comment, language),
          },
        ];
      }),
    layoutRooms: (raw.layouts ?? []).flatMap((room, index) => {
      const customIndex = numberOrNull(room.custom_index);
      const typeId = customIndex !== null ? 0 : dictionaries.optional('layouts', room.layout_id, LAYOUT_ROOM_TYPES);
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
    videos: (raw.videos ?? []).flatMap((video) => {
      const link = webUrlOrNull(video.url);
      const typeId = numberOrNull(video.type_id);
      return link && typeId !== null ? [{ typeId, link }] : [];
    }),
    files: (raw.files ?? []).flatMap((file) => {
      const link = documentUrl(file.url);
      return link ? [{ type: FILE_TYPES[numberOrNull(file.type_id) ?? -1] ?? 'OTHER', link, comment: zabunText(file.reference, language) }] : [];
    }),
    extraFields: mapExtraFields(raw.extra_fields),
    facilities: (raw.facilities ?? []).flatMap((facility) => {
      const name = dictionaries.optional('facilities', facility?.facility_id, FACILITY_IDS);
      return name ? [name] : [];
    }),
    buildTechnicals: mapBuildTechnicals(raw.build_technicals),
    children,
    updatedAt,
  };
}
