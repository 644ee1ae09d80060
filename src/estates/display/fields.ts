import { pickText } from '../../i18n/localized-text.js';
import type { LocalizedText } from '../../i18n/localized-text.js';
import type { Translator } from '../../i18n/translator.js';
import { enumLabel, subTypeLabel } from '../domain/enum-labels.js';
import { type EnumName, ROOM_TYPES } from '../domain/enums.js';
import type { Estate } from '../domain/estate.js';
import {
  formatArea,
  formatCo2,
  formatCurrency,
  formatDate,
  formatDistance,
  formatEpc,
  formatEpcTotal,
  formatNumber,
  formatPercent,
} from '../domain/format.js';

type Kind =
  | { readonly type: 'text' | 'subType' | 'number' | 'year' | 'currency' | 'area' | 'distance' | 'percent' | 'epc' | 'epcTotal' | 'co2' | 'bool' | 'date' | 'localized' }
  | { readonly type: 'enum'; readonly name: EnumName };

/** How one field is read from the domain Estate and written as text. */
export interface FieldDefinition {
  readonly code: string;
  readonly get: (estate: Estate) => unknown;
  readonly kind: Kind;
  /** A companion (information, conformity or description) absorbed into this field's text (SPEC §5). */
  readonly companion?: {
    readonly code: string;
    readonly get: (estate: Estate) => unknown;
    readonly kind: Kind;
    /** Whether the companion means anything for this listing (no conformity without a certificate); always without. */
    readonly applies?: (estate: Estate) => boolean;
  };
}

const text: Kind = { type: 'text' };
const currency: Kind = { type: 'currency' };
const area: Kind = { type: 'area' };
const distance: Kind = { type: 'distance' };
const bool: Kind = { type: 'bool' };
const number: Kind = { type: 'number' };
const year: Kind = { type: 'year' };
const localized: Kind = { type: 'localized' };
const enumOf = (name: EnumName): Kind => ({ type: 'enum', name });

function field(code: string, get: (estate: Estate) => unknown, kind: Kind, companion?: FieldDefinition['companion']): FieldDefinition {
  return { code, get, kind, companion };
}

/** Rooms of one type id, summed over the layout (SPEC §9 room type ids). */
function roomCount(estate: Estate, typeId: number): number | null {
  const rooms = estate.layoutRooms.filter((room) => room.typeId === typeId);
  return rooms.length ? rooms.reduce((sum, room) => sum + (room.count ?? 1), 0) : null;
}

const planning = (code: keyof Estate['planning'], kind: Kind = enumOf('planningAnswer')) =>
  field(`planning.${code}`, (estate) => estate.planning[code], kind);

