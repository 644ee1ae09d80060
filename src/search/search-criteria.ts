import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { belgianDay } from '../estates/display/price-history.js';
import { isAvailable } from '../estates/domain/availability.js';
import type { Estate, HeadType } from '../estates/domain/estate.js';
import { referenceKey } from '../estates/domain/format.js';
import { type EpcLabel, epcRankOf, listingFeatures } from '../estates/domain/listing-features.js';
import { searchPointOf } from '../estates/domain/search-point.js';
import { publicPrice } from '../estates/domain/visibility.js';
import { areaOf, areaParams, isInArea, type LatLon, resolveArea, type SearchArea } from './search-area.js';
import { type SEARCH_TRANSACTIONS, SearchCriteriaDto, type SORT_ORDERS } from './search-criteria.dto.js';

export type SearchTransaction = (typeof SEARCH_TRANSACTIONS)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];

/** What a visitor searches for; the same object drives the page, the query, the alerts and the links. */
export interface SearchCriteria {
  /** A visitor's search is always to buy or to rent (buy by default, as Belgian portals do); null, both, only in subscriptions stored before. */
  readonly transaction: SearchTransaction | null;
  readonly headTypes: readonly HeadType[];
  readonly subTypes: readonly string[];
  /** City names (any language's alias) or zip codes, as typed. */
  readonly locations: readonly string[];
  readonly priceMin: number | null;
  readonly priceMax: number | null;
  readonly bedroomsMin: number | null;
  readonly reference: string | null;
  /** The smallest living area and plot area, in m² (domain/listing-features.ts). */
  readonly livingAreaMin: number | null;
  readonly plotAreaMin: number | null;
  /** The worst EPC label accepted (`C`: A++ to C). */
  readonly epc: EpcLabel | null;
  readonly garden: boolean;
  readonly terrace: boolean;
  /** A garage or a parking space. */
  readonly parking: boolean;
  readonly facadesMin: number | null;
  readonly newBuild: boolean;
  /** Listed in the last N days (the days a sync first saw it: listed_at). */
  readonly newSince: number | null;
  /** A radius around a place or a point, or an area drawn on the map (search-area.ts). */
  readonly area: SearchArea | null;
  readonly sort: SortOrder;
  readonly page: number;
}

/** A search asks to buy unless it says to rent: a price order never starts with € 80 monthly rents among sales. */
export const DEFAULT_TRANSACTION: SearchTransaction = 'buy';

export const EMPTY_CRITERIA: SearchCriteria = {
  transaction: DEFAULT_TRANSACTION,
  headTypes: [],
  subTypes: [],
  locations: [],
  priceMin: null,
  priceMax: null,
  bedroomsMin: null,
  reference: null,
  livingAreaMin: null,
  plotAreaMin: null,
  epc: null,
  garden: false,
  terrace: false,
  parking: false,
  facadesMin: null,
  newBuild: false,
  newSince: null,
  area: null,
  sort: 'newest',
  page: 1,
};

type QueryValue = string | readonly string[] | undefined;

/**
 * The criteria of a query string (Fastify's parsed query, or URLSearchParams). Lenient: a value that does not
 * validate is ignored, so a mistyped price never turns a search into an error page.
 */
export function parseSearchQuery(query: Readonly<Record<string, unknown>> | URLSearchParams): SearchCriteria {
  const plain: Record<string, QueryValue> = {};
  if (query instanceof URLSearchParams) {
    for (const key of new Set(query.keys())) plain[key] = query.getAll(key);
  } else {
    Object.assign(plain, query);
  }
  const dto = plainToInstance(SearchCriteriaDto, plain);
  for (const error of validateSync(dto, { whitelist: true })) {
    delete (dto as unknown as Record<string, unknown>)[error.property];
  }
  let { priceMin, priceMax } = dto;
  // A range typed the wrong way round means the same range.
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  return {
    transaction: dto.transaction ?? DEFAULT_TRANSACTION,
    headTypes: (dto.headTypes ?? []) as HeadType[],
    subTypes: dto.subTypes ?? [],
    locations: dto.locations ?? [],
    priceMin: priceMin ?? null,
    priceMax: priceMax ?? null,
    bedroomsMin: dto.bedroomsMin ? dto.bedroomsMin : null,
    reference: dto.reference ?? null,
    livingAreaMin: dto.livingAreaMin ? dto.livingAreaMin : null,
    plotAreaMin: dto.plotAreaMin ? dto.plotAreaMin : null,
    epc: (dto.epc as EpcLabel | undefined) ?? null,
    garden: dto.garden === true,
    terrace: dto.terrace === true,
    parking: dto.parking === true,
    facadesMin: dto.facadesMin ?? null,
    newBuild: dto.newBuild === true,
    newSince: dto.newSince ?? null,
    area: areaOf(dto),
    sort: dto.sort ?? 'newest',
    page: dto.page ?? 1,
  };
}

