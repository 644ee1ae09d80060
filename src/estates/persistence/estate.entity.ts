import type { SourceName } from '../domain/estate.js';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Estate } from '../domain/estate.js';

/** What the document column holds: the normalized listing without its units (they are rows of their own). */
export type EstateDocument = Omit<Estate, 'children' | 'marks'>;

/**
 * The cached listing: the columns pages filter and sort on, plus the whole normalized document.
 * Project units are rows with `parent_id` set; the repository puts them back under their project.
 */
@Entity({ name: 'estates' })
@Index('uq_estates_source_record', ['source', 'sourceId'], { unique: true })
@Index('ix_estates_type', ['headType', 'subType'])
@Index('ix_estates_city', ['cityZip', 'cityName'])
@Index('ix_estates_geo', ['lat', 'lon'])
// The search's result order per transaction over top-level listings (units are found through their project).
@Index('ix_estates_search_newest', ['forRent', 'updatedAt'], { where: '"parent_id" IS NULL' })
@Index('ix_estates_search_price', ['forRent', 'publicPrice'], { where: '"parent_id" IS NULL' })
// "Recently reduced" first (price_reduced_at DESC NULLS LAST, updated_at DESC, id DESC by the migration: TypeORM names no directions).
@Index('ix_estates_search_reduced', ['forRent', 'priceReducedAt', 'updatedAt', 'id'], { where: '"parent_id" IS NULL' })
// The search's second arm (a project found through its units) looks at projects only.
@Index('ix_estates_projects', ['forRent'], { where: '"is_project" AND "parent_id" IS NULL' })
// Search by area: the bounding-box prefilter over top-level listings' search points.
@Index('ix_estates_area', ['areaLat', 'areaLon'], { where: '"parent_id" IS NULL' })
// Issue 38's orders and filters (migrations/1796400000000-SearchFilters.ts): the largest living area first
// (living_area DESC NULLS LAST, updated_at DESC, id DESC by the migration), "new since N days" (listed_at), and
// "new build only" (a few listings in a catalogue: a partial index in the newest order).
@Index('ix_estates_search_area', ['forRent', 'livingArea', 'updatedAt', 'id'], { where: '"parent_id" IS NULL' })
@Index('ix_estates_search_listed', ['forRent', 'listedAt'], { where: '"parent_id" IS NULL AND "listed_at" IS NOT NULL' })
@Index('ix_estates_search_new_build', ['forRent', 'updatedAt'], { where: '"parent_id" IS NULL AND "new_build"' })
// Price per m² cheapest first: an index on the expression (public_price / living_area), which TypeORM cannot
// declare; the migration creates it and the schema builder leaves it alone (synchronize: false).
@Index('ix_estates_search_price_m2', { synchronize: false })
export class EstateEntity {
  /** The site's id, as in URLs. */
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 1 })
  source!: SourceName;

  @Column({ name: 'source_id', type: 'varchar', length: 64 })
  sourceId!: string;

  @Index('ix_estates_guid')
  @Column({ type: 'varchar', length: 64, nullable: true })
  guid!: string | null;

  @Index('ix_estates_parent')
  @Column({ name: 'parent_id', type: 'integer', nullable: true })
  parentId!: number | null;

  @Column({ name: 'is_project', type: 'boolean', default: false })
  isProject!: boolean;

  @Index('ix_estates_status')
  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ name: 'for_rent', type: 'boolean' })
  forRent!: boolean;

  @Column({ name: 'head_type', type: 'varchar', length: 16 })
  headType!: string;

  @Column({ name: 'sub_type', type: 'varchar', length: 40, nullable: true })
  subType!: string | null;

  @Column({ name: 'city_zip', type: 'varchar', length: 12 })
  cityZip!: string;

  @Column({ name: 'city_name', type: 'varchar', length: 80 })
  cityName!: string;

  @Column({ type: 'varchar', length: 10, nullable: true })
  region!: string | null;

  /** The reference as searched (domain/format.ts referenceKey): an indexed prefix match. */
  @Index('ix_estates_reference_key')
  // Collation C: byte order, so a LIKE 'ABC%' prefix match uses the index on any server.
  @Column({ name: 'reference_key', type: 'varchar', length: 64, nullable: true, collation: 'C' })
  referenceKey!: string | null;

  /** The amount a visitor may see (domain/visibility.ts publicPrice): null for "price on request". */
  @Index('ix_estates_price')
  @Column({ name: 'public_price', type: 'numeric', precision: 14, scale: 2, nullable: true, transformer: {
    to: (value: number | null) => value,
    from: (value: string | null) => (value === null ? null : Number(value)),
  } })
  publicPrice!: number | null;

  /**
   * The previous release's price column, back for it until the contract step (migrations/1796250000000-PricesForBothReleases.ts):
   * a trigger derives it from the document. This release neither writes nor reads it; it is declared so that
   * migration:generate does not drop it.
   */
  @Column({ type: 'numeric', precision: 14, scale: 2, nullable: true, select: false, insert: false, update: false })
  price?: number | null;

  @Index('ix_estates_bedrooms')
  @Column({ type: 'smallint', nullable: true })
  bedrooms!: number | null;

  @Column({ type: 'double precision', nullable: true })
  lat!: number | null;

  @Column({ type: 'double precision', nullable: true })
  lon!: number | null;

  /** The point an area search tests (domain/search-point.ts): the city's when the address is hidden. */
  @Column({ name: 'area_lat', type: 'double precision', nullable: true })
  areaLat!: number | null;

  @Column({ name: 'area_lon', type: 'double precision', nullable: true })
  areaLon!: number | null;

  /** What the search filters ask of a listing (domain/listing-features.ts), written by the sync (estate-record.ts). */
  @Column({ name: 'living_area', type: 'numeric', precision: 10, scale: 2, nullable: true, transformer: {
    to: (value: number | null) => value,
    from: (value: string | null) => (value === null ? null : Number(value)),
  } })
  livingArea!: number | null;

  @Column({ name: 'plot_area', type: 'numeric', precision: 10, scale: 2, nullable: true, transformer: {
    to: (value: number | null) => value,
    from: (value: string | null) => (value === null ? null : Number(value)),
  } })
  plotArea!: number | null;

  /** The EPC label's rank, 1 (A++) … 9 (G): "EPC C or better" is `epc_rank <= 5`. */
  @Column({ name: 'epc_rank', type: 'smallint', nullable: true })
  epcRank!: number | null;

  @Column({ name: 'has_garden', type: 'boolean', default: false })
  hasGarden!: boolean;

  @Column({ name: 'has_terrace', type: 'boolean', default: false })
  hasTerrace!: boolean;

  @Column({ name: 'has_parking', type: 'boolean', default: false })
  hasParking!: boolean;

  /** 2 (closed), 3 (half-open) or 4 (open). */
  @Column({ type: 'smallint', nullable: true })
  facades!: number | null;

  @Column({ name: 'new_build', type: 'boolean', default: false })
  newBuild!: boolean;

  @Index('ix_estates_updated_at')
  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /** When a sync after the source's first fill first saw it: the "new" badge (null: on offer before the site knew it). */
  @Column({ name: 'listed_at', type: 'timestamptz', nullable: true })
  listedAt!: Date | null;

  /** When its public price last went down; null when it never did, or went up or was hidden since (listing-events.ts). */
  @Column({ name: 'price_reduced_at', type: 'timestamptz', nullable: true })
  priceReducedAt!: Date | null;

  /** sha256 of the document: a sync that brings the same listing writes nothing. */
  @Column({ name: 'content_hash', type: 'char', length: 64 })
  contentHash!: string;

  @Column({ name: 'synced_at', type: 'timestamptz' })
  syncedAt!: Date;

  @Column({ type: 'jsonb' })
  document!: EstateDocument;
}
