import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, type Repository } from 'typeorm';
import type { Estate, SourceName } from '../domain/estate.js';
import type { SlugFields } from '../domain/slug.js';
import { publicPrice, similarExcludedStatuses, withVisibleUnits } from '../domain/visibility.js';
import { EstateEntity } from './estate.entity.js';
import { ListingEventEntity } from './listing-event.entity.js';
import { fromRows, rowVersion } from './estate-record.js';
import { SourceSyncStateEntity } from './source-sync-state.entity.js';

/** A listing as the sitemap needs it: its path's parts, its status and its lastmod; a project with its units. */
export type SitemapListing = SlugFields & {
  readonly updatedAt: string;
  readonly children: readonly SitemapListing[];
};

/** How far a similar listing's price may be from the reference one: ±30 %. */
export const SIMILAR_PRICE_BAND = 0.3;

/** Reads cached listings; pages never call a CRM. */
@Injectable()
export class EstateRepository {
  private readonly rows: Repository<EstateEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.rows = dataSource.getRepository(EstateEntity);
  }

  /**
   * A listing with what its page shows, in one query: its units when it is a project; its project (with the
   * project's units) when it is a unit. `contentHashes` name the versions of every row read (content and history dates: estate-record.ts rowVersion).
   */
  async findFamily(id: number): Promise<{ estate: Estate; project: Estate | null; contentHashes: string[] } | null> {
    const rows = await this.rows
      .createQueryBuilder('e')
      .where('e.id = :id OR e.parent_id = :id', { id })
      .orWhere('e.id = (SELECT p.parent_id FROM estates p WHERE p.id = :id)')
      .orWhere('e.parent_id = (SELECT p.parent_id FROM estates p WHERE p.id = :id)')
      .orderBy('e.id', 'ASC')
      .getMany();
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) return null;
    const unitsOf = (projectId: number) => rows.filter((candidate) => candidate.parentId === projectId);
    const projectRow = row.parentId === null ? undefined : rows.find((candidate) => candidate.id === row.parentId);
    return {
      estate: fromRows(row, row.isProject ? unitsOf(row.id) : []),
      project: projectRow ? fromRows(projectRow, unitsOf(projectRow.id)) : null,
      contentHashes: rows.map(rowVersion),
    };
  }

  /**
   * A fingerprint of the whole catalogue, the same on every replica: what lists that depend on many listings
   * (similar estates, search results) are versioned by.
   */
  async catalogueFingerprint(): Promise<string> {
    const [row] = await this.rows.query(`SELECT count(*)::text AS n, coalesce(md5(string_agg(content_hash || coalesce(extract(epoch FROM listed_at)::text, '') || coalesce(extract(epoch FROM price_reduced_at)::text, ''), '' ORDER BY id)), '') AS digest FROM estates`);
    return `${row.n}-${row.digest}`;
  }

  /** A listing by its site id, with its units when it is a project. */
  async findById(id: number): Promise<Estate | null> {
    // One round trip: the listing and, when it is a project, its units.
    const rows = await this.rows.find({ where: [{ id }, { parentId: id }], order: { id: 'ASC' } });
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) return null;
    return fromRows(row, row.isProject ? rows.filter((candidate) => candidate.parentId === id) : []);
  }

  /** The listing whose agency reference (or else site id) is `reference`, as a visitor types it; null when none is. */
  async findIdByReference(reference: string): Promise<number | null> {
    const byReference = await this.rows.createQueryBuilder('estate').select('estate.id', 'id').where(`estate.document->>'reference' = :reference`, { reference }).getRawOne<{ id: number }>();
    if (byReference) return byReference.id;
    return /^\d{1,9}$/.test(reference) ? ((await this.rows.findOne({ where: { id: Number(reference) }, select: { id: true } }))?.id ?? null) : null;
  }

  /** The CRM a listing comes from and its id there, read in the caller's transaction; null when it is gone. */
  findSourceRecord(manager: EntityManager, id: number): Promise<Pick<EstateEntity, 'id' | 'source' | 'sourceId'> | null> {
    return manager.findOne(EstateEntity, { where: { id }, select: { id: true, source: true, sourceId: true } });
  }

  /** The catalogue's listing events (new, price, status) since `since`, oldest first. */
  findEventsSince(since: Date): Promise<ListingEventEntity[]> {
    return this.rows.manager.getRepository(ListingEventEntity).createQueryBuilder('e').where('e.occurred_at >= :since', { since }).orderBy('e.id', 'ASC').getMany();
  }

  /**
   * A listing's recorded changes (first seen, price, status), newest first: its page's short history. `limit` bounds a
   * listing whose price the CRM changes every night; the index on (estate_id, occurred_at) reads just those rows.
   */
  findListingEvents(estateId: number, limit = 50): Promise<ListingEventEntity[]> {
    return this.rows.manager
      .getRepository(ListingEventEntity)
      .createQueryBuilder('e')
      .where('e.estate_id = :estateId', { estateId })
      .orderBy('e.occurred_at', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .limit(limit)
      .getMany();
  }

  async count(): Promise<number> {
    return this.rows.count();
  }

  /** When each source's last successful sync started; a source that never synced has no row. */
  async lastSyncs(): Promise<{ readonly source: SourceName; readonly startedAt: Date }[]> {
    const states = await this.rows.manager.find(SourceSyncStateEntity, { select: { source: true, lastSyncStartedAt: true }, order: { source: 'ASC' } });
    return states.map((state) => ({ source: state.source, startedAt: state.lastSyncStartedAt }));
  }

  /** Every listing, projects with all their units: lists filter them with domain/visibility.ts. */
  async findAll(): Promise<Estate[]> {
    const rows = await this.rows.find({ order: { id: 'ASC' } });
    const units = this.unitsByProject(rows);
    return rows.filter((row) => row.parentId === null).map((row) => fromRows(row, units.get(row.id)));
  }

  /**
   * Listings like `estate` a visitor may be offered, chosen in SQL before the limit so the block is
   * never short when enough exist: the same transaction (sale or rent) and head type, a price within
   * ±SIMILAR_PRICE_BAND of its price when it has one, still available and not hidden
   * (similarExcludedStatuses), not a project unit; nearest first (plain lat/lon distance, fine at
   * Belgian scale), then closest in price. A project comes with its visible units (its "from" price).
   */
  async findSimilar(estate: Estate, hiddenStatus: readonly string[], limit: number): Promise<Estate[]> {
    // The public price: a listing on request shows no price band its neighbours would give away.
    const price = publicPrice(estate);
    const geo = estate.address.geoLocation;
    const query = this.rows
      .createQueryBuilder('e')
      .where('e.id <> :id', { id: estate.id })
      .andWhere('e.parent_id IS NULL')
      .andWhere('e.head_type = :headType', { headType: estate.headType })
      .andWhere('e.for_rent = :forRent', { forRent: estate.transaction.forRent })
      .andWhere('e.status NOT IN (:...excluded)', { excluded: similarExcludedStatuses(hiddenStatus) });
    if (price !== null && price > 0) {
      query.andWhere('e.public_price BETWEEN :low AND :high', {
        low: price * (1 - SIMILAR_PRICE_BAND),
        high: price * (1 + SIMILAR_PRICE_BAND),
      });
    }
    if (geo) {
      query
        .addSelect('((e.lat - :lat) ^ 2 + (e.lon - :lon) ^ 2)', 'distance')
        .setParameters({ lat: geo.lat, lon: geo.lon })
        .orderBy('distance', 'ASC', 'NULLS LAST');
    }
    if (price !== null) {
      query.addSelect('abs(e.public_price - :price)', 'price_gap').setParameter('price', price).addOrderBy('price_gap', 'ASC', 'NULLS LAST');
    }
    const rows = await query.addOrderBy('e.id', 'ASC').limit(limit).getMany();
    const projectIds = rows.filter((row) => row.isProject).map((row) => row.id);
    const units = this.unitsByProject(projectIds.length > 0 ? await this.rows.find({ where: { parentId: In(projectIds) }, order: { id: 'ASC' } }) : []);
    return rows.map((row) => withVisibleUnits(fromRows(row, units.get(row.id)), hiddenStatus));
  }

  /**
   * Every listing as the sitemap needs it, projects with all their units. Only the columns and document fields a path
   * is made of: 50,000 whole documents would be hundreds of MB on every sitemap request.
   */
  async findForSitemap(): Promise<SitemapListing[]> {
    // Each `document->` reads the whole (TOASTed, ~10 KB) document again: two of them, the rest from columns.
    const rows: Array<Omit<SlugFields, 'transaction' | 'address'> & { parentId: number | null; status: Estate['transaction']['status']; updatedAt: Date; address: Estate['address'] }> =
      await this.rows.query(
        `SELECT id, parent_id AS "parentId", is_project AS "isProject", status, head_type AS "headType", sub_type AS "subType",
                updated_at AS "updatedAt", document->'title' AS title, document->'address' AS address
           FROM estates ORDER BY id`,
      );
    const listings = rows.map(({ parentId, status, updatedAt, address, ...row }) => ({
      parentId,
      listing: {
        ...row,
        address: { visible: address.visible, street: address.street, number: address.number, city: address.city },
        updatedAt: new Date(updatedAt).toISOString(),
        transaction: { status },
        children: [] as SitemapListing[],
      },
    }));
    const projects = new Map(listings.map(({ listing }) => [listing.id, listing]));
    for (const { parentId, listing } of listings) if (parentId !== null) projects.get(parentId)?.children.push(listing);
    return listings.filter(({ parentId }) => parentId === null).map(({ listing }) => listing);
  }

  private unitsByProject(rows: readonly EstateEntity[]): Map<number, EstateEntity[]> {
    const units = new Map<number, EstateEntity[]>();
    for (const row of rows) {
      if (row.parentId === null) continue;
      const siblings = units.get(row.parentId);
      if (siblings) siblings.push(row);
      else units.set(row.parentId, [row]);
    }
    return units;
  }
}
