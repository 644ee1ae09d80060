import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { isAvailable } from '../estates/domain/availability.js';
import type { Estate, HeadType } from '../estates/domain/estate.js';
import { referenceKey } from '../estates/domain/format.js';
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
  return true;
}

/**
 * Whether a listing answers the criteria: the rule the search query implements in SQL, and what alert digests
 * ask of a new listing. Transaction and location are the listing's; type, price, bedrooms and reference are the
 * listing's own or, for a project, those of one of its units (a project of flats is found by a search for a
 * two-bedroom flat under € 300.000); the area too is the listing's. Visibility (hidden statuses, sold listings) is not a criterion: callers pass
 * visible listings (domain/visibility.ts).
 */
export function matchesCriteria(estate: Estate, criteria: SearchCriteria, placePoint: (place: string) => LatLon | null = () => null): boolean {
  if (criteria.transaction !== null && estate.transaction.forRent !== (criteria.transaction === 'rent')) return false;
  if (!matchesLocation(estate, criteria.locations)) return false;
  if (!matchesArea(estate, criteria.area, placePoint)) return false;
  return matchesOwn(estate, criteria) || (estate.isProject && estate.children.some((unit) => isAvailable(unit) && matchesOwn(unit, criteria)));
}
