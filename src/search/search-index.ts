import { UNAVAILABLE_STATUSES } from '../estates/domain/availability.js';
import { referenceKey } from '../estates/domain/format.js';
import { epcRankOf, type ListingFeatures } from '../estates/domain/listing-features.js';
import { belgianDay } from '../estates/display/price-history.js';
import { type AreaShape, distanceSquared, isInArea } from './search-area.js';
import { listedSince, type SearchCriteria } from './search-criteria.js';

/** Which listings a visitor may find, from the settings. */
export interface SearchVisibility {
  readonly hiddenStatus: readonly string[];
  /** Sold and rented listings are shown (last) as references. */
  readonly showUnavailable: boolean;
}

/** Locations resolved against the catalogue's cities: exact zips, and (zip, name) pairs a typed name stands for. */
export interface ResolvedLocations {
  readonly zips: readonly string[];
  readonly cityZips: readonly string[];
  readonly cityNames: readonly string[];
}

/**
 * One listing's search columns (estate-record.ts writes them from the document, by the rules matchesCriteria
 * applies to the alerts; what it has is domain/listing-features.ts's), as the index holds them: a few hundred bytes a
 * listing, not its document.
 */
export interface IndexedListing extends ListingFeatures {
  readonly id: number;
  readonly parentId: number | null;
  readonly isProject: boolean;
  readonly forRent: boolean;
  readonly status: string;
  /** Epoch milliseconds. */
  readonly updatedAt: number;
  readonly listedAt: number | null;
  readonly priceReducedAt: number | null;
  readonly cityZip: string;
  readonly cityName: string;
  readonly headType: string;
  readonly subType: string | null;
  readonly publicPrice: number | null;
  readonly bedrooms: number | null;
  readonly referenceKey: string | null;
  /** The exact point (map markers), and the point a search by area tests (domain/search-point.ts). */
  readonly lat: number | null;
  readonly lon: number | null;
  readonly areaLat: number | null;
  readonly areaLon: number | null;
  /** The agency shows the address (a marker needs it). */
  readonly addressVisible: boolean;
}

export interface MarkerRow {
  readonly id: number;
  readonly lat: number;
  readonly lon: number;
  readonly headType: string;
  readonly status: string;
}

/** The statuses a search leaves out: hidden ones always, sold and rented ones unless the setting shows them. */
export function excludedStatuses(visibility: SearchVisibility): string[] {
  return [...new Set<string>([...visibility.hiddenStatus, ...(visibility.showUnavailable ? [] : UNAVAILABLE_STATUSES)])];
}

type Test = (listing: IndexedListing) => boolean;

/** All of the tests, or null when there are none (no test of that kind is asked). */
function allOf(tests: Test[]): Test | null {
  if (tests.length === 0) return null;
  return (listing) => tests.every((test) => test(listing));
}

/** A listing's own values against the unit-level criteria (type, price, bedrooms, reference, what it has). */
function ownTest(criteria: SearchCriteria): Test | null {
  const tests: Test[] = [];
  const at = <T>(value: T | null, test: (value: T) => boolean) => value !== null && test(value);
  if (criteria.headTypes.length > 0) {
    const types = new Set<string>(criteria.headTypes);
    tests.push((listing) => types.has(listing.headType));
  }
  if (criteria.subTypes.length > 0) {
    const types = new Set(criteria.subTypes);
    tests.push((listing) => at(listing.subType, (type) => types.has(type)));
  }
  const { priceMin, priceMax, bedroomsMin, livingAreaMin, plotAreaMin, facadesMin } = criteria;
  if (priceMin !== null) tests.push((listing) => at(listing.publicPrice, (price) => price >= priceMin));
  if (priceMax !== null) tests.push((listing) => at(listing.publicPrice, (price) => price <= priceMax));
  if (bedroomsMin !== null) tests.push((listing) => at(listing.bedrooms, (bedrooms) => bedrooms >= bedroomsMin));
  if (criteria.reference) {
    const prefix = referenceKey(criteria.reference);
    tests.push((listing) => at(listing.referenceKey, (key) => key.startsWith(prefix)));
  }
  if (livingAreaMin !== null) tests.push((listing) => at(listing.livingArea, (area) => area >= livingAreaMin));
  if (plotAreaMin !== null) tests.push((listing) => at(listing.plotArea, (area) => area >= plotAreaMin));
  if (criteria.epc !== null) {
    const worst = epcRankOf(criteria.epc);
    tests.push((listing) => worst !== null && at(listing.epcRank, (rank) => rank <= worst));
  }
  if (criteria.garden) tests.push((listing) => listing.hasGarden);
  if (criteria.terrace) tests.push((listing) => listing.hasTerrace);
  if (criteria.parking) tests.push((listing) => listing.hasParking);
  if (facadesMin !== null) tests.push((listing) => at(listing.facades, (facades) => facades >= facadesMin));
  if (criteria.newBuild) tests.push((listing) => listing.newBuild);
  return allOf(tests);
}