/** Every field the detail tabs can show, by code. */
export const FIELDS: readonly FieldDefinition[] = [
  field('general.reference', (e) => e.reference, text),
  field('general.headType', (e) => e.headType, enumOf('headType')),
  field('general.subType', (e) => e.subType, { type: 'subType' }),
  field('general.status', (e) => e.transaction.status, enumOf('status')),
  field('general.bedrooms', (e) => e.bedrooms, number),
  field('general.bathrooms', (e) => e.bathrooms, number),
  field('general.floor', (e) => e.floor, number),
  field('general.buildingName', (e) => e.buildingName, text),
  field('general.entityNumber', (e) => e.entityNumber, text),
  field('general.architect', (e) => e.architect, text),
  field('general.petsAllowed', (e) => e.petsAllowed ?? e.technical.petsAllowed, bool),
  field('general.country', (e) => e.address.country, enumOf('country')),
  field('technical.available', (e) => e.technical.available, enumOf('freeOn')),
  field('technical.availableDate', (e) => e.technical.availableDate, { type: 'date' }),
  field('technical.furniture', (e) => e.technical.furniture, bool),
  field('comfort.environment', (e) => e.comfort.environment, enumOf('environment')),
  field('comfort.destination', (e) => e.comfort.destination, enumOf('destination')),

  field('financial.price', (e) => e.price.value ?? e.price.priceFrom, currency),
  field('financial.totalPrice', (e) => e.price.totalPrice, currency),
  field('financial.deposit', (e) => e.price.deposit, currency),
  field('technical.monthlyCost', (e) => e.technical.monthlyCost, currency),
  field('financial.constructionValue', (e) => e.price.constructionValue, currency),
  field('financial.groundValue', (e) => e.price.groundValue, currency),
  field('financial.infrastructureValue', (e) => e.price.infrastructureValue, currency),
  field('financial.furnitureValue', (e) => e.price.furnitureValue, currency),
  field('financial.registrationCost', (e) => e.registrationCost, currency),
  field('financial.registrationPercent', (e) => e.registrationPercent, { type: 'percent' }),
  field('financial.tax', (e) => e.tax, currency),
  field('ki.indexed', (e) => e.ki.indexed, currency),
  field('ki.nonIndexed', (e) => e.ki.nonIndexed, currency),
  field('ki.communityTax', (e) => e.ki.communityTax, currency),
  field('notary.notarySalery', (e) => e.notarySalery, currency),
  field('notary.notaryTotal', (e) => e.notaryTotal, currency),

  field('technical.certificateElectricity', (e) => e.technical.certificateElectricity, enumOf('electricityCertification'), {
    code: 'technical.certificateElectricityConform',
    get: (e) => e.technical.certificateElectricityConform,
    kind: enumOf('conformity'),
    // "Onbekend (Niet conform)": an installation is conform or not by the certificate; without one it is neither.
    applies: (e) => e.technical.certificateElectricity === 'OBTAINED',
  }),
  field('technical.certificateConformity', (e) => e.technical.certificateConformity, bool, {
    code: 'technical.certificateConformityConform',
    get: (e) => e.technical.certificateConformityConform,
    kind: enumOf('conformity'),
  }),
  field('general.asbestosInventory', (e) => e.asbestosInventory, enumOf('planningAnswer')),
  field('general.certificateAsbestos', (e) => e.certificateAsbestos, text),
  field('technical.oLevelSensitivity', (e) => e.technical.oLevelSensitivity, text),
  field('technical.oLevelZone', (e) => e.technical.oLevelZone, text),

  field('technical.constructionYear', (e) => e.technical.constructionYear, year),
  field('technical.renovationYear', (e) => e.technical.renovationYear, year),
  field('technical.buildingType', (e) => e.technical.buildingType, enumOf('constructionType')),
  field('technical.condition', (e) => e.technical.condition, enumOf('condition')),
  field('technical.newBuilding', (e) => e.technical.newBuilding, bool),
  field('technical.elevator', (e) => e.technical.elevator, bool),
  field('technical.floors', (e) => e.technical.floors, number),
  field('comfort.roofType', (e) => e.comfort.roofType, enumOf('roofType')),
  field('comfort.carpentry', (e) => e.comfort.carpentry, enumOf('carpentry')),
  field('comfort.windowGlazing', (e) => e.comfort.windowGlazing, enumOf('windowGlazing'), {
    code: 'comfort.windowGlazingText',
    get: (e) => e.comfort.windowGlazingText,
    kind: localized,
  }),
  field('dimensions.areaBuild', (e) => e.dimensions.areaBuild, area),
  field('dimensions.areaGround', (e) => e.dimensions.areaGround, area, {
    code: 'dimensions.commentArea',
    get: (e) => e.dimensions.commentArea,
    kind: localized,
  }),
  field('dimensions.areaBuildable', (e) => e.dimensions.areaBuildable, area),
  field('dimensions.widthHouse', (e) => e.dimensions.widthHouse, distance),
  field('dimensions.widthGround', (e) => e.dimensions.widthGround, distance),
  field('dimensions.depthHouse', (e) => e.dimensions.depthHouse, distance),
  field('dimensions.depthGround', (e) => e.dimensions.depthGround, distance),
  field('dimensions.depthGroundFloor', (e) => e.dimensions.depthGroundFloor, distance),
  field('dimensions.depthFloor', (e) => e.dimensions.depthFloor, distance),

  field('comfort.heating', (e) => e.comfort.heating, enumOf('heating')),
  field('comfort.commonHeating', (e) => e.comfort.commonHeating, enumOf('commonHeating')),
  field('comfort.kitchenType', (e) => e.comfort.kitchenType, enumOf('kitchenType')),
  field('comfort.bathroomType', (e) => e.comfort.bathroomType, enumOf('bathroomType')),
  field('comfort.luxuryLevel', (e) => e.comfort.luxuryLevel, enumOf('luxuryLevel')),
  field('comfort.garden', (e) => e.comfort.garden, enumOf('garden'), {
    code: 'comfort.gardenText',
    get: (e) => e.comfort.gardenText,
    kind: localized,
  }),
  field('comfort.gardenSurface', (e) => e.comfort.gardenSurface, area),
  field('comfort.terraceSurface', (e) => e.comfort.terraceSurface, area),
  field('technical.directionGarden', (e) => e.technical.directionGarden, enumOf('orientation')),
  field('comfort.swimmingPool', (e) => e.comfort.swimmingPool, bool),
  field('comfort.alarm', (e) => e.comfort.alarm, bool),
  field('comfort.airConditioning', (e) => e.comfort.airConditioning, bool),
  field('comfort.solarPanels', (e) => e.comfort.solarPanels, bool),
  field('comfort.heatPump', (e) => e.comfort.heatPump, bool),
  field('comfort.doubleGlazing', (e) => e.comfort.doubleGlazing, bool),
  field('comfort.commonMeter', (e) => e.comfort.commonMeter, bool),
  field('comfort.meterType', (e) => e.comfort.meterType, enumOf('meterType')),

  field('energy.energyLabel', (e) => e.energy.energyLabel, enumOf('energyLabel')),
  field('energy.epcValue', (e) => e.energy.epcValue, { type: 'epc' }),
  field('energy.epcValueTotal', (e) => e.energy.epcValueTotal, { type: 'epcTotal' }),
  field('energy.co2', (e) => e.energy.co2, { type: 'co2' }),
  field('energy.eLevel', (e) => e.energy.eLevel, number),
  field('energy.kLevel', (e) => e.energy.kLevel, number),
  field('energy.epcReference', (e) => e.energy.epcReference, text),
  field('energy.epbReference', (e) => e.energy.epbReference, text),
  field('energy.customEpcLabel', (e) => e.energy.customEpcLabel, text),
  field('energy.issuedOn', (e) => e.energy.issuedOn, { type: 'date' }),
  field('energy.validUntil', (e) => e.energy.validUntil, { type: 'date' }),

  field('layout.bedrooms', (e) => roomCount(e, ROOM_TYPES.BEDROOM), number),
  field('layout.bathrooms', (e) => roomCount(e, ROOM_TYPES.BATHROOM), number),
  field('layout.toilets', (e) => roomCount(e, ROOM_TYPES.TOILET), number),
  field('layout.garages', (e) => roomCount(e, ROOM_TYPES.GARAGE), number),
  field('layout.parkingSpaces', (e) => roomCount(e, ROOM_TYPES.PARKING_SPACE), number),
  field('layout.terraces', (e) => roomCount(e, ROOM_TYPES.TERRACE), number),

  planning('buildingLicense'),
  planning('allocationLicense'),
  planning('presaleRight'),
  planning('plannedPermission'),
  planning('subdivisionPermit'),
  planning('certificateAsBuilt'),
  planning('heritageProtected'),
  planning('heritageInventoried'),
  planning('renovationObligation'),
  planning('proceeding'),
  planning('summons'),
  planning('recentDestination', enumOf('recentDestination')),
  planning('floodingArea', enumOf('flooding')),
  planning('floodingScoreBuilding', text),
  planning('floodingScoreParcel', text),
];

export const FIELDS_BY_CODE: ReadonlyMap<string, FieldDefinition> = new Map(FIELDS.map((definition) => [definition.code, definition]));

/** The value written as text in the translator's locale, by its kind. */
export function formatValue(value: unknown, kind: Kind, t: Translator, estate: Estate): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind.type) {
    case 'enum':
      return enumLabel(t, kind.name, value as string);
    case 'subType':
      return subTypeLabel(t, estate.headType, String(value));
    case 'text':
      return String(value);
    case 'number':
      return formatNumber(Number(value));
    case 'year':
      return String(value);
    case 'currency':
      return formatCurrency(Number(value));
    case 'area':
      return formatArea(Number(value));
    case 'distance':
      return formatDistance(Number(value));
    case 'percent':
      return formatPercent(Number(value));
    case 'epc':
      return formatEpc(Number(value), t);
    case 'epcTotal':
      return formatEpcTotal(Number(value), t);
    case 'co2':
      return formatCo2(Number(value), t);
    case 'bool':
      return t.t(value ? 'display.yes' : 'display.no');
    case 'date': {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? String(value) : formatDate(date);
    }
    case 'localized':
      return pickText(value as LocalizedText, t.locale);
  }
}
