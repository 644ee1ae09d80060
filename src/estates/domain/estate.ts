import type { LocalizedText } from '../../i18n/localized-text.js';

/**
 * The domain model of a listing (SPEC §3), the same whichever CRM it came from. Sources map their
 * raw records into it (src/estates/sources); the display model turns it into visible fields.
 * Enumerated values are the SPEC's names (e.g. 'FOR_SALE', 'GAS'); an unknown one is kept as-is
 * and gets an empty label. Absent information is `null`, never a sentinel (except -1 where a CRM
 * sends it: the display rules hide it). CRM data is not trusted: links (photos, files, videos, the
 * sales rep's picture) are http(s) only and colours are plain CSS colours, checked by the mappers.
 */

/** A: Zabun, B: Immo's published feed (docs/feed), W: Whise. One letter: it is stored in varchar(1) columns. */
export type SourceName = 'A' | 'B' | 'W';

export const STATUSES = ['FOR_SALE', 'TO_RENT', 'TAKE_OVER', 'SOLD', 'RENTED', 'TAKEN_OVER'] as const;
export type Status = (typeof STATUSES)[number];

export const HEAD_TYPES = ['APARTMENT', 'GARAGE', 'PLOT', 'COMMERCIAL', 'HOUSE', 'PROJECT'] as const;
export type HeadType = (typeof HEAD_TYPES)[number];

export type Region = 'FLANDERS' | 'BRUSSELS' | 'WALLONIA';

export interface GeoPoint {
  readonly lat: number;
  readonly lon: number;
}

export interface City {
  readonly id: number | null;
  readonly zip: string;
  readonly name: string;
  /** The city's name per locale where it differs (Brussel / Bruxelles). */
  readonly alias: LocalizedText;
  readonly lat: number | null;
  readonly lon: number | null;
}

export interface Address {
  /** Street name per locale (bilingual streets in Brussels). */
  readonly street: LocalizedText;
  readonly number: string | null;
  readonly box: string | null;
  readonly city: City;
  readonly region: Region | null;
  readonly country: string;
  /** false: the agency hides the street and number; only the city is shown and no exact map point. */
  readonly visible: boolean;
  readonly geoLocation: GeoPoint | null;
  /** geo precision 0..3 (NO_DATA, GEOMETRIC_CENTER, RANGE_INTERPOLATED, ROOFTOP). */
  readonly geoPrecision: number | null;
}

export interface Price {
  readonly value: number | null;
  /** A project's "from" price. */
  readonly priceFrom: number | null;
  readonly totalPrice: number | null;
  readonly constructionValue: number | null;
  readonly deposit: number | null;
  readonly furnitureValue: number | null;
  readonly infrastructureValue: number | null;
  readonly groundValue: number | null;
  /** Rent period, e.g. 'MONTH'. */
  readonly period: string | null;
  /** The agency may hide the price ("price on request"). */
  readonly visible: boolean;
  /** New-build under the VAT regime: price, land, infrastructure and notary total are hidden. */
  readonly vatRegime: boolean;
}

export interface Transaction {
  /** The CRM's numeric status id (SPEC §4). */
  readonly statusId: number;
  /** Whether the listing is still available follows from it (domain/availability.ts). */
  readonly status: Status;
  readonly forRent: boolean;
}

export interface Sticker {
  readonly id: number;
  readonly name: LocalizedText;
  /** A CSS colour checked by the mapper (hex or a named colour); null: the default sticker style. */
  readonly color: string | null;
  readonly colorText: string | null;
}

export interface Picture {
  readonly file: string;
  readonly thumbnail: string;
  readonly index: number;
  readonly comment: LocalizedText;
}

