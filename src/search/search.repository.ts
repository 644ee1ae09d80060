import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { UNAVAILABLE_STATUSES } from '../estates/domain/availability.js';
import type { Estate } from '../estates/domain/estate.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import { referenceKey } from '../estates/domain/format.js';
import { belgianDay } from '../estates/display/price-history.js';
import { epcRankOf } from '../estates/domain/listing-features.js';
import type { LandingCandidate } from './landing-pages.js';
import { areaCondition, distanceOrder } from './search-area.js';
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

export interface SearchPage {
  /** The page's listings in order, projects with their visible units. */
  readonly estates: Estate[];
  readonly total: number;
}

export interface MarkerRow {
  readonly id: number;
  readonly lat: number;
  readonly lon: number;
  readonly headType: string;
  readonly status: string;
}

/** A city that has listings a visitor may see. */
export interface CityRow {
  readonly zip: string;
  readonly name: string;
  readonly alias: LocalizedText;
  readonly country: string;
  /** Top-level listings a visitor may see, of both transactions. */
  readonly count: number;
  /** The same per transaction, as a search to buy or to rent counts them. */
  readonly counts?: { readonly buy: number; readonly rent: number };
  /** The city's point (its listings' city coordinates): what a radius around it is drawn from. */
  readonly lat?: number | null;
  readonly lon?: number | null;
}

/** What the filters offer: the head and sub types that exist, per transaction. */
export interface FacetRow {
  readonly forRent: boolean;
  readonly headType: string;
  readonly subType: string | null;
  readonly count: number;
}

/** Collects positional parameters for one statement. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A listing's own values against the unit-level criteria (type, price, bedrooms, reference, what it has). */
function ownConditions(alias: string, criteria: SearchCriteria, params: Params): string[] {
  const conditions: string[] = [];
  if (criteria.headTypes.length > 0) conditions.push(`${alias}.head_type = ANY(${params.add(criteria.headTypes)})`);
  if (criteria.subTypes.length > 0) conditions.push(`${alias}.sub_type = ANY(${params.add(criteria.subTypes)})`);
  if (criteria.priceMin !== null) conditions.push(`${alias}.public_price >= ${params.add(criteria.priceMin)}`);
  if (criteria.priceMax !== null) conditions.push(`${alias}.public_price <= ${params.add(criteria.priceMax)}`);
  if (criteria.bedroomsMin !== null) conditions.push(`${alias}.bedrooms >= ${params.add(criteria.bedroomsMin)}`);
  if (criteria.reference) conditions.push(`${alias}.reference_key LIKE ${params.add(`${referenceKey(criteria.reference)}%`)}`);
  // What the listing has (issue 38): columns the sync writes from domain/listing-features.ts, as matchesCriteria reads it.
  if (criteria.livingAreaMin !== null) conditions.push(`${alias}.living_area >= ${params.add(criteria.livingAreaMin)}`);
  if (criteria.plotAreaMin !== null) conditions.push(`${alias}.plot_area >= ${params.add(criteria.plotAreaMin)}`);
  if (criteria.epc !== null) conditions.push(`${alias}.epc_rank <= ${params.add(epcRankOf(criteria.epc))}`);
  if (criteria.garden) conditions.push(`${alias}.has_garden`);
  if (criteria.terrace) conditions.push(`${alias}.has_terrace`);
  if (criteria.parking) conditions.push(`${alias}.has_parking`);
  if (criteria.facadesMin !== null) conditions.push(`${alias}.facades >= ${params.add(criteria.facadesMin)}`);
  if (criteria.newBuild) conditions.push(`${alias}.new_build`);
  return conditions;
}


/** The statuses a search leaves out: hidden ones always, sold and rented ones unless the setting shows them. */
export function excludedStatuses(visibility: SearchVisibility): string[] {
  return [...new Set<string>([...visibility.hiddenStatus, ...(visibility.showUnavailable ? [] : UNAVAILABLE_STATUSES)])];
}

/** Columns the result orders and the map need, selected by every arm of a search. */
const MATCH_COLUMNS = 'e.id, e.updated_at, e.public_price, e.status, e.lat, e.lon, e.head_type, e.price_reduced_at, e.living_area, e.area_lat, e.area_lon';

