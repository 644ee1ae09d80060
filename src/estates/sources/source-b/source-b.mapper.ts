import type { Energy, Estate, HeadType, Region } from '../../domain/estate.js';
import { HEAD_TYPES } from '../../domain/estate.js';
import { cappedText, cssColorOrNull, webUrlOrNull } from '../crm-values.js';
import { documentUrl } from '../document-url.js';
import { photoVersion, proxiedImageUrl } from '../image-url.js';
import type { RawText } from '../raw-text.js';
import { InvalidRecordError, boolOrNull, localizedText, mapBuildTechnicals, mapExtraFields, numberOrNull, required, stringOrNull } from '../raw-text.js';
import { SOURCE_B_STATUSES, isForRentInSourceB } from './source-b.status.js';
import type { SourceBListing } from './source-b.types.js';

const REGIONS: Readonly<Record<string, Region>> = { FLANDERS: 'FLANDERS', BRUSSELS: 'BRUSSELS', WALLONIA: 'WALLONIA' };
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Group = Readonly<Record<string, unknown>> | null | undefined;
const n = (group: Group, field: string) => numberOrNull(group?.[field]);
const s = (group: Group, field: string) => stringOrNull(group?.[field]);
const b = (group: Group, field: string) => boolOrNull(group?.[field]);
const t = (group: Group, field: string) => localizedText(group?.[field] as RawText);

function energy(group: Group): Energy {
  return {
    epcValue: n(group, 'epcValue'),
    epcValueTotal: n(group, 'epcValueTotal'),
    epbReference: s(group, 'epbReference'),
    epcReference: s(group, 'epcReference'),
    energyLabel: s(group, 'energyLabel'),
    customEpcLabel: s(group, 'customEpcLabel'),
    eLevel: n(group, 'eLevel'),
    kLevel: n(group, 'kLevel'),
    co2: n(group, 'co2'),
    issuedOn: null,
    validUntil: null,
  };
}

/** The record's id for reports, even when it is not a listing at all. */
export function sourceBRecordId(raw: unknown): string {
  const { guid, id } = typeof raw === 'object' && raw !== null ? (raw as { guid?: unknown; id?: unknown }) : {};
  if (typeof guid === 'string' && guid !== '') return guid;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : '?';
}

