import type { Energy, Estate, HeadType, Region, SalesRep } from '../../domain/estate.js';
import { HEAD_TYPES } from '../../domain/estate.js';
import { cappedText, cssColorOrNull, webUrlOrNull } from '../crm-values.js';
import { photoVersion } from '../image-url.js';
import { InvalidRecordError, boolOrNull, localizedText, mapBuildTechnicals, mapExtraFields, numberOrNull, required, stringOrNull } from '../raw-text.js';
import type { RawText } from '../raw-text.js';
import { SOURCE_A_STATUSES, isForRentInSourceA } from './source-a.status.js';
import type { SourceAPerson, SourceAProperty } from './source-a.types.js';

/** Only records the agency publishes and shows, and that are neither archived nor deleted, are live. */
export function isLiveInSourceA(raw: SourceAProperty): boolean {
  return raw.publish === true && raw.show === true && raw.archived !== true && raw.deleted !== true;
}

export interface SourceAContext {
  /** Turns a photo URL of the CRM into the address the site serves it from; null: leave the photo out. */
  readonly imageUrl: (url: string, version?: string | null) => string | null;
  readonly person: (id: number) => SourceAPerson | undefined;
}

const REGIONS: Readonly<Record<string, Region>> = { FLANDERS: 'FLANDERS', BRUSSELS: 'BRUSSELS', WALLONIA: 'WALLONIA' };

function salesRep(person: SourceAPerson | undefined, context: SourceAContext): SalesRep | null {
  if (!person) return null;
  const picture = webUrlOrNull(person.photo_url);
  return {
    firstname: person.first_name,
    lastname: person.last_name,
    phone: person.phone ?? null,
    mobile: person.mobile_phone ?? null,
    email: person.email ?? null,
    picture: picture ? context.imageUrl(picture) : null,
    description: localizedText(person.description),
  };
}