/**
 * The listings a search finds, as a row source (`FROM (…) e`): top-level listings only (projects and standalone
 * listings; units are found through their project), the SQL form of matchesCriteria (search-criteria.ts). A
 * project is found when it, or one of its units still on offer, answers the unit-level criteria: that is a second
 * arm of a UNION ALL, so each arm filters on its indexes (an OR over both would scan every listing of a transaction).
 */
export function matchingListings(
  criteria: SearchCriteria,
  locations: ResolvedLocations | null,
  visibility: SearchVisibility,
  params: Params,
  /** For a results page: each arm in the page's order, cut at the page's end (so each reads its order's index only that far). */
  page?: { readonly order: string; readonly limit: string },
): string {
  const base = ['e.parent_id IS NULL', `e.status <> ALL(${params.add(excludedStatuses(visibility))})`];
  if (criteria.transaction) base.push(`e.for_rent = ${params.add(criteria.transaction === 'rent')}`);
  // "New since N days" is the listing's (a project is new when the site first saw it, not when a unit was added).
  if (criteria.newSince !== null) base.push(`e.listed_at >= ${params.add(listedSince(criteria.newSince, belgianDay(new Date())).toISOString())}::timestamptz`);
  if (locations) {
    const parts: string[] = [];
    if (locations.zips.length > 0) parts.push(`e.city_zip = ANY(${params.add(locations.zips)})`);
    if (locations.cityNames.length > 0) {
      parts.push(`(e.city_zip = ANY(${params.add(locations.cityZips)}) AND e.city_name = ANY(${params.add(locations.cityNames)}))`);
    }
    base.push(parts.length > 0 ? `(${parts.join(' OR ')})` : 'false');
  }
  if (criteria.area) {
    // The service resolves a radius around a place to its point; a place it did not know finds nothing.
    const { area } = criteria;
    base.push(area.kind === 'near' ? 'false' : areaCondition(area, 'e.area_lat', 'e.area_lon', (value) => params.add(value)));
  }
  const own = ownConditions('e', criteria, params);
  const select = `SELECT ${MATCH_COLUMNS} FROM estates e WHERE `;
  const cut = page ? ` ORDER BY ${page.order} LIMIT ${page.limit}` : '';
  if (own.length === 0) return `(${select}${base.join(' AND ')}${cut})`;
  const unitExcluded = params.add([...new Set<string>([...visibility.hiddenStatus, ...UNAVAILABLE_STATUSES])]);
  const unit = ownConditions('u', criteria, params);
  const throughUnits = `e.is_project AND EXISTS (SELECT 1 FROM estates u WHERE u.parent_id = e.id AND u.status <> ALL(${unitExcluded}) AND ${unit.join(' AND ')})`;
  // The arms do not overlap (the second takes only projects the first left out), so UNION ALL: no de-duplication,
  // and each arm can deliver its rows in the result order.
  const ownMatch = own.join(' AND ');
  // A page cuts each arm at the page's end in the page's order: the first arm then reads its order's index (the
  // newest, the price, …) until it has enough rows that pass the filters, instead of the planner sorting every
  // listing that matches (it does not merge the arms' ordered scans by itself).
  return `((${select}${[...base, ownMatch].join(' AND ')}${cut}) UNION ALL (${select}${[...base, `NOT coalesce((${ownMatch}), false)`, throughUnits].join(' AND ')}${cut}))`;
}