/** Maps one source B listing (and its units) into the domain Estate; throws InvalidRecordError. */
export function mapSourceBListing(raw: SourceBListing, parentId: number | null = null): Estate {
  const id = required(numberOrNull(raw.id), 'id');
  const guid = required(raw.guid, 'guid');
  if (!GUID.test(guid)) throw new InvalidRecordError(`malformed guid ${guid}`);
  const headType = required(raw.headType, 'headType');
  if (!(HEAD_TYPES as readonly string[]).includes(headType)) throw new InvalidRecordError(`unknown headType ${headType}`);
  const statusId = required(numberOrNull(raw.transaction?.statusId), 'transaction.statusId');
  const status = SOURCE_B_STATUSES[statusId];
  if (!status) throw new InvalidRecordError(`unknown transaction.statusId ${statusId}`);
  const address = raw.address ?? {};
  const city = address.city ?? {};
  const top = raw as Group;
  const shared = raw.sharedEnergy ? energy(raw.sharedEnergy) : null;
  const geo = address.geoLocation;
  const repPicture = webUrlOrNull(raw.salesRep?.picture);

  return {
    id,
    source: 'B',
    sourceId: guid,
    guid,
    parentId,
    isProject: raw.isProject === true || headType === 'PROJECT',
    title: cappedText(localizedText(raw.title)),
    description: localizedText(raw.description),
    shortDescription: localizedText(raw.shortDescription),
    headType: headType as HeadType,
    subType: raw.subType ?? null,
    transaction: { statusId, status, forRent: isForRentInSourceB(statusId) },
    address: {
      street: localizedText(address.street),
      number: address.number ?? null,
      box: address.box ?? null,
      city: {
        id: numberOrNull(city.id),
        zip: required(city.zip, 'address.city.zip'),
        name: required(city.name, 'address.city.name'),
        alias: localizedText(city.alias),
        lat: numberOrNull(city.lat),
        lon: numberOrNull(city.lon),
      },
      region: REGIONS[address.region ?? ''] ?? null,
      country: address.country ?? 'BE',
      visible: address.visible !== false,
      geoLocation: geo && Number.isFinite(geo.lat) && Number.isFinite(geo.lon) ? { lat: geo.lat, lon: geo.lon } : null,
      geoPrecision: numberOrNull(address.geoPrecision),
    },
    reference: s(top, 'reference'),
    floor: n(top, 'floor'),
    floorId: n(top, 'floorId'),
    entityNumber: s(top, 'entityNumber'),
    sticker: raw.sticker
      ? {
          id: raw.sticker.id,
          name: localizedText(raw.sticker.name),
          color: cssColorOrNull(raw.sticker.color),
          colorText: cssColorOrNull(raw.sticker.colorText),
        }
      : null,
    buildingName: s(top, 'buildingName'),
    petsAllowed: b(top, 'petsAllowed'),
    asbestosInventory: s(top, 'asbestosInventory'),
    certificateAsbestos: s(top, 'certificateAsbestos'),
    architect: s(top, 'architect'),
    price: {
      value: n(raw.price, 'value'),
      priceFrom: n(raw.price, 'priceFrom'),
      totalPrice: n(raw.price, 'totalPrice'),
      constructionValue: n(raw.price, 'constructionValue'),
      deposit: n(raw.price, 'deposit'),
      furnitureValue: n(raw.price, 'furnitureValue'),
      infrastructureValue: n(raw.price, 'infrastructureValue'),
      groundValue: n(raw.price, 'groundValue'),
      period: s(raw.price, 'period'),
      visible: raw.price?.visible !== false,
      vatRegime: raw.price?.vatRegime === true,
    },
    registrationCost: n(top, 'registrationCost'),
    registrationPercent: n(top, 'registrationPercent'),
    tax: n(top, 'tax'),
    notarySalery: n(top, 'notarySalery'),
    notaryTotal: n(top, 'notaryTotal'),
    bedrooms: n(top, 'bedrooms'),
    bathrooms: n(top, 'bathrooms'),
    planning: {
      buildingLicense: s(raw.planning, 'buildingLicense'),
      allocationLicense: s(raw.planning, 'allocationLicense'),
      presaleRight: s(raw.planning, 'presaleRight'),
      certificateAsBuilt: s(raw.planning, 'certificateAsBuilt'),
      heritageProtected: s(raw.planning, 'heritageProtected'),
      heritageInventoried: s(raw.planning, 'heritageInventoried'),
      renovationObligation: s(raw.planning, 'renovationObligation'),
      plannedPermission: s(raw.planning, 'plannedPermission'),
      subdivisionPermit: s(raw.planning, 'subdivisionPermit'),
      proceeding: s(raw.planning, 'proceeding'),
      summons: s(raw.planning, 'summons'),
      recentDestination: s(raw.planning, 'recentDestination'),
      floodingArea: s(raw.planning, 'floodingArea'),
      floodingScoreBuilding: s(raw.planning, 'floodingScoreBuilding'),
      floodingScoreParcel: s(raw.planning, 'floodingScoreParcel'),
    },
    technical: {
      constructionYear: n(raw.technical, 'constructionYear'),
      renovationYear: n(raw.technical, 'renovationYear'),
      buildingType: s(raw.technical, 'buildingType'),
      condition: s(raw.technical, 'condition'),
      newBuilding: b(raw.technical, 'newBuilding'),
      available: s(raw.technical, 'available'),
      availableDate: s(raw.technical, 'availableDate'),
      furniture: b(raw.technical, 'furniture'),
      petsAllowed: b(raw.technical, 'petsAllowed'),
      monthlyCost: n(raw.technical, 'monthlyCost'),
      directionGarden: s(raw.technical, 'directionGarden'),
      oLevelSensitivity: s(raw.technical, 'oLevelSensitivity'),
      oLevelZone: s(raw.technical, 'oLevelZone'),
      certificateConformity: b(raw.technical, 'certificateConformity'),
      certificateConformityConform: s(raw.technical, 'certificateConformityConform'),
      certificateElectricity: s(raw.technical, 'certificateElectricity'),
      certificateElectricityConform: s(raw.technical, 'certificateElectricityConform'),
      elevator: b(raw.technical, 'elevator'),
      floors: null,
    },
    comfort: {
      heating: s(raw.comfort, 'heating'),
      commonHeating: s(raw.comfort, 'commonHeating'),
      kitchenType: s(raw.comfort, 'kitchenType'),
      bathroomType: s(raw.comfort, 'bathroomType'),
      windowGlazing: s(raw.comfort, 'windowGlazing'),
      windowGlazingText: t(raw.comfort, 'windowGlazingText'),
      carpentry: s(raw.comfort, 'carpentry'),
      roofType: s(raw.comfort, 'roofType'),
      luxuryLevel: s(raw.comfort, 'luxuryLevel'),
      garden: s(raw.comfort, 'garden'),
      gardenText: t(raw.comfort, 'gardenText'),
      gardenSurface: n(raw.comfort, 'gardenSurface'),
      terraceSurface: n(raw.comfort, 'terraceSurface'),
      environment: s(raw.comfort, 'environment'),
      destination: s(raw.comfort, 'destination'),
      commonMeter: b(raw.comfort, 'commonMeter'),
      meterType: s(raw.comfort, 'meterType'),
      swimmingPool: b(raw.comfort, 'swimmingPool'),
      alarm: b(raw.comfort, 'alarm'),
      airConditioning: b(raw.comfort, 'airConditioning'),
      solarPanels: b(raw.comfort, 'solarPanels'),
      heatPump: b(raw.comfort, 'heatPump'),
      doubleGlazing: b(raw.comfort, 'doubleGlazing'),
    },
    energy: energy(raw.energy),
    sharedEnergy: shared && Object.values(shared).some((value) => value !== null) ? shared : null,
    dimensions: {
      areaGround: n(raw.dimensions, 'areaGround'),
      areaBuild: n(raw.dimensions, 'areaBuild'),
      areaBuildable: n(raw.dimensions, 'areaBuildable'),
      widthHouse: n(raw.dimensions, 'widthHouse'),
      widthGround: n(raw.dimensions, 'widthGround'),
      depthHouse: n(raw.dimensions, 'depthHouse'),
      depthGround: n(raw.dimensions, 'depthGround'),
      depthGroundFloor: n(raw.dimensions, 'depthGroundFloor'),
      depthFloor: n(raw.dimensions, 'depthFloor'),
      commentArea: t(raw.dimensions, 'commentArea'),
    },
    ki: { indexed: n(raw.ki, 'indexed'), nonIndexed: n(raw.ki, 'nonIndexed'), communityTax: n(raw.ki, 'communityTax') },
    salesRep: raw.salesRep
      ? {
          firstname: raw.salesRep.firstname,
          lastname: raw.salesRep.lastname,
          phone: raw.salesRep.phone ?? null,
          mobile: raw.salesRep.mobile ?? null,
          email: raw.salesRep.email ?? null,
          picture: repPicture ? proxiedImageUrl(repPicture) : null,
          description: localizedText(raw.salesRep.description),
        }
      : null,
    pictures: [...(raw.pictures ?? [])]
      .sort((a, c) => (a.index ?? 0) - (c.index ?? 0))
      .flatMap((picture, index) => {
        const file = webUrlOrNull(picture.file);
        const proxied = file ? proxiedImageUrl(file, photoVersion(raw.updatedAt)) : null;
        if (!proxied) return [];
        const thumbnail = webUrlOrNull(picture.thumbnail);
        return [
          {
            file: proxied,
            thumbnail: (thumbnail && proxiedImageUrl(thumbnail, photoVersion(raw.updatedAt))) ?? proxied,
            index: picture.index ?? index,
            comment: localizedText(picture.comment),
          },
        ];
      }),
    layoutRooms: (raw.layoutRooms ?? []).map((room, index) => ({
      typeId: room.typeId,
      count: numberOrNull(room.count),
      surface: numberOrNull(room.surface),
      comment: localizedText(room.comment),
      floor: numberOrNull(room.floor),
      sort: room.sort ?? index,
      customIndex: numberOrNull(room.customIndex),
      customName: localizedText(room.customName),
    })),
    videos: (raw.videos ?? []).flatMap((video) => {
      const link = webUrlOrNull(video.link);
      return link ? [{ typeId: video.typeId, link }] : [];
    }),
    files: (raw.files ?? []).flatMap((file) => {
      const link = documentUrl(file.link);
      return link ? [{ type: file.type ?? 'OTHER', link, comment: localizedText(file.comment) }] : [];
    }),
    extraFields: mapExtraFields(raw.extraFields),
    facilities: [...(raw.facilities ?? [])],
    buildTechnicals: mapBuildTechnicals(raw.buildTechnicals),
    children: (raw.children ?? []).filter((child) => child.published !== false).map((child) => mapSourceBListing(child, id)),
    updatedAt: required(raw.updatedAt, 'updatedAt'),
  };
}
