import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, MoreThan } from 'typeorm';
import { AppConfig } from '../../config/config.js';
import { ChangeFeedService } from '../../database/change-feed.service.js';
import type { Estate, SourceName } from '../domain/estate.js';
import type { EstateSource, FetchOptions, FieldGap } from '../sources/estate-source.port.js';
import { FetchBudget, withFetchBudget } from '../sources/http-client.js';
import { cleanSourceRecord } from '../sources/record-hygiene.js';
import { keyPhotoUrls, PhotoKeyStore } from '../images/photo-keys.js';
import { EstateEntity } from './estate.entity.js';
import { flattenEstate, fromRows, toRow } from './estate-record.js';
import { STAGING_CHUNK, StagingRun } from './estate-sync-staging.js';
import { ListingEventEntity } from './listing-event.entity.js';
import { listingEvents, marksAfter, type NewListingEvent } from './listing-events.js';
import { assignListingIds, withSiteIds } from './listing-ids.js';
import { SourceSyncStateEntity } from './source-sync-state.entity.js';
import { AppointmentStore } from './appointment-store.port.js';
import { probingGuard, savepointGuard, writeSalvaging } from './salvage.js';

/** The configured sources (A and B), provided by the estates module. */
export const ESTATE_SOURCES = Symbol('ESTATE_SOURCES');

/**
 * How many of some listings lack data a Belgian listing rule needs, for the line the sync logs: the listing rules
 * are display's (display/compliance-report.ts), which persistence does not import; the estates module provides it.
 */
export const LISTING_RULE_GAPS = Symbol('LISTING_RULE_GAPS');
export type ListingRuleGaps = (estates: readonly Estate[]) => number;

const UPSERT_CHUNK = 100;
/** autovacuum's defaults (autovacuum_analyze_threshold, autovacuum_analyze_scale_factor): see analyzeIfMuchChanged. */
const ANALYZE_BASE_ROWS = 50;
const ANALYZE_SCALE = 0.1;
/** Listings the compliance check reads at a time after a full sync (~12 KB of document each, more as objects). */
const COMPLIANCE_BATCH = 250;
/**
 * An incremental sync asks for changes since the last one started, less this much. A CRM's change stamp can be older
 * than the moment its change became readable: its clock, a slow commit, an edit saved long after it was opened, or a
 * stamp in Belgian local time compared as UTC (two hours in summer). Records read again within the overlap cost one
 * read each and no write (their content hash is unchanged); a change backdated further waits for the full
 * reconciliation (SYNC_RECONCILE_HOURS), which reads everything.
 */
export const INCREMENTAL_OVERLAP_MS = 3 * 60 * 60 * 1000;

/** full: everything the source publishes (what is not in it is removed); incremental: only what changed. */
export type SyncMode = 'full' | 'incremental';
/** Ids per change notification: well under PostgreSQL's 8,000-byte NOTIFY limit. */
const PUBLISH_CHUNK = 500;

export interface SkippedRecord {
  readonly sourceId: string;
  readonly error: string;
}

export interface SourceSyncReport {
  readonly source: SourceName;
  readonly mode: SyncMode;
  /** false: the source could not be read; its cached listings were left as they were. */
  readonly ok: boolean;
  readonly error?: string;
  readonly fetched: number;
  /** Records the CRM holds but the site must not show (unpublished, archived, not public), by reason. */
  readonly hidden: Readonly<Record<string, number>>;
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly removed: number;
  readonly skipped: readonly SkippedRecord[];
  /** Fields listings are shown without (FieldGap.field), counted over the records read. */
  readonly gaps: Readonly<Record<string, number>>;
}

export interface SyncReport {
  readonly sources: readonly SourceSyncReport[];
  readonly durationMs: number;
  /** Listings in the cache after the run (project units included). */
  readonly cached: number;
}