/** The listing's place against the resolved locations: an exact zip, or a zip and a name a typed name stands for. */
function locationTest(locations: ResolvedLocations | null): Test | null {
  if (!locations) return null;
  const zips = new Set(locations.zips);
  const cityZips = new Set(locations.cityZips);
  const cityNames = new Set(locations.cityNames);
  return (listing) => zips.has(listing.cityZip) || (cityZips.has(listing.cityZip) && cityNames.has(listing.cityName));
}

function areaTest(area: SearchCriteria['area']): Test | null {
  if (!area) return null;
  // The service resolves a radius around a place to its point; a place it did not know finds nothing.
  if (area.kind === 'near') return () => false;
  return (listing) => listing.areaLat !== null && listing.areaLon !== null && isInArea(area, { lat: listing.areaLat, lon: listing.areaLon });
}

type Compare = (a: IndexedListing, b: IndexedListing) => number;

/** Ascending with the listings that have no value last (as SQL's NULLS LAST); `descending` flips the values only. */
function byValue(value: (listing: IndexedListing) => number | null, descending = false): Compare {
  return (a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return descending ? y - x : x - y;
  };
}

function thenBy(...comparisons: Compare[]): Compare {
  return (a, b) => {
    for (const compare of comparisons) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
}

const idAscending: Compare = (a, b) => a.id - b.id;
const idDescending: Compare = (a, b) => b.id - a.id;
const newest = thenBy(
  byValue((listing) => listing.updatedAt, true),
  idDescending,
);

/** The orders a visitor picks, besides "nearest first" (which depends on the circle); a listing on request has no public price and sorts after the priced ones both ways. */
const ORDERS: Record<Exclude<SearchCriteria['sort'], 'distance'>, Compare> = {
  newest,
  'price-asc': thenBy(byValue((listing) => listing.publicPrice), idAscending),
  'price-desc': thenBy(byValue((listing) => listing.publicPrice, true), idDescending),
  // Cheapest per m² of living area first; without a living area or a public price last (living_area is never 0: domain/listing-features.ts).
  'price-per-m2': thenBy(byValue((listing) => (listing.publicPrice === null || listing.livingArea === null ? null : listing.publicPrice / listing.livingArea)), idAscending),
  'area-desc': thenBy(byValue((listing) => listing.livingArea, true), newest),
  // The most recent price reduction first (kept by the sync: display/price-history.ts priceReducedAfter), then the others as `newest`.
  reduced: thenBy(byValue((listing) => listing.priceReducedAt, true), newest),
};

/** Nearest to a circle's centre first (the point a search by area tests: every listing found has one), then by id. */
function nearestFirst(listings: readonly IndexedListing[], area: Extract<AreaShape, { kind: 'circle' }>): IndexedListing[] {
  return listings
    .map((listing) => ({ listing, distance: distanceSquared(area, { lat: listing.areaLat ?? 0, lon: listing.areaLon ?? 0 }) }))
    .sort((a, b) => a.distance - b.distance || a.listing.id - b.listing.id)
    .map(({ listing }) => listing);
}

export interface IndexPage {
  /** The page's top-level listings in order. */
  readonly ids: number[];
  readonly total: number;
}

/**
 * The catalogue's search columns in memory, one snapshot per catalogue version (search.service.ts loads it once
 * a sync changed listings): a search, its count and its map markers are a pass over these rows, with no query.
 * On the embedded database each of the three queries a search made cost more CPU than the whole page should
 * (issue 39: 12 ms a distinct search for 78 listings); a pass over 10,000 listings' few columns takes well under
 * a millisecond. The rules are those of matchesCriteria (search-criteria.ts) over the columns the sync writes
 * from the same functions (estate-record.ts): top-level listings only (projects and standalone listings; units
 * are found through their project), and a project is found when it, or one of its units still on offer, answers
 * the unit-level criteria.
 */
export class SearchIndex {
  /** Top-level listings, by order, sorted when first asked. */
  private readonly sorted = new Map<string, readonly IndexedListing[]>();
  private readonly topLevel: readonly IndexedListing[];
  private readonly units = new Map<number, IndexedListing[]>();

  constructor(listings: readonly IndexedListing[]) {
    this.topLevel = listings.filter((listing) => listing.parentId === null);
    for (const listing of listings) {
      if (listing.parentId === null) continue;
      const family = this.units.get(listing.parentId) ?? [];
      family.push(listing);
      this.units.set(listing.parentId, family);
    }
    for (const family of this.units.values()) family.sort(idAscending);
  }

  get size(): number {
    return this.topLevel.length;
  }

  /** A project's units, in id order. */
  unitsOf(id: number): readonly IndexedListing[] {
    return this.units.get(id) ?? [];
  }

  /** The top-level listings a search finds, in the search's order. */
  matches(criteria: SearchCriteria, locations: ResolvedLocations | null, visibility: SearchVisibility, today = belgianDay(new Date())): IndexedListing[] {
    const test = this.test(criteria, locations, visibility, today);
    const { area } = criteria;
    let found: IndexedListing[];
    if (criteria.sort === 'distance' && area?.kind === 'circle') found = nearestFirst(this.topLevel.filter(test), area);
    else found = this.inOrder(criteria.sort === 'distance' ? 'newest' : criteria.sort).filter(test);
    if (!visibility.showUnavailable) return found;
    // Sold and rented listings (shown as references) come after every available one, each part in the order.
    const unavailable = new Set<string>(UNAVAILABLE_STATUSES);
    return [...found.filter((listing) => !unavailable.has(listing.status)), ...found.filter((listing) => unavailable.has(listing.status))];
  }

  /** A results page: its listings' ids and how many listings match in all. */
  page(criteria: SearchCriteria, locations: ResolvedLocations | null, visibility: SearchVisibility, pageSize: number): IndexPage {
    const found = this.matches(criteria, locations, visibility);
    const start = (criteria.page - 1) * pageSize;
    return { ids: found.slice(start, start + pageSize).map((listing) => listing.id), total: found.length };
  }

  /**
   * Map markers of the whole result set, in id order (SPEC §4: geo-location, type and status required; hidden
   * statuses have none, as in domain/visibility.ts mapMarkers). A listing whose address the agency hides has no exact point.
   */
  markers(criteria: SearchCriteria, locations: ResolvedLocations | null, visibility: SearchVisibility): MarkerRow[] {
    return this.matches(criteria, locations, visibility)
      .filter((listing) => listing.lat !== null && listing.lon !== null && listing.headType !== '' && listing.status !== '' && listing.addressVisible)
      .sort(idAscending)
      .map((listing) => ({ id: listing.id, lat: listing.lat!, lon: listing.lon!, headType: listing.headType, status: listing.status }));
  }

  private inOrder(sort: keyof typeof ORDERS): readonly IndexedListing[] {
    let listings = this.sorted.get(sort);
    if (!listings) {
      listings = [...this.topLevel].sort(ORDERS[sort] ?? newest);
      this.sorted.set(sort, listings);
    }
    return listings;
  }

  private test(criteria: SearchCriteria, locations: ResolvedLocations | null, visibility: SearchVisibility, today: string): Test {
    const excluded = new Set(excludedStatuses(visibility));
    const since = criteria.newSince === null ? null : listedSince(criteria.newSince, today).getTime();
    const listingTests: Test[] = [(listing) => !excluded.has(listing.status)];
    if (criteria.transaction) {
      const forRent = criteria.transaction === 'rent';
      listingTests.push((listing) => listing.forRent === forRent);
    }
    // "New since N days" is the listing's (a project is new when the site first saw it, not when a unit was added).
    if (since !== null) listingTests.push((listing) => listing.listedAt !== null && listing.listedAt >= since);
    const location = locationTest(locations);
    if (location) listingTests.push(location);
    const area = areaTest(criteria.area);
    if (area) listingTests.push(area);
    const listingTest = allOf(listingTests)!;
    const own = ownTest(criteria);
    if (!own) return listingTest;
    // A unit is on offer when neither hidden nor sold or rented, whatever the setting shows of top-level listings.
    const unitExcluded = new Set<string>([...visibility.hiddenStatus, ...UNAVAILABLE_STATUSES]);
    return (listing) =>
      listingTest(listing) && (own(listing) || (listing.isProject && this.unitsOf(listing.id).some((unit) => !unitExcluded.has(unit.status) && own(unit))));
  }
}