/** Maps one raw source A property (not its children) into the domain Estate; throws InvalidRecordError. */
export function mapSourceAProperty(raw: SourceAProperty, context: SourceAContext, children: Estate[] = []): Estate {
  const id = required(numberOrNull(raw.property_id), 'property_id');
  const headType = required(raw.head_type, 'head_type');
  if (!(HEAD_TYPES as readonly string[]).includes(headType)) throw new InvalidRecordError(`unknown head_type ${headType}`);
  const statusId = required(numberOrNull(raw.transaction_status_id), 'transaction_status_id');
  const status = SOURCE_A_STATUSES[statusId];
  if (!status) throw new InvalidRecordError(`unknown transaction_status_id ${statusId}`);
  const address = raw.address ?? {};
  const city = address.city_geo ?? {};

  const n = (field: string) => numberOrNull(raw[field]);
  const s = (field: string) => stringOrNull(raw[field]);
  const b = (field: string) => boolOrNull(raw[field]);
  const t = (field: string) => localizedText(raw[field] as RawText);
  const energy = (suffix: string): Energy => ({
    epcValue: n(`epc_value${suffix}`),
    epcValueTotal: n(`epc_value_total${suffix}`),
    epbReference: s(`epb_reference${suffix}`),
    epcReference: s(`epc_reference${suffix}`),
    energyLabel: s(`energy_label${suffix}`),
    customEpcLabel: s(`custom_epc_label${suffix}`),
    eLevel: n(`e_level${suffix}`),
    kLevel: n(`k_level${suffix}`),
    co2: n(`co2${suffix}`),
  });
  const sharedEnergy = energy('_shared');
  const lat = numberOrNull(address.latitude);
  const lon = numberOrNull(address.longitude);

  return {
    id,
    source: 'A',
    sourceId: String(id),
    guid: null,
    parentId: numberOrNull(raw.parent_property_id),
    isProject: raw.is_project === true || headType === 'PROJECT',
    title: cappedText(localizedText(raw.title)),
    description: localizedText(raw.description),
    shortDescription: localizedText(raw.short_description),
    headType: headType as HeadType,
    subType: raw.sub_type ?? null,
    transaction: { statusId, status, forRent: isForRentInSourceA(statusId) },
    address: {
      street: { ...(address.street ? { nl: address.street } : {}), ...localizedText(address.street_translated) },
      number: address.number ?? null,
      box: address.box ?? null,
      city: {
        id: numberOrNull(city.city_id),
        zip: required(city.zip, 'address.city_geo.zip'),
        name: required(city.city, 'address.city_geo.city'),
        alias: localizedText(city.city_translated),
        lat: numberOrNull(city.latitude),
        lon: numberOrNull(city.longitude),
      },
      region: REGIONS[address.region ?? ''] ?? null,
      country: address.country_code ?? 'BE',
      visible: address.address_visible !== false,
      geoLocation: lat !== null && lon !== null ? { lat, lon } : null,
      geoPrecision: numberOrNull(address.geo_precision),
    },
    reference: s('reference'),
    floor: n('floor'),
    floorId: n('floor_id'),
    entityNumber: s('entity_number'),
    sticker: raw.sticker
      ? {
          id: raw.sticker.id,
          name: localizedText(raw.sticker.name),
          color: cssColorOrNull(raw.sticker.color),
          colorText: cssColorOrNull(raw.sticker.color_text),
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
      buildingLicense: s('building_license_ynu'),
      allocationLicense: s('allocation_license_ynu'),
      presaleRight: s('presale_right_ynu'),
      certificateAsBuilt: s('certificate_as_built_ynu'),
      heritageProtected: s('heritage_protected_ynu'),
      heritageInventoried: s('heritage_inventoried_ynu'),
      renovationObligation: s('renovation_obligation_id'),
      plannedPermission: s('planned_permission_ynu'),
      subdivisionPermit: s('subdivision_permit_ynu'),
      proceeding: s('proceeding_ynu'),
      summons: s('summons_ynu'),
      recentDestination: s('recent_destination'),
      floodingArea: s('flooding_area'),
      floodingScoreBuilding: s('flooding_building_score'),
      floodingScoreParcel: s('flooding_parcel_score'),
    },
    technical: {
      constructionYear: n('construction_year'),
      renovationYear: n('renovation_year'),
      buildingType: s('construction_type'),
      condition: s('condition'),
      newBuilding: b('new_building'),
      available: s('free_on'),
      availableDate: s('free_on_date'),
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
      environment: s('environment'),
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
    salesRep: raw.responsible_salesrep_person_id ? salesRep(context.person(raw.responsible_salesrep_person_id), context) : null,
    pictures: [...(raw.photos ?? [])]
      .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
      .flatMap((photo, index) => {
        const file = webUrlOrNull(photo.url);
        const proxied = file ? context.imageUrl(file, photoVersion(raw.updated_at)) : null;
        if (!file || !proxied) return [];
        const thumbnail = webUrlOrNull(photo.url_thumbnail);
        return [
          {
            file: proxied,
            thumbnail: (thumbnail && context.imageUrl(thumbnail, photoVersion(raw.updated_at))) ?? proxied,
            index: photo.index ?? index,
            comment: localizedText(photo.comment),
          },
        ];
      }),
    layoutRooms: (raw.layout ?? []).map((room, index) => ({
      typeId: room.room_type_id,
      count: numberOrNull(room.count),
      surface: numberOrNull(room.surface),
      comment: localizedText(room.comment),
      floor: numberOrNull(room.floor),
      sort: room.sort ?? index,
      customIndex: numberOrNull(room.custom_index),
      customName: localizedText(room.custom_name),
    })),
    videos: (raw.videos ?? []).flatMap((video) => {
      const link = webUrlOrNull(video.url);
      return link ? [{ typeId: video.type_id, link }] : [];
    }),
    files: (raw.files ?? []).flatMap((file) => {
      const link = webUrlOrNull(file.url);
      return link ? [{ type: file.type_id ?? 'OTHER', link, comment: localizedText(file.reference) }] : [];
    }),
    extraFields: mapExtraFields(raw.extra_fields),
    facilities: [...(raw.facilities ?? [])],
    buildTechnicals: mapBuildTechnicals(raw.build_technicals),
    children,
    updatedAt: required(raw.updated_at, 'updated_at'),
  };
}