/**
 * The query string of `criteria` (without `?`), with only what differs from the defaults, in a fixed order: the
 * same search always has the same URL (one cache entry, one canonical link). `page: false` leaves the page out
 * (links that change the filters start again at page 1; a saved search has no page). The transaction is written
 * whenever anything else is, as the search form sends it: every search URL says whether it is to buy or to rent,
 * and only the plain search to buy everything is the bare home page.
 */
export function toSearchQuery(criteria: Partial<SearchCriteria>, options: { page?: boolean; sort?: boolean } = {}): string {
  const params = new URLSearchParams();
  const full = { ...EMPTY_CRITERIA, ...criteria };
  for (const type of full.headTypes) params.append('headTypes', type);
  for (const type of full.subTypes) params.append('subTypes', type);
  if (full.locations.length > 0) params.append('locations', full.locations.join(', '));
  if (full.priceMin !== null) params.append('priceMin', String(full.priceMin));
  if (full.priceMax !== null) params.append('priceMax', String(full.priceMax));
  if (full.bedroomsMin !== null) params.append('bedroomsMin', String(full.bedroomsMin));
  if (full.reference) params.append('reference', full.reference);
  if (full.livingAreaMin !== null) params.append('livingAreaMin', String(full.livingAreaMin));
  if (full.plotAreaMin !== null) params.append('plotAreaMin', String(full.plotAreaMin));
  if (full.epc) params.append('epc', full.epc);
  if (full.garden) params.append('garden', '1');
  if (full.terrace) params.append('terrace', '1');
  if (full.parking) params.append('parking', '1');
  if (full.facadesMin !== null) params.append('facadesMin', String(full.facadesMin));
  if (full.newBuild) params.append('newBuild', '1');
  if (full.newSince !== null) params.append('newSince', String(full.newSince));
  if (full.area) for (const [key, value] of areaParams(full.area)) params.append(key, value);
  if (options.sort !== false && full.sort !== 'newest') params.append('sort', full.sort);
  if (options.page !== false && full.page > 1) params.append('page', String(full.page));
  const query = params.toString();
  if (!full.transaction || (query === '' && full.transaction === DEFAULT_TRANSACTION)) return query;
  return query === '' ? `transaction=${full.transaction}` : `transaction=${full.transaction}&${query}`;
}

/** Whether the criteria filter anything (sort and page aside). */
export function hasFilters(criteria: SearchCriteria): boolean {
  return toSearchQuery(criteria, { page: false, sort: false }) !== '';
}

/** Lower case without accents or punctuation: "Liège" and "liege", "Sint-Niklaas" and "sint niklaas" match. */
export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const ZIP = /^\d{4,5}$/;

/** Whether a location term is a zip code (matched exactly) rather than a city name. */
export function isZipTerm(term: string): boolean {
  return ZIP.test(term.trim());
}

function matchesLocation(estate: Estate, locations: readonly string[]): boolean {
  if (locations.length === 0) return true;
  const { city } = estate.address;
  const names = new Set([city.name, ...Object.values(city.alias)].filter((name): name is string => !!name).map(normalizeName));
  return locations.some((term) => (isZipTerm(term) ? city.zip === term.trim() : names.has(normalizeName(term))));
}

/**
 * The area is the listing's (a project's units are where the project is), tested at its search point (the city's
 * when the address is hidden: domain/search-point.ts). A radius around a place needs the place's point
 * (`placePoint`, the catalogue's cities); a place it does not know finds nothing, as the search does.
 */
function matchesArea(estate: Estate, area: SearchArea | null, placePoint: (place: string) => LatLon | null): boolean {
  if (!area) return true;
  const shape = resolveArea(area, placePoint);
  const point = searchPointOf(estate);
  return shape !== null && point !== null && isInArea(shape, point);
}