/** A listing on request has no public price: no price bound finds it, and it sorts after the priced ones both ways (NULLS LAST). */
function orderBy(criteria: SearchCriteria, visibility: SearchVisibility, params: Params): string {
  // Sold and rented listings (when shown at all) come after every available one; when they are not shown the
  // order is on plain columns, which the search indexes deliver already sorted.
  const unavailableLast = visibility.showUnavailable ? `(e.status = ANY(${params.add(UNAVAILABLE_STATUSES)})), ` : '';
  switch (criteria.sort) {
    case 'price-asc':
      return `${unavailableLast}e.public_price ASC NULLS LAST, e.id`;
    case 'price-desc':
      return `${unavailableLast}e.public_price DESC NULLS LAST, e.id DESC`;
    case 'price-per-m2':
      // Cheapest per m² of living area first; without a living area or a public price last (NULL), as
      // ix_estates_search_price_m2 holds them (living_area is never 0: domain/listing-features.ts).
      return `${unavailableLast}(e.public_price / e.living_area) ASC NULLS LAST, e.id`;
    case 'area-desc':
      return `${unavailableLast}e.living_area DESC NULLS LAST, e.updated_at DESC, e.id DESC`;
    case 'distance': {
      // Nearest to the radius's centre first (the service resolved a place's radius to its point); without a
      // radius there is no centre, and the order is the newest.
      const { area } = criteria;
      if (area?.kind === 'circle') return `${unavailableLast}${distanceOrder(area, 'e.area_lat', 'e.area_lon', (value) => params.add(value))} ASC, e.id`;
      return `${unavailableLast}e.updated_at DESC, e.id DESC`;
    }
    case 'reduced':
      // The most recent price reduction first (estates.price_reduced_at, kept by the sync: display/price-history.ts
      // priceReducedAfter), then the others as `newest`; ix_estates_search_reduced holds exactly this order.
      return `${unavailableLast}e.price_reduced_at DESC NULLS LAST, e.updated_at DESC, e.id DESC`;
    default:
      return `${unavailableLast}e.updated_at DESC, e.id DESC`;
  }
}

interface DocumentRow {
  id: number;
  parent_id: number | null;
  document: Omit<Estate, 'children'>;
  listed_at: Date | null;
  price_reduced_at: Date | null;
}

/** The history dates the cards' badges read, from the row beside the document. */
function marksOf(row: DocumentRow): NonNullable<Estate['marks']> {
  return { listedAt: row.listed_at, priceReducedAt: row.price_reduced_at };
}

