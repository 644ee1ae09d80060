import { ENERGY_LABEL, ROOM_TYPES } from './enums.js';
import type { Estate } from './estate.js';

/**
 * What a listing has, as the search filters ask it (issue 38: living and plot area, EPC label, garden, terrace,
 * parking, facades, new build). One rule each, used by the sync's column writer (persistence/estate-record.ts toRow:
 * the search's SQL filters on those columns) and by matchesCriteria (search/search-criteria.ts: the alerts), so a
 * listing the search finds is the listing an alert mails. The migration that added the columns
 * (migrations/1796400000000-SearchFilters.ts) fills them for rows synced before with the same rules in SQL.
 */

/** A figure the CRM sends is a fact only when positive: 0 and -1 mean "not stated" (display/display-field.ts). */
function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** Areas are kept to the cm² as the column holds them (numeric(10,2)); a larger figure than 10 km² is a typing error. */
const MAX_AREA_M2 = 10_000_000;

function area(value: number | null | undefined): number | null {
  const m2 = positive(value);
  if (m2 === null || m2 >= MAX_AREA_M2) return null;
  const rounded = Math.round(m2 * 100) / 100;
  return rounded > 0 ? rounded : null;
}

/** The living area in m² (dimensions.areaBuild: what the cards and the detail call the living area). */
export function livingAreaOf(estate: Pick<Estate, 'dimensions'>): number | null {
  return area(estate.dimensions.areaBuild);
}

/** The plot area in m² (dimensions.areaGround). */
export function plotAreaOf(estate: Pick<Estate, 'dimensions'>): number | null {
  return area(estate.dimensions.areaGround);
}

/** The single EPC labels from best to worst: a label's rank is its place here (A++ = 1 … G = 9). */
export const EPC_LABELS = ENERGY_LABEL.filter((label) => !label.includes('_'));
export type EpcLabel = (typeof EPC_LABELS)[number];

/**
 * The rank of an EPC label (1 = A++ … 9 = G), so "EPC C or better" is `rank <= 5`; a pair such as 'B_C' (a project's
 * range, a certificate between classes) ranks as its worse label, so "B or better" never finds a C. Null: no label.
 */
export function epcRankOf(label: string | null | undefined): number | null {
  if (!label) return null;
  const parts = label.trim().toUpperCase().split('_');
  const ranks = parts.map((part) => EPC_LABELS.indexOf(part as EpcLabel) + 1);
  return ranks.length > 0 && ranks.every((rank) => rank > 0) ? Math.max(...ranks) : null;
}

/** The listing's own EPC rank (energy.energyLabel). */
export function listingEpcRank(estate: Pick<Estate, 'energy'>): number | null {
  return epcRankOf(estate.energy.energyLabel);
}

function hasRoom(estate: Pick<Estate, 'layoutRooms'>, ...typeIds: number[]): boolean {
  return estate.layoutRooms.some((room) => typeIds.includes(room.typeId) && (room.count === null || room.count > 0));
}

/** A garden: the garden's kind is stated (laid out or not), it has a surface, or the layout lists one. */
export function hasGarden(estate: Pick<Estate, 'comfort' | 'layoutRooms'>): boolean {
  return !!estate.comfort.garden || positive(estate.comfort.gardenSurface) !== null || hasRoom(estate, ROOM_TYPES.GARDEN);
}

/** A terrace: it has a surface, or the layout lists one. */
export function hasTerrace(estate: Pick<Estate, 'comfort' | 'layoutRooms'>): boolean {
  return positive(estate.comfort.terraceSurface) !== null || hasRoom(estate, ROOM_TYPES.TERRACE);
}

/** A garage or a parking space: the layout lists one, or the listing is itself a garage or parking space. */
export function hasParking(estate: Pick<Estate, 'headType' | 'layoutRooms'>): boolean {
  return estate.headType === 'GARAGE' || hasRoom(estate, ROOM_TYPES.GARAGE, ROOM_TYPES.PARKING_SPACE);
}

/** Facades by construction type: closed (terraced) 2, half-open (semi-detached) 3, open (detached) 4. */
const FACADES_BY_BUILDING_TYPE: Readonly<Record<string, number>> = { CLOSED: 2, HALF_OPEN: 3, OPEN: 4 };
/** A house's sub type says it when the construction type is not given. */
const FACADES_BY_SUB_TYPE: Readonly<Record<string, number>> = { TERRACED_HOUSE: 2, SEMI_DETACHED: 3, DETACHED: 4, VILLA: 4 };

/** The number of facades (2, 3 or 4), from the construction type or else a house's sub type; null when unknown. */
export function facadesOf(estate: Pick<Estate, 'technical' | 'headType' | 'subType'>): number | null {
  const byType = estate.technical.buildingType ? FACADES_BY_BUILDING_TYPE[estate.technical.buildingType] : undefined;
  if (byType !== undefined) return byType;
  return estate.headType === 'HOUSE' && estate.subType ? (FACADES_BY_SUB_TYPE[estate.subType] ?? null) : null;
}

/** A new build: the CRM says so, or it is a new-build project. */
export function isNewBuild(estate: Pick<Estate, 'technical' | 'subType'>): boolean {
  return estate.technical.newBuilding === true || estate.subType === 'NEW_BUILD_PROJECT';
}

/** Everything above at once: the estates row's search columns. */
export interface ListingFeatures {
  readonly livingArea: number | null;
  readonly plotArea: number | null;
  readonly epcRank: number | null;
  readonly hasGarden: boolean;
  readonly hasTerrace: boolean;
  readonly hasParking: boolean;
  readonly facades: number | null;
  readonly newBuild: boolean;
}

export function listingFeatures(estate: Estate): ListingFeatures {
  return {
    livingArea: livingAreaOf(estate),
    plotArea: plotAreaOf(estate),
    epcRank: listingEpcRank(estate),
    hasGarden: hasGarden(estate),
    hasTerrace: hasTerrace(estate),
    hasParking: hasParking(estate),
    facades: facadesOf(estate),
    newBuild: isNewBuild(estate),
  };
}