/** The criteria a single listing (a project itself or one of its units) answers on its own. */
function matchesOwn(estate: Estate, criteria: SearchCriteria): boolean {
  if (criteria.headTypes.length > 0 && !criteria.headTypes.includes(estate.headType)) return false;
  if (criteria.subTypes.length > 0 && !criteria.subTypes.includes(estate.subType ?? '')) return false;
  const price = publicPrice(estate);
  if (criteria.priceMin !== null && (price === null || price < criteria.priceMin)) return false;
  if (criteria.priceMax !== null && (price === null || price > criteria.priceMax)) return false;
  if (criteria.bedroomsMin !== null && (estate.bedrooms ?? 0) < criteria.bedroomsMin) return false;
  if (criteria.reference && !referenceKey(estate.reference ?? '').startsWith(referenceKey(criteria.reference))) return false;
  return matchesFeatures(estate, criteria);
}

/** Whether the criteria ask anything of what a listing has (area, EPC, garden, …): the unit-level filters of issue 38. */
export function hasFeatureFilters(criteria: SearchCriteria): boolean {
  return (
    criteria.livingAreaMin !== null ||
    criteria.plotAreaMin !== null ||
    criteria.epc !== null ||
    criteria.garden ||
    criteria.terrace ||
    criteria.parking ||
    criteria.facadesMin !== null ||
    criteria.newBuild
  );
}

/** What the listing has against the feature filters (domain/listing-features.ts: the columns the SQL filters on). */
function matchesFeatures(estate: Estate, criteria: SearchCriteria): boolean {
  if (!hasFeatureFilters(criteria)) return true;
  const has = listingFeatures(estate);
  if (criteria.livingAreaMin !== null && (has.livingArea === null || has.livingArea < criteria.livingAreaMin)) return false;
  if (criteria.plotAreaMin !== null && (has.plotArea === null || has.plotArea < criteria.plotAreaMin)) return false;
  if (criteria.epc !== null && (has.epcRank === null || has.epcRank > (epcRankOf(criteria.epc) ?? 0))) return false;
  if (criteria.garden && !has.hasGarden) return false;
  if (criteria.terrace && !has.hasTerrace) return false;
  if (criteria.parking && !has.hasParking) return false;
  if (criteria.facadesMin !== null && (has.facades === null || has.facades < criteria.facadesMin)) return false;
  if (criteria.newBuild && !has.newBuild) return false;
  return true;
}

/** Days in ms. */
const DAY_MS = 86_400_000;

/**
 * Since when a listing must be listed for "new since N days": N days before the start of `today` (a Belgian
 * calendar day, yyyy-mm-dd, as the cards' "new" badge counts days), at midnight in Belgium. A whole-day bound:
 * the same search finds the same listings all day, and its cached page changes at midnight with the badges.
 */
export function listedSince(newSince: number, today: string): Date {
  const midnightUtc = Date.parse(`${today}T00:00:00Z`) - newSince * DAY_MS;
  // Belgium is UTC+1 or UTC+2: the offset of that day's midnight, from what the time zone says of it.
  const offsetHours = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels', hour: '2-digit', hourCycle: 'h23' }).format(new Date(midnightUtc)));
  return new Date(midnightUtc - offsetHours * 3_600_000);
}

function belgianToday(): string {
  return belgianDay(new Date());
}

/** Whether the listing was listed since that bound (a listing on offer before the site knew it, listed_at null, is not new). */
function matchesNewSince(estate: Estate, since: Date | null): boolean {
  if (since === null) return true;
  const listedAt = estate.marks?.listedAt ?? null;
  return listedAt !== null && new Date(listedAt).getTime() >= since.getTime();
}

/**
 * Whether a listing answers the criteria: the rule the search query implements in SQL, and what alert digests
 * ask of a new listing. Transaction and location are the listing's; type, price, bedrooms and reference are the
 * listing's own or, for a project, those of one of its units (a project of flats is found by a search for a
 * two-bedroom flat under € 300.000); the area too is the listing's. Visibility (hidden statuses, sold listings) is not a criterion: callers pass
 * visible listings (domain/visibility.ts).
 */
export function matchesCriteria(
  estate: Estate,
  criteria: SearchCriteria,
  placePoint: (place: string) => LatLon | null = () => null,
  since: Date | null = criteria.newSince === null ? null : listedSince(criteria.newSince, belgianToday()),
): boolean {
  if (criteria.transaction !== null && estate.transaction.forRent !== (criteria.transaction === 'rent')) return false;
  if (!matchesNewSince(estate, since)) return false;
  if (!matchesLocation(estate, criteria.locations)) return false;
  if (!matchesArea(estate, criteria.area, placePoint)) return false;
  return matchesOwn(estate, criteria) || (estate.isProject && estate.children.some((unit) => isAvailable(unit) && matchesOwn(unit, criteria)));
}