/** Search queries over the cached listings (raw SQL: the bench explains exactly these statements). */
@Injectable()
export class SearchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The statement of one results page, for the query and for EXPLAIN: ids only, so the sort never reads the
   * listings' documents (read for the page's few rows afterwards).
   */
  pageStatement(criteria: SearchCriteria, locations: ResolvedLocations | null, visibility: SearchVisibility, pageSize: number): { sql: string; params: unknown[] } {
    const params = new Params();
    const order = orderBy(criteria, visibility, params);
    const source = matchingListings(criteria, locations, visibility, params, { order, limit: params.add(criteria.page * pageSize) });
    const sql = `SELECT e.id FROM ${source} e ORDER BY ${order} LIMIT ${params.add(pageSize)} OFFSET ${params.add((criteria.page - 1) * pageSize)}`;
    return { sql, params: params.values };
  }

  /** A results page; `count` gives the number of matches when the page alone does not tell (the caller may remember it). */
  async page(
    criteria: SearchCriteria,
    locations: ResolvedLocations | null,
    visibility: SearchVisibility,
    pageSize: number,
    count: () => Promise<number> = () => this.count(criteria, locations, visibility),
  ): Promise<SearchPage> {
    const { sql, params } = this.pageStatement(criteria, locations, visibility, pageSize);
    const ids = ((await this.dataSource.query(sql, params)) as Array<{ id: number }>).map((row) => row.id);
    const total = ids.length < pageSize && (criteria.page === 1 || ids.length > 0) ? (criteria.page - 1) * pageSize + ids.length : await count();
    if (ids.length === 0) return { estates: [], total };
    // The page's listings and, for projects, their units a visitor may see, in one round trip.
    const rows: DocumentRow[] = await this.dataSource.query(
      `SELECT id, parent_id, document, listed_at, price_reduced_at FROM estates WHERE id = ANY($1) OR (parent_id = ANY($1) AND status <> ALL($2)) ORDER BY id`,
      [ids, visibility.hiddenStatus],
    );
    const byId = new Map(rows.filter((row) => row.parent_id === null || ids.includes(row.id)).map((row) => [row.id, row]));
    const estates = ids
      .map((id) => byId.get(id))
      .filter((row): row is DocumentRow => row !== undefined)
      .map((row) => ({
        ...row.document,
        marks: marksOf(row),
        children: row.document.isProject ? rows.filter((unit) => unit.parent_id === row.id).map((unit) => ({ ...unit.document, children: [], marks: marksOf(unit) })) : [],
      }));
    return { estates, total };
  }

  /** How many listings match (a page past the end still says how many there are). */
  async count(criteria: SearchCriteria, locations: ResolvedLocations | null, visibility: SearchVisibility): Promise<number> {
    const params = new Params();
    const source = matchingListings(criteria, locations, visibility, params);
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM ${source} e`, params.values);
    return Number(row.n);
  }

  /**
   * Map markers of the whole result set (SPEC §4: geo-location, type and status required; hidden statuses have
   * none, as in domain/visibility.ts mapMarkers). A listing whose address the agency hides has no exact point.
   */
  async markers(criteria: SearchCriteria, locations: ResolvedLocations | null, visibility: SearchVisibility): Promise<MarkerRow[]> {
    const params = new Params();
    const source = matchingListings(criteria, locations, visibility, params);
    return this.dataSource.query(
      `SELECT e.id, e.lat, e.lon, e.head_type AS "headType", e.status FROM ${source} e JOIN estates d ON d.id = e.id
        WHERE e.lat IS NOT NULL AND e.lon IS NOT NULL AND e.head_type <> '' AND e.status <> ''
          AND coalesce((d.document->'address'->>'visible')::boolean, true)
        ORDER BY e.id`,
      params.values,
    );
  }

  /** Cities with listings a visitor may see (top-level listings, as the search counts them), in all and per transaction. */
  async cities(visibility: SearchVisibility): Promise<CityRow[]> {
    const rows: Array<{ zip: string; name: string; alias: LocalizedText | null; country: string | null; count: string; buy: string; rent: string; lat: number | null; lon: number | null }> = await this.dataSource.query(
      `SELECT e.city_zip AS zip, e.city_name AS name, min((e.document->'address'->'city'->'alias')::text)::jsonb AS alias,
              min(e.document->'address'->>'country') AS country, count(*) AS count,
              count(*) FILTER (WHERE NOT e.for_rent) AS buy, count(*) FILTER (WHERE e.for_rent) AS rent,
              coalesce(avg(CASE WHEN jsonb_typeof(e.document->'address'->'city'->'lat') = 'number' THEN (e.document->'address'->'city'->>'lat')::double precision END), avg(e.area_lat)) AS lat,
              coalesce(avg(CASE WHEN jsonb_typeof(e.document->'address'->'city'->'lon') = 'number' THEN (e.document->'address'->'city'->>'lon')::double precision END), avg(e.area_lon)) AS lon
         FROM estates e WHERE e.parent_id IS NULL AND e.status <> ALL($1)
        GROUP BY e.city_zip, e.city_name`,
      [excludedStatuses(visibility)],
    );
    const coordinate = (value: number | string | null) => (value === null ? null : Number(value));
    return rows.map((row) => ({
      zip: row.zip,
      name: row.name,
      alias: row.alias ?? {},
      country: row.country ?? 'BE',
      count: Number(row.count),
      counts: { buy: Number(row.buy), rent: Number(row.rent) },
      lat: coordinate(row.lat),
      lon: coordinate(row.lon),
    }));
  }

  /** Listings on offer per head type, transaction and city: what landing pages are chosen from. */
  async landingCandidates(visibility: SearchVisibility): Promise<LandingCandidate[]> {
    return this.dataSource.query(
      `SELECT e.head_type AS "headType", e.for_rent AS "forRent", e.city_name AS city, count(*)::int AS count
         FROM estates e WHERE e.parent_id IS NULL AND e.status <> ALL($1) GROUP BY 1, 2, 3`,
      [[...new Set<string>([...visibility.hiddenStatus, ...UNAVAILABLE_STATUSES])]],
    );
  }

  /** The types that exist among listings a visitor may see (units included: a project of flats offers flats). */
  async facets(visibility: SearchVisibility): Promise<FacetRow[]> {
    const rows: Array<{ for_rent: boolean; head_type: string; sub_type: string | null; count: string }> = await this.dataSource.query(
      `SELECT e.for_rent, e.head_type, e.sub_type, count(*) AS count FROM estates e WHERE e.status <> ALL($1) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [excludedStatuses(visibility)],
    );
    return rows.map((row) => ({ forRent: row.for_rent, headType: row.head_type, subType: row.sub_type, count: Number(row.count) }));
  }
}