/** One source's sync in a line, for the log and `npm run sync`. */
export function describeSourceSync(report: SourceSyncReport): string {
  if (!report.ok) return `source ${report.source}: FAILED (${report.error}); cached listings kept`;
  const hidden = Object.entries(report.hidden).map(([why, count]) => `${count} ${why}`);
  return (
    `source ${report.source} (${report.mode}): ${report.fetched} fetched, ${report.inserted} new, ${report.updated} updated, ` +
    `${report.unchanged} unchanged, ${report.removed} removed, ${report.skipped.length} skipped` +
    (hidden.length ? `; not shown: ${hidden.join(', ')}` : '')
  );
}

function failed(source: SourceName, mode: SyncMode, error: string): SourceSyncReport {
  return { source, mode, ok: false, error, fetched: 0, hidden: {}, inserted: 0, updated: 0, unchanged: 0, removed: 0, skipped: [], gaps: {} };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A source's gaps in a line ("shown without: 3 text, 1 price"), or null when it had none. */
export function describeGaps(report: SourceSyncReport): string | null {
  const gaps = Object.entries(report.gaps).sort((a, b) => b[1] - a[1]);
  return gaps.length ? `source ${report.source}: listings shown without some data (npm run crm:check lists them): ${gaps.map(([field, count]) => `${count} ${field}`).join(', ')}` : null;
}

/** What the cache held of a listing before the run. */
type CachedRow = Pick<EstateEntity, 'id' | 'sourceId' | 'contentHash' | 'parentId' | 'publicPrice' | 'status' | 'listedAt' | 'priceReducedAt'>;

/**
 * One source's read as it goes. Listings come in from the source, get their site ids and rows a chunk at a time, and
 * only the rows whose content changed are kept, at most a chunk of them in memory, the rest staged; what else stays in
 * memory is ids, counts and the listing events.
 */
class SourceRun {
  /** Top-level listings read (a project counts once). */
  fetched = 0;
  readonly skipped: SkippedRecord[] = [];
  /** FieldGap.field → how many. */
  readonly gaps: Record<string, number> = {};
  /** Source ids of records the site must not show. */
  readonly hiddenIds: string[] = [];
  readonly hidden: Record<string, number> = {};
  /** The site ids of every row read (project units included): what a full read keeps. */
  readonly read = new Set<number>();
  /** The site ids of the rows staged: new or changed. */
  staged: number[] = [];
  /** The source id of each staged row, to report one the database refuses. */
  private readonly stagedSourceIds = new Map<number, string>();
  inserted = 0;
  /** Rows read that the database refused (skipped, neither written nor unchanged). */
  refused = 0;
  events: NewListingEvent[] = [];
  /** Whose pages changed: rows written or removed and the projects of those that are units (before and after). */
  readonly touched = new Set<number>();
  /**
   * The time the staged rows and events carry until the transaction gives them its own (StagingRun.apply): a change
   * is dated when it is committed, as before, though it was staged minutes earlier.
   */
  readonly stagedAt = new Date();
  private pending: Estate[] = [];
  private pendingRows = 0;
  /**
   * Changed rows not staged yet. A read that changes fewer than a chunk's worth (every incremental sync, most small
   * catalogues) never touches the staging table: its rows are written straight from here in the transaction.
   */
  unstaged: EstateEntity[] = [];
  /** Whether rows went to the staging table (then all of them do, and the transaction copies them from there). */
  spilled = false;
  /** The photo keys (and their URLs) of changed rows not stored yet. */
  private readonly photos = new Map<string, string>();

  constructor(
    readonly name: SourceName,
    readonly mode: SyncMode,
    readonly cached: ReadonlyMap<number, CachedRow>,
    private readonly firstFill: boolean,
    readonly staging: StagingRun,
  ) {}

  countGaps(gaps: readonly FieldGap[] | undefined): void {
    for (const gap of gaps ?? []) this.gaps[gap.field] = (this.gaps[gap.field] ?? 0) + 1;
  }

  async add(estate: Estate, dataSource: DataSource): Promise<void> {
    this.pending.push(estate);
    this.pendingRows += 1 + estate.children.length;
    if (this.pendingRows >= STAGING_CHUNK) await this.flush(dataSource);
  }

  /** Site ids for the pending listings, their rows diffed against the cache, the changed ones staged. */
  async flush(dataSource: DataSource): Promise<void> {
    const read = this.pending;
    this.pending = [];
    this.pendingRows = 0;
    if (read.length === 0) return;
    this.fetched += read.length;
    const { chunk, siteIds } = await this.assignIds(read, dataSource);
    for (const listing of chunk) {
      // Remote photos by their fixed-length keys; a key's URL is stored with the first changed row that shows it.
      const photos = new Map<string, string>();
      const rows = flattenEstate(keyPhotoUrls(withSiteIds(listing, siteIds), photos));
      if (this.diff(rows)) for (const [key, url] of photos) this.photos.set(key, url);
    }
    if (this.unstaged.length >= STAGING_CHUNK) await this.spill(dataSource);
  }

  /** Diffs a listing's rows against the cache and keeps the changed ones; whether any changed. */
  private diff(estates: readonly Estate[]): boolean {
    let changed = false;
    for (const estate of estates) {
      if (this.read.has(estate.id)) {
        this.skipped.push({ sourceId: estate.sourceId, error: `listed twice in source ${this.name}` });
        continue;
      }
      this.read.add(estate.id);
      const row = toRow(estate, this.stagedAt);
      const before = this.cached.get(row.id);
      if (before?.contentHash === row.contentHash) continue;
      // The row keeps its dates (listed, price reduced) for the cards' badges and the "recently reduced" sort.
      const events = listingEvents(this.cached, [row], this.stagedAt);
      Object.assign(row, marksAfter(before, events, this.stagedAt, this.firstFill));
      this.events.push(...events);
      if (!before) this.inserted++;
      this.staged.push(row.id);
      this.stagedSourceIds.set(row.id, row.sourceId);
      // A unit's project before and after the change (a unit can move to another project).
      this.touch(row.id, row.parentId, before?.parentId ?? null);
      this.unstaged.push(row);
      changed = true;
    }
    return changed;
  }

  /**
   * The chunk's site ids, in one transaction; when the database refuses it, listing by listing, and a listing it still
   * refuses is skipped (reported; the cache keeps its last good version) while the rest goes on.
   */
  private async assignIds(chunk: readonly Estate[], dataSource: DataSource): Promise<{ chunk: readonly Estate[]; siteIds: Map<string, number> }> {
    const assign = (listings: readonly Estate[]) => dataSource.transaction((manager) => assignListingIds(manager, this.name, listings.flatMap((estate) => [estate, ...estate.children])));
    try {
      return { chunk, siteIds: await assign(chunk) };
    } catch {
      const siteIds = new Map<string, number>();
      const refused = await writeSalvaging(chunk, 1, probingGuard(() => dataSource.query('SELECT 1')), async ([listing]) => {
        for (const [sourceId, id] of await assign([listing!])) siteIds.set(sourceId, id);
      });
      for (const { item, error } of refused) this.skipped.push({ sourceId: item.sourceId, error: `not stored: ${error}` });
      const left = new Set(refused.map(({ item }) => item));
      return { chunk: chunk.filter((listing) => !left.has(listing)), siteIds };
    }
  }

  /** Writes the changed rows held so far to the staging table (a row the database refuses is skipped). */
  async spill(dataSource: DataSource): Promise<void> {
    // Their photos' keys go first: a listing row is never visible before the URLs it names.
    await this.storePhotos(dataSource);
    const refused = await writeSalvaging(this.unstaged, STAGING_CHUNK, probingGuard(() => dataSource.query('SELECT 1')), (rows) => this.staging.write(rows));
    this.drop(refused.map(({ item, error }) => ({ id: item.id, error })));
    this.unstaged = [];
    this.spilled = true;
  }

  /** The photo keys of the rows changed so far, stored (in `manager`'s transaction when given) and forgotten. */
  async storePhotos(manager: DataSource | EntityManager): Promise<void> {
    try {
      await PhotoKeyStore.store(manager, this.photos);
    } finally {
      this.photos.clear();
    }
  }

  /**
   * Rows the database refused: reported as skipped, so the cache keeps their last good version (a full read does not
   * remove them), and left out of what this run writes, counts and records as events.
   */
  drop(refused: ReadonlyArray<{ readonly id: number; readonly error: string }>): void {
    if (refused.length === 0) return;
    const ids = new Set(refused.map(({ id }) => id));
    for (const { id, error } of refused) {
      this.skipped.push({ sourceId: this.stagedSourceIds.get(id) ?? String(id), error: `not stored: ${error}` });
      if (!this.cached.has(id)) this.inserted--;
      this.refused++;
    }
    this.staged = this.staged.filter((id) => !ids.has(id));
    this.events = this.events.filter((event) => !ids.has(event.estateId));
  }

  /** The rows held in memory with the commit's time where they carry the staging time (as StagingRun.apply does). */
  unstagedAt(at: Date): EstateEntity[] {
    const stamp = (date: Date | null) => (date?.getTime() === this.stagedAt.getTime() ? at : date);
    return this.unstaged.map((row) => ({ ...row, syncedAt: at, listedAt: stamp(row.listedAt), priceReducedAt: stamp(row.priceReducedAt) }));
  }

  touch(id: number, ...parents: Array<number | null>): void {
    this.touched.add(id);
    for (const parent of parents) if (parent !== null) this.touched.add(parent);
  }
}

/**
 * Pulls every source and makes the cache equal to what each one publishes: new listings are
 * inserted, changed ones updated, unchanged ones not written, vanished or unpublished ones removed.
 * A source that can tell what changed (`incremental`) is asked only for that between full
 * reconciliations (SYNC_RECONCILE_HOURS); only a full read sees listings deleted in the CRM.
 * Every listing gets its site id from the id registry (listing-ids.ts), so sources never collide.
 * A source that fails is left alone; a bad record is skipped and reported, the rest goes through.
 * Each source may read at most SYNC_MAX_PAGES pages, SYNC_MAX_RECORDS records and SYNC_MAX_BYTES
 * bytes per run, and the whole run stops after SYNC_TIMEOUT_SECONDS: a source over a limit fails
 * (and keeps its cache). Each listing's first sighting and price and status changes are recorded
 * (listing_events) in the same transaction. After each source, the ids whose pages changed go out on the change feed.
 */
@Injectable()
export class EstateSyncService {
  private readonly logger = new Logger(EstateSyncService.name);
  private running: Promise<SyncReport> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ESTATE_SOURCES) private readonly sources: readonly EstateSource[],
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly changes: ChangeFeedService,
    private readonly appointments: AppointmentStore,
    @Inject(LISTING_RULE_GAPS) private readonly listingRuleGaps: ListingRuleGaps,
  ) {}

  /**
   * Runs a sync, or joins the one already running (the schedule and the CLI never overlap in one
   * process). `signal` stops it early (the job's own, aborted when this process stops).
   */
  syncAll(signal?: AbortSignal, options: { readonly full?: boolean } = {}): Promise<SyncReport> {
    this.running ??= this.run(signal, options.full === true).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Logs whether each source accepts our credentials (its health call): the go-live check's first line, at start, so
   * a wrong company id or token shows in the log before the first sync fails. Never throws.
   */
  async logHealth(): Promise<void> {
    await Promise.all(
      this.sources.map(async (source) => {
        const health = await source.health();
        if (health.authenticated) this.logger.log(`source ${source.name} (${source.label}): credentials accepted`);
        else this.logger.error(`source ${source.name} (${source.label}): NOT AUTHENTICATED: ${health.problem ?? 'unknown reason'}`);
      }),
    );
  }

  private async run(signal: AbortSignal | undefined, forceFull: boolean): Promise<SyncReport> {
    const started = performance.now();
    const deadline = AbortSignal.timeout(this.config.SYNC_TIMEOUT_SECONDS * 1000);
    const runSignal = signal ? AbortSignal.any([deadline, signal]) : deadline;
    const reports: SourceSyncReport[] = [];
    for (const source of this.sources) {
      const report = await this.syncSource(source, runSignal, forceFull);
      reports.push(report);
      this.log(report);
    }
    for (const source of await this.retiredSources()) {
      // A full read of nothing: its listings go as vanished ones do (events, change feed), then its sync state.
      this.logger.warn(`source ${source.name} is no longer configured (nor the demo's): its cached listings are removed`);
      const report = await this.syncSource(source, runSignal, true);
      reports.push(report);
      this.log(report);
      if (report.ok) await this.dataSource.getRepository(SourceSyncStateEntity).delete({ source: source.name });
    }
    const cached = await this.dataSource.getRepository(EstateEntity).count();
    return { sources: reports, durationMs: Math.round(performance.now() - started), cached };
  }

  private async syncSource(source: EstateSource, signal: AbortSignal, forceFull: boolean): Promise<SourceSyncReport> {
    const startedAt = new Date();
    const state = await this.dataSource.getRepository(SourceSyncStateEntity).findOneBy({ source: source.name });
    const mode = this.modeFor(source, state, startedAt, forceFull);
    const budget = new FetchBudget(
      { maxPages: this.config.SYNC_MAX_PAGES, maxRecords: this.config.SYNC_MAX_RECORDS, maxBytes: this.config.SYNC_MAX_BYTES },
      signal,
    );
    let stored: Awaited<ReturnType<EstateSyncService['readAndStore']>>;
    try {
      stored = await this.readAndStore(source, mode, state, startedAt, budget);
    } catch (error) {
      // Whatever went wrong storing this source (the database down, a bug), the sources after it are still synced.
      return failed(source.name, mode, reason(error));
    }
    if ('error' in stored) return failed(source.name, mode, stored.error);
    const { report, changedIds } = stored;
    await this.publish(changedIds);
    await this.analyzeIfMuchChanged(report);
    // Reading every cached listing of the source: worth it after a full read, not every few minutes.
    if (mode === 'full') await this.logComplianceGaps(source.name);
    await this.syncAppointments(source, budget);
    return report;
  }

  /**
   * Reads the source, staging what changed in chunks as it comes (estate-sync-staging.ts), then applies the staged rows
   * in one transaction. Only ids, counts and the listing events stay in memory, never the catalogue: a
   * 50,000-listing read held whole was ~1.7 GB at its peak. A read that fails leaves no staged rows behind.
   */
  private async readAndStore(
    source: EstateSource,
    mode: SyncMode,
    state: SourceSyncStateEntity | null,
    startedAt: Date,
    budget: FetchBudget,
  ): Promise<{ report: SourceSyncReport; changedIds: number[] } | { error: string }> {
    const staging = new StagingRun(this.dataSource, source.name);
    try {
      await staging.clearSource();
      // A source's first fill: its listings were on offer before the site knew them, so none of them is "new".
      const run = new SourceRun(source.name, mode, await this.cachedRows(source.name), state === null, staging);
      try {
        const options: FetchOptions =
          mode === 'incremental' && state
            ? { since: new Date(state.lastSyncStartedAt.getTime() - INCREMENTAL_OVERLAP_MS), projectOf: await this.projectsOfUnits(source.name) }
            : {};
        await withFetchBudget(budget, () => this.read(source, options, budget, run));
      } catch (error) {
        return { error: reason(error) };
      }
      return await this.store(run, startedAt);
    } finally {
      // Nothing left after a commit (the transaction cleared its rows); after a failure, the rows staged so far.
      await staging.clear().catch((error: unknown) => this.logger.warn(`source ${source.name}: staged rows not cleared (the next sync clears them): ${reason(error)}`));
    }
  }

  /**
   * The sources the cache holds listings of that this configuration does not read: the demo's fixtures of a site that
   * now has its CRM (an upgrade kept them cached), or a CRM switched off. Nothing updates those listings any more.
   */
  private async retiredSources(): Promise<EstateSource[]> {
    const served = new Set(this.sources.map((source) => source.name));
    const rows: Array<{ source: SourceName }> = await this.dataSource.query('SELECT DISTINCT source FROM estates');
    return rows.filter((row) => !served.has(row.source)).map(({ source: name }) => ({
      name,
      label: 'not configured',
      incremental: false,
      fetchAll: async function* () {}, // lists nothing
      health: () => Promise.resolve({ authenticated: false, problem: 'not configured' }),
    }));
  }

  /** What the cache holds of a source before its read: enough to tell what changed, date it and remove what vanished. */
  private async cachedRows(name: SourceName): Promise<Map<number, CachedRow>> {
    const rows = await this.dataSource.getRepository(EstateEntity).find({
      select: { id: true, sourceId: true, contentHash: true, parentId: true, publicPrice: true, status: true, listedAt: true, priceReducedAt: true },
      where: { source: name },
    });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Incremental only when the source can, has been fully read once, and its last full read is recent enough. */
  private modeFor(source: EstateSource, state: SourceSyncStateEntity | null, now: Date, forceFull: boolean): SyncMode {
    if (forceFull || !source.incremental || !state || this.config.SYNC_RECONCILE_HOURS === 0) return 'full';
    const fullAge = now.getTime() - state.lastFullSyncStartedAt.getTime();
    return fullAge < this.config.SYNC_RECONCILE_HOURS * 3600 * 1000 ? 'incremental' : 'full';
  }

  private async read(source: EstateSource, options: FetchOptions, budget: FetchBudget, run: SourceRun): Promise<void> {
    for await (const read of source.fetchAll(options)) {
      budget.throwIfAborted();
      // What the database refuses taken out, as the go-live check does (record-hygiene.ts).
      const record = cleanSourceRecord(read);
      if (record.ok) run.countGaps(record.gaps);
      if (record.ok) await run.add(record.estate, this.dataSource);
      else if ('error' in record) run.skipped.push({ sourceId: record.sourceId, error: record.error });
      else {
        run.hiddenIds.push(record.sourceId);
        run.hidden[record.hidden] = (run.hidden[record.hidden] ?? 0) + 1;
      }
    }
    await run.flush(this.dataSource);
    if (run.spilled) await run.spill(this.dataSource);
  }

  /** Each cached unit's project, by source ids: an incremental read that sees a changed unit re-reads its project. */
  private async projectsOfUnits(source: SourceName): Promise<(unitSourceId: string) => string | null> {
    const rows: Array<{ unit: string; project: string }> = await this.dataSource.query(
      `SELECT u.source_id AS unit, p.source_id AS project FROM estates u JOIN estates p ON p.id = u.parent_id WHERE u.source = $1`,
      [source],
    );
    const projects = new Map(rows.map((row) => [row.unit, row.project]));
    return (unitSourceId) => projects.get(unitSourceId) ?? null;
  }

  /**
   * The source's viewing appointments, after its listings (an appointment points at one). A CRM that cannot list
   * them now leaves the stored ones as they are; the listings' sync is not failed for it.
   */
  private async syncAppointments(source: EstateSource, budget: FetchBudget): Promise<void> {
    if (!source.fetchAppointments) return;
    try {
      const appointments = await withFetchBudget(budget, () => source.fetchAppointments!());
      await this.appointments.store(source.name, appointments);
    } catch (error) {
      this.logger.error(`source ${source.name}: appointments not synced, stored ones kept: ${reason(error)}`);
    }
  }

  /**
   * Refreshes the planner's statistics of the listings after a sync that changed many of them: more than autovacuum's
   * analyze threshold (50 rows + 10 % of the rows the table had). The embedded database runs no autovacuum, so without this its
   * tables were never analyzed and a 50,000-listing search was planned on guesses; on PostgreSQL the statistics are
   * right at once instead of at autovacuum's next round. Never fails a sync that has committed.
   */
  private async analyzeIfMuchChanged(report: SourceSyncReport): Promise<void> {
    const changed = report.inserted + report.updated + report.removed;
    if (changed <= ANALYZE_BASE_ROWS) return;
    try {
      // As autovacuum counts: against the rows the table had before the change (an empty cache's first fill is analyzed).
      const before = (await this.dataSource.getRepository(EstateEntity).count()) - report.inserted + report.removed;
      if (changed > ANALYZE_BASE_ROWS + ANALYZE_SCALE * before) await this.dataSource.query('ANALYZE estates, listing_events');
    } catch (error) {
      this.logger.warn(`statistics of the listings not refreshed: ${reason(error)}`);
    }
  }

  /** After the commit, so another replica never reloads a listing before its new version is visible. */
  private async publish(ids: readonly number[]): Promise<void> {
    try {
      for (let i = 0; i < ids.length; i += PUBLISH_CHUNK) await this.changes.publish('estates', { ids: ids.slice(i, i + PUBLISH_CHUNK) });
    } catch (error) {
      this.logger.error(`estate changes not published (caches may serve old pages until their next change): ${reason(error)}`);
    }
  }

  /**
   * One transaction per source: readers see the old catalogue or the new one, never half of it. The rows staged during
   * the read go into `estates` by set-based SQL (or straight from memory when they were too few to stage), with the
   * listing events and the removals, and the staging is cleared.
   * Also answers which listings' pages changed: the rows inserted, updated or removed, and the
   * projects whose units are among them (a project page shows its units).
   */
  private store(run: SourceRun, startedAt: Date): Promise<{ report: SourceSyncReport; changedIds: number[] }> {
    const syncedAt = new Date();
    const { name, mode, skipped, cached } = run;
    return this.dataSource.transaction(async (manager) => {
      // Each chunk behind a savepoint: a row the database refuses is skipped (the cache keeps its last good version),
      // the others are written, and the transaction goes on.
      const guard = savepointGuard(manager);
      await run.storePhotos(manager);
      if (run.spilled) {
        const refused = await writeSalvaging(run.staged, STAGING_CHUNK, guard, (ids) => run.staging.apply(manager, ids, run.stagedAt, syncedAt));
        run.drop(refused.map(({ item, error }) => ({ id: item, error })));
      } else {
        const refused = await writeSalvaging(run.unstagedAt(syncedAt), UPSERT_CHUNK, guard, async (rows) => void (await manager.upsert(EstateEntity, [...rows], ['id'])));
        run.drop(refused.map(({ item, error }) => ({ id: item.id, error })));
      }
      // The listing's history (first seen, price, status) for alert digests and pages, committed with the change itself,
      // at the commit's time (digests read events by their time).
      const events = run.events.map((event) => ({ ...event, occurredAt: syncedAt }));
      const refusedEvents = await writeSalvaging(events, UPSERT_CHUNK, guard, async (chunk) => void (await manager.insert(ListingEventEntity, [...chunk])));
      for (const { item, error } of refusedEvents) this.logger.warn(`source ${name}: a ${item.kind} event of listing ${item.estateId} not recorded: ${error}`);
      // A record that could not be mapped this time keeps its last good version on the site.
      const kept = new Set(skipped.map((record) => record.sourceId));
      const hiddenSourceIds = new Set(run.hiddenIds);
      const cachedRows = [...cached.values()];
      const hidden = { sourceIds: hiddenSourceIds, siteIds: new Set(cachedRows.filter((row) => hiddenSourceIds.has(row.sourceId)).map((row) => row.id)) };
      const vanishedRows = cachedRows.filter((row) => this.vanished(mode, row, run.read, kept, hidden));
      const vanished = vanishedRows.map((row) => row.id);
      for (let i = 0; i < vanished.length; i += STAGING_CHUNK) await manager.delete(EstateEntity, { id: In(vanished.slice(i, i + STAGING_CHUNK)) });
      for (const row of vanishedRows) run.touch(row.id, row.parentId);

      // An incremental sync needs the state a full one wrote first.
      if (mode === 'full') await manager.upsert(SourceSyncStateEntity, { source: name, lastSyncStartedAt: startedAt, lastFullSyncStartedAt: startedAt }, ['source']);
      else await manager.update(SourceSyncStateEntity, { source: name }, { lastSyncStartedAt: startedAt });
      await run.staging.clear(manager);
      const report: SourceSyncReport = {
        source: name,
        mode,
        ok: true,
        fetched: run.fetched,
        hidden: run.hidden,
        inserted: run.inserted,
        updated: run.staged.length - run.inserted,
        unchanged: run.read.size - run.staged.length - run.refused,
        removed: vanished.length,
        skipped,
        gaps: run.gaps,
      };
      return { report, changedIds: [...run.touched].sort((a, b) => a - b) };
    });
  }

  /**
   * Whether a cached row goes: in a full read, every row the source no longer lists (but one whose record could not
   * be mapped this time keeps its last good version); in an incremental one, only hidden listings, their units, and
   * units no longer listed by a project that was read.
   */
  private vanished(
    mode: SyncMode,
    row: Pick<EstateEntity, 'id' | 'sourceId' | 'parentId'>,
    rows: ReadonlySet<number>,
    kept: ReadonlySet<string>,
    hidden: { readonly sourceIds: ReadonlySet<string>; readonly siteIds: ReadonlySet<number> },
  ): boolean {
    if (rows.has(row.id) || kept.has(row.sourceId)) return false;
    if (mode === 'full' || hidden.sourceIds.has(row.sourceId)) return true;
    return row.parentId !== null && (rows.has(row.parentId) || hidden.siteIds.has(row.parentId));
  }

  /** The agency hears after each sync how many listings lack data a Belgian listing rule needs; the CLI lists them. */
  private async logComplianceGaps(name: SourceName): Promise<void> {
    try {
      // In batches by id: a 50,000-listing source read whole is some 600 MB of documents at once.
      const repository = this.dataSource.getRepository(EstateEntity);
      let lacking = 0;
      for (let after: number | null = null; ; ) {
        const rows: EstateEntity[] = await repository.find({ where: after === null ? { source: name } : { source: name, id: MoreThan(after) }, order: { id: 'ASC' }, take: COMPLIANCE_BATCH });
        lacking += this.listingRuleGaps(rows.map((row) => fromRows(row)));
        if (rows.length < COMPLIANCE_BATCH) break;
        after = rows[rows.length - 1]!.id;
      }
      if (lacking > 0) this.logger.warn(`source ${name}: ${lacking} live listings lack data a Belgian listing rule needs (npm run listings:check)`);
    } catch (error) {
      // A report line, never a reason to fail a sync that has committed.
      this.logger.warn(`source ${name}: listing rules not checked: ${reason(error)}`);
    }
  }

  private log(report: SourceSyncReport): void {
    if (!report.ok) {
      this.logger.error(`source ${report.source} failed, cached listings kept: ${report.error}`);
      return;
    }
    this.logger.log(describeSourceSync(report));
    const gaps = describeGaps(report);
    if (gaps) this.logger.warn(gaps);
    for (const record of report.skipped) this.logger.warn(`source ${report.source} record ${record.sourceId} skipped: ${record.error}`);
  }
}
