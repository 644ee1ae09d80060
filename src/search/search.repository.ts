import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { UNAVAILABLE_STATUSES } from '../estates/domain/availability.js';
import type { Estate } from '../estates/domain/estate.js';
import type { LocalizedText } from '../i18n/localized-text.js';
import type { LandingCandidate } from './landing-pages.js';
import { excludedStatuses, type IndexedListing, type SearchVisibility } from './search-index.js';

export type { MarkerRow, ResolvedLocations, SearchVisibility } from './search-index.js';

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

/** The index's fields and the SQL each is read with (numeric columns as double precision). */
const INDEX_COLUMNS: ReadonlyArray<readonly [keyof IndexedListing, string]> = [
  ['id', 'id'],
  ['parentId', 'parent_id'],
  ['isProject', 'is_project'],
  ['forRent', 'for_rent'],
  ['status', 'status'],
  ['headType', 'head_type'],
  ['subType', 'sub_type'],
  ['cityZip', 'city_zip'],
  ['cityName', 'city_name'],
  ['referenceKey', 'reference_key'],
  ['publicPrice', 'public_price::float8'],
  ['bedrooms', 'bedrooms'],
  ['livingArea', 'living_area::float8'],
  ['plotArea', 'plot_area::float8'],
  ['epcRank', 'epc_rank'],
  ['facades', 'facades'],
  ['hasGarden', 'coalesce(has_garden, false)'],
  ['hasTerrace', 'coalesce(has_terrace, false)'],
  ['hasParking', 'coalesce(has_parking, false)'],
  ['newBuild', 'coalesce(new_build, false)'],
  ['lat', 'lat'],
  ['lon', 'lon'],
  ['areaLat', 'area_lat'],
  ['areaLon', 'area_lon'],
  ['updatedAt', 'extract(epoch FROM updated_at)::float8 * 1000'],
  ['listedAt', 'extract(epoch FROM listed_at)::float8 * 1000'],
  ['priceReducedAt', 'extract(epoch FROM price_reduced_at)::float8 * 1000'],
  ['addressVisible', "coalesce((document->'address'->>'visible')::boolean, true)"],
];

function indexedListingOf(values: readonly unknown[]): IndexedListing {
  return Object.fromEntries(INDEX_COLUMNS.map(([field], at) => [field, values[at]])) as unknown as IndexedListing;
}

/** Search queries over the cached listings (raw SQL): what the in-memory index is read from, and the catalogue-wide lists the filters offer. */
@Injectable()
export class SearchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Every listing's search columns (units too), for the in-memory search (search-index.ts): one read per catalogue
   * version, as one JSON array of arrays (a row each, in INDEX_COLUMNS' order): a single value to parse instead of
   * thousands of rows of 28 fields, which took the embedded database's driver half the read. Timestamps as epoch
   * milliseconds (fractions keep PostgreSQL's microseconds, so orders match).
   */
  async indexedListings(): Promise<IndexedListing[]> {
    const [{ rows }] = await this.dataSource.query(
      `SELECT coalesce(json_agg(json_build_array(${INDEX_COLUMNS.map(([, sql]) => sql).join(', ')}))::text, '[]') AS rows FROM estates`,
    );
    return (JSON.parse(rows) as unknown[][]).map(indexedListingOf);
  }

  /** Listings' documents and the history dates beside them, by id (a page's listings and their units). */
  async documents(ids: readonly number[]): Promise<Map<number, Estate>> {
    if (ids.length === 0) return new Map();
    const rows: DocumentRow[] = await this.dataSource.query(`SELECT id, parent_id, document, listed_at, price_reduced_at FROM estates WHERE id = ANY($1)`, [ids]);
    return new Map(rows.map((row) => [row.id, { ...row.document, children: [], marks: marksOf(row) }]));
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