export interface LayoutRoom {
  /** Room type id (SPEC §9: bedroom 1, bathroom 5, garage 6, terrace 10, parking 14, toilet 16, …). */
  readonly typeId: number;
  readonly count: number | null;
  readonly surface: number | null;
  readonly comment: LocalizedText;
  /** Floor number (0 = ground floor, negative = basement). */
  readonly floor: number | null;
  readonly sort: number;
  /** Custom rooms 1..10 carry their own name. */
  readonly customIndex: number | null;
  readonly customName: LocalizedText;
}

export interface Technical {
  readonly constructionYear: number | null;
  readonly renovationYear: number | null;
  /** construction type: OPEN, HALF_OPEN, CLOSED. */
  readonly buildingType: string | null;
  /** condition enum. */
  readonly condition: string | null;
  readonly newBuilding: boolean | null;
  /** free-on enum (UNKNWON, IMMEDIATE, DEED, …). */
  readonly available: string | null;
  readonly availableDate: string | null;
  readonly furniture: boolean | null;
  readonly petsAllowed: boolean | null;
  readonly monthlyCost: number | null;
  /** orientation enum. */
  readonly directionGarden: string | null;
  readonly oLevelSensitivity: string | null;
  readonly oLevelZone: string | null;
  readonly certificateConformity: boolean | null;
  /** conformity enum: INVALID, VALID. */
  readonly certificateConformityConform: string | null;
  /** electricity certification enum. */
  readonly certificateElectricity: string | null;
  readonly certificateElectricityConform: string | null;
  readonly elevator: boolean | null;
  /** How many floors the building has (not the listing's own floor). */
  readonly floors: number | null;
}

export interface Comfort {
  readonly heating: string | null;
  readonly commonHeating: string | null;
  readonly kitchenType: string | null;
  readonly bathroomType: string | null;
  readonly windowGlazing: string | null;
  /** Companion text absorbed into windowGlazing by the display model. */
  readonly windowGlazingText: LocalizedText;
  readonly carpentry: string | null;
  readonly roofType: string | null;
  readonly luxuryLevel: string | null;
  readonly garden: string | null;
  readonly gardenText: LocalizedText;
  readonly gardenSurface: number | null;
  readonly terraceSurface: number | null;
  readonly environment: string | null;
  readonly destination: string | null;
  readonly commonMeter: boolean | null;
  readonly meterType: string | null;
  readonly swimmingPool: boolean | null;
  readonly alarm: boolean | null;
  readonly airConditioning: boolean | null;
  readonly solarPanels: boolean | null;
  readonly heatPump: boolean | null;
  readonly doubleGlazing: boolean | null;
}

export interface Energy {
  readonly epcValue: number | null;
  readonly epcValueTotal: number | null;
  readonly epbReference: string | null;
  readonly epcReference: string | null;
  /** Energy label A++ … G, or a combined pair (e.g. 'A_B'). */
  readonly energyLabel: string | null;
  readonly customEpcLabel: string | null;
  readonly eLevel: number | null;
  readonly kLevel: number | null;
  readonly co2: number | null;
  /** The certificate's date and the last day it is valid (ISO dates, yyyy-mm-dd). */
  readonly issuedOn: string | null;
  readonly validUntil: string | null;
}

export interface Dimensions {
  readonly areaGround: number | null;
  readonly areaBuild: number | null;
  readonly areaBuildable: number | null;
  readonly widthHouse: number | null;
  readonly widthGround: number | null;
  readonly depthHouse: number | null;
  readonly depthGround: number | null;
  readonly depthGroundFloor: number | null;
  readonly depthFloor: number | null;
  readonly commentArea: LocalizedText;
}

export interface CadastralIncome {
  readonly indexed: number | null;
  readonly nonIndexed: number | null;
  readonly communityTax: number | null;
}

export interface SalesRep {
  readonly firstname: string;
  readonly lastname: string;
  readonly phone: string | null;
  readonly mobile: string | null;
  readonly email: string | null;
  readonly picture: string | null;
  readonly description: LocalizedText;
}

export interface Video {
  /** Type id 2 is the virtual-visit tour link (SPEC §9). */
  readonly typeId: number;
  readonly link: string;
}

