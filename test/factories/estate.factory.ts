import type { DataSource } from 'typeorm';
import type { Estate } from '../../src/estates/domain/estate.js';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { flattenEstate, toRow } from '../../src/estates/persistence/estate-record.js';

type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merge<T>(base: T, overrides: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(overrides)) return (overrides === undefined ? base : overrides) as T;
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    result[key] = isPlainObject(value) && isPlainObject(result[key]) ? merge(result[key], value) : value;
  }
  return result as T;
}

const EMPTY_PLANNING = {
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
  summons: null,
  recentDestination: null,
  floodingArea: null,
  floodingScoreBuilding: null,
  floodingScoreParcel: null,
};

/** A complete, valid listing (a villa for sale in Gent); deep overrides replace what a test is about. */
export function buildEstate(overrides: DeepPartial<Estate> = {}): Estate {
  const base: Estate = {
    id: 1001,
    source: 'A',
    sourceId: '1001',
    guid: null,
    parentId: null,
    isProject: false,
    title: { nl: 'Ruime villa met tuin', fr: 'Villa spacieuse avec jardin' },
    description: { nl: '<p>Ruime villa.</p>', fr: '<p>Villa spacieuse.</p>' },
    shortDescription: { nl: 'Ruime villa', fr: 'Villa spacieuse' },
    headType: 'HOUSE',
    subType: 'VILLA',
    transaction: { statusId: 1, status: 'FOR_SALE', forRent: false },
    address: {
      street: { nl: 'Kerkstraat', fr: 'Rue de l’Église' },
      number: '12',
      box: null,
      city: { id: 9000, zip: '9000', name: 'Gent', alias: { fr: 'Gand' }, lat: 51.05, lon: 3.72 },
      region: 'FLANDERS',
      country: 'BE',
      visible: true,
      geoLocation: { lat: 51.0543, lon: 3.7174 },
      geoPrecision: 3,
    },
    reference: 'VIL-1001',
    floor: null,
    floorId: null,
    entityNumber: null,
    sticker: null,
    buildingName: null,
    petsAllowed: null,
    asbestosInventory: null,
    certificateAsbestos: null,
    architect: null,
    price: {
      value: 495000,
      priceFrom: null,
      totalPrice: null,
      constructionValue: null,
      deposit: null,
      furnitureValue: null,
      infrastructureValue: null,
      groundValue: null,
      period: null,
      visible: true,
      vatRegime: false,
    },
    registrationCost: null,
    registrationPercent: null,
    tax: null,
    notarySalery: null,
    notaryTotal: null,
    bedrooms: 4,
    bathrooms: 2,
    planning: EMPTY_PLANNING,
    technical: {
      constructionYear: 1998,
      renovationYear: null,
      buildingType: 'OPEN',
      condition: 'GOOD_CONDITION',
      newBuilding: false,
      available: 'DEED',
      availableDate: null,
      furniture: null,
      petsAllowed: null,
      monthlyCost: null,
      directionGarden: 'S',
      oLevelSensitivity: null,
      oLevelZone: null,
      certificateConformity: null,
      certificateConformityConform: null,
      certificateElectricity: 'OBTAINED',
      certificateElectricityConform: 'VALID',
      elevator: false,
      floors: null,
    },
    comfort: {
      heating: 'GAS',
      commonHeating: null,
      kitchenType: 'HYPER_EQUIPPED',
      bathroomType: 'EQUIPPED',
      windowGlazing: 'DOUBLE',
      windowGlazingText: {},
      carpentry: 'PLASTIC',
      roofType: 'SADDLEBACK',
      luxuryLevel: 'LUXURIOUS',
      garden: 'FULLY_LANDSCAPED',
      gardenText: {},
      gardenSurface: 850,
      terraceSurface: 40,
      environment: 'RESIDENTIAL',
      destination: null,
      commonMeter: null,
      meterType: null,
      swimmingPool: null,
      alarm: true,
      airConditioning: null,
      solarPanels: true,
      heatPump: null,
      doubleGlazing: true,
    },
    energy: {
      epcValue: 245,
      epcValueTotal: 48000,
      epbReference: null,
      epcReference: '20240101-0001234-00000001',
      energyLabel: 'C',
      customEpcLabel: null,
      eLevel: null,
      kLevel: null,
      co2: 42,
      issuedOn: null,
      validUntil: null,
    },
    sharedEnergy: null,
    dimensions: {
      areaGround: 1200,
      areaBuild: 280,
      areaBuildable: null,
      widthHouse: null,
      widthGround: 25,
      depthHouse: null,
      depthGround: 48,
      depthGroundFloor: null,
      depthFloor: null,
      commentArea: {},
    },
    ki: { indexed: 2150, nonIndexed: 1200, communityTax: null },
    salesRep: {
      firstname: 'Sofie',
      lastname: 'Peeters',
      phone: '+32 9 123 45 67',
      mobile: '+32 475 12 34 56',
      email: 'sofie@immo.example',
      picture: null,
      description: {},
    },
    pictures: [
      { file: '/property-images/1/large/house-01.jpg', thumbnail: '/property-images/1/thumb/house-01.jpg', index: 0, comment: {} },
      { file: '/property-images/1/large/house-02.jpg', thumbnail: '/property-images/1/thumb/house-02.jpg', index: 1, comment: {} },
    ],
    layoutRooms: [
      { typeId: 1, count: 4, surface: 16, comment: {}, floor: 1, sort: 1, customIndex: null, customName: {} },
      { typeId: 2, count: 1, surface: 45, comment: {}, floor: 0, sort: 0, customIndex: null, customName: {} },
    ],
    videos: [],
    files: [],
    extraFields: [],
    facilities: [],
    buildTechnicals: [],
    children: [],
    updatedAt: '2026-10-01T08:00:00.000Z',
  };
  return merge(base, overrides);
}

/** Stores listings (a project with its units) as the sync would, for tests that need exact data in the cache. */
export async function storeEstates(dataSource: DataSource, estates: readonly Estate[]): Promise<void> {
  const syncedAt = new Date();
  await dataSource.getRepository(EstateEntity).save(estates.flatMap(flattenEstate).map((estate) => toRow(estate, syncedAt)));
}