export interface EstateFile {
  readonly type: string;
  readonly link: string;
  readonly comment: LocalizedText;
}

export type ExtraFieldType = 'TEXT' | 'BIGTEXT' | 'NUMBER' | 'BOOLEAN' | 'DATE' | string;

export interface ExtraField {
  readonly autoid: number;
  readonly type: ExtraFieldType;
  readonly name: LocalizedText;
  readonly value: string | null;
  /** Per-language value, for TEXT and BIGTEXT. */
  readonly values: LocalizedText;
}

export interface BuildTechnical {
  readonly criteria: LocalizedText;
  readonly value: LocalizedText;
  readonly comment: LocalizedText;
}

/** Town-planning (Flemish "stedenbouwkundige") information; answers are planning-answer enums. */
export interface Planning {
  readonly buildingLicense: string | null;
  readonly allocationLicense: string | null;
  readonly presaleRight: string | null;
  readonly certificateAsBuilt: string | null;
  readonly heritageProtected: string | null;
  readonly heritageInventoried: string | null;
  readonly renovationObligation: string | null;
  readonly plannedPermission: string | null;
  readonly subdivisionPermit: string | null;
  readonly proceeding: string | null;
  readonly summons: string | null;
  /** Recent destination zone code (AG, WG, …). */
  readonly recentDestination: string | null;
  readonly floodingArea: string | null;
  /** Flooding scores such as 'A'..'D' (icon when after C, SPEC §9). */
  readonly floodingScoreBuilding: string | null;
  readonly floodingScoreParcel: string | null;
}

export interface Estate {
  /** The site's own id: source A keeps its integer id, source B ids are offset (see sources/). */
  readonly id: number;
  readonly source: SourceName;
  readonly sourceId: string;
  /** Set for data source B (SPEC §3). */
  readonly guid: string | null;
  readonly parentId: number | null;
  readonly isProject: boolean;
  readonly title: LocalizedText;
  readonly description: LocalizedText;
  readonly shortDescription: LocalizedText;
  readonly headType: HeadType;
  readonly subType: string | null;
  readonly transaction: Transaction;
  readonly address: Address;
  readonly reference: string | null;
  readonly floor: number | null;
  readonly floorId: number | null;
  readonly entityNumber: string | null;
  readonly sticker: Sticker | null;
  readonly buildingName: string | null;
  readonly petsAllowed: boolean | null;
  readonly asbestosInventory: string | null;
  readonly certificateAsbestos: string | null;
  readonly architect: string | null;
  readonly price: Price;
  readonly registrationCost: number | null;
  readonly registrationPercent: number | null;
  readonly tax: number | null;
  readonly notarySalery: number | null;
  readonly notaryTotal: number | null;
  readonly bedrooms: number | null;
  readonly bathrooms: number | null;
  readonly planning: Planning;
  readonly technical: Technical;
  readonly comfort: Comfort;
  readonly energy: Energy;
  readonly sharedEnergy: Energy | null;
  readonly dimensions: Dimensions;
  readonly ki: CadastralIncome;
  readonly salesRep: SalesRep | null;
  readonly pictures: readonly Picture[];
  readonly layoutRooms: readonly LayoutRoom[];
  readonly videos: readonly Video[];
  readonly files: readonly EstateFile[];
  readonly extraFields: readonly ExtraField[];
  readonly facilities: readonly string[];
  readonly buildTechnicals: readonly BuildTechnical[];
  /** Units of a project (empty for other listings). */
  readonly children: readonly Estate[];
  readonly updatedAt: string;
  /** Dates of its history the sync keeps beside the document (cards' badges); absent on a listing fresh from a CRM. */
  readonly marks?: ListingMarks;
}

/** When a sync first saw a listing (null: in its source's first fill) and when its public price last went down. */
export interface ListingMarks {
  readonly listedAt: Date | null;
  readonly priceReducedAt: Date | null;
}
