import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, Not } from 'typeorm';
import { AppConfig } from '../../config/config.js';
import { ChangeFeed } from '../../database/change-feed.js';
import { AppointmentSyncService } from '../../appointments/appointment-sync.service.js';
import type { Estate, SourceName } from '../domain/estate.js';
import type { EstateSource } from '../sources/estate-source.port.js';
import { FetchBudget, withFetchBudget } from '../sources/http-client.js';
import { EstateEntity } from './estate.entity.js';
import { flattenEstate, toRow } from './estate-record.js';
import { ListingEventEntity } from './listing-event.entity.js';
import { listingEvents } from './listing-events.js';

/** The configured sources (A and B), provided by the estates module. */
export const ESTATE_SOURCES = Symbol('ESTATE_SOURCES');

const UPSERT_CHUNK = 100;
/** Ids per change notification: well under PostgreSQL's 8,000-byte NOTIFY limit. */
const PUBLISH_CHUNK = 500;

export interface SkippedRecord {
  readonly sourceId: string;
  readonly error: string;
}

export interface SourceSyncReport {
  readonly source: SourceName;
  /** false: the source could not be read; its cached listings were left as they were. */
  readonly ok: boolean;
  readonly error?: string;
  readonly fetched: number;
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly removed: number;
  readonly skipped: readonly SkippedRecord[];
}

export interface SyncReport {
  readonly sources: readonly SourceSyncReport[];
  readonly durationMs: number;
  /** Listings in the cache after the run (project units included). */
  readonly cached: number;
}

function failed(source: SourceName, error: string): SourceSyncReport {
  return { source, ok: false, error, fetched: 0, inserted: 0, updated: 0, unchanged: 0, removed: 0, skipped: [] };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Pulls every source and makes the cache equal to what each one publishes: new listings are
 * inserted, changed ones updated, unchanged ones not written, vanished or unpublished ones removed.
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
    private readonly changes: ChangeFeed,
    private readonly appointments: AppointmentSyncService,
  ) {}

  /**
   * Runs a sync, or joins the one already running (the schedule and the CLI never overlap in one
   * process). `signal` stops it early (the job's own, aborted when this process stops).
   */
  syncAll(signal?: AbortSignal): Promise<SyncReport> {
    this.running ??= this.run(signal).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(signal?: AbortSignal): Promise<SyncReport> {
    const started = performance.now();
    const deadline = AbortSignal.timeout(this.config.SYNC_TIMEOUT_SECONDS * 1000);
    const runSignal = signal ? AbortSignal.any([deadline, signal]) : deadline;
    const reports: SourceSyncReport[] = [];
    for (const source of this.sources) {
      const report = await this.syncSource(source, runSignal);
      reports.push(report);
      this.log(report);
    }
    const cached = await this.dataSource.getRepository(EstateEntity).count();
    return { sources: reports, durationMs: Math.round(performance.now() - started), cached };
  }

  private async syncSource(source: EstateSource, signal: AbortSignal): Promise<SourceSyncReport> {
    const estates: Estate[] = [];
    const skipped: SkippedRecord[] = [];
    const budget = new FetchBudget(
      { maxPages: this.config.SYNC_MAX_PAGES, maxRecords: this.config.SYNC_MAX_RECORDS, maxBytes: this.config.SYNC_MAX_BYTES },
      signal,
    );
    try {
      await withFetchBudget(budget, async () => {
        for await (const record of source.fetchAll()) {
          budget.throwIfAborted();
          if (record.ok) estates.push(record.estate);
          else if ('error' in record) skipped.push({ sourceId: record.sourceId, error: record.error });
        }
      });
    } catch (error) {
      return failed(source.name, reason(error));
    }
    const { report, changedIds } = await this.store(source.name, estates, skipped);
    await this.publish(changedIds);
    await this.syncAppointments(source, budget);
    return report;
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

  /** After the commit, so another replica never reloads a listing before its new version is visible. */
  private async publish(ids: readonly number[]): Promise<void> {
    try {
      for (let i = 0; i < ids.length; i += PUBLISH_CHUNK) await this.changes.publish('estates', { ids: ids.slice(i, i + PUBLISH_CHUNK) });
    } catch (error) {
      this.logger.error(`estate changes not published (caches may serve old pages until their next change): ${reason(error)}`);
    }
  }

  /**
   * One transaction per source: readers see the old catalogue or the new one, never half of it.
   * Also answers which listings' pages changed: the rows inserted, updated or removed, and the
   * projects whose units are among them (a project page shows its units).
   */
  private store(name: SourceName, estates: readonly Estate[], skipped: SkippedRecord[]): Promise<{ report: SourceSyncReport; changedIds: number[] }> {
    const syncedAt = new Date();
    return this.dataSource.transaction(async (manager) => {
      const rows = new Map<number, EstateEntity>();
      for (const estate of estates.flatMap(flattenEstate)) {
        if (rows.has(estate.id)) {
          skipped.push({ sourceId: estate.sourceId, error: `duplicate id ${estate.id} in source ${name}` });
          continue;
        }
        rows.set(estate.id, toRow(estate, syncedAt));
      }

      // Ids must not overlap between sources: a listing of another source keeps its id.
      const taken = rows.size
        ? await manager.find(EstateEntity, { select: { id: true }, where: { id: In([...rows.keys()]), source: Not(name) } })
        : [];
      for (const { id } of taken) {
        skipped.push({ sourceId: rows.get(id)!.sourceId, error: `id ${id} already belongs to another source` });
        rows.delete(id);
      }

      const cached = await manager.find(EstateEntity, {
        select: { id: true, sourceId: true, contentHash: true, parentId: true, publicPrice: true, status: true },
        where: { source: name },
      });
      const existing = new Map(cached.map((row) => [row.id, row.contentHash]));
      // A record that could not be mapped this time keeps its last good version on the site.
      const kept = new Set(skipped.map((record) => record.sourceId));
      const changed = [...rows.values()].filter((row) => existing.get(row.id) !== row.contentHash);
      for (let i = 0; i < changed.length; i += UPSERT_CHUNK) {
        await manager.upsert(EstateEntity, changed.slice(i, i + UPSERT_CHUNK), ['id']);
      }
      // The listing's history (first seen, price, status) for alert digests, committed with the change itself.
      const events = listingEvents(new Map(cached.map((row) => [row.id, row])), changed, syncedAt);
      for (let i = 0; i < events.length; i += UPSERT_CHUNK) await manager.insert(ListingEventEntity, events.slice(i, i + UPSERT_CHUNK));
      const vanishedRows = cached.filter((row) => !rows.has(row.id) && !kept.has(row.sourceId));
      const vanished = vanishedRows.map((row) => row.id);
      if (vanished.length > 0) await manager.delete(EstateEntity, { id: In(vanished) });

      const inserted = changed.filter((row) => !existing.has(row.id)).length;
      // A unit's project before and after the change (a unit can move to another project).
      const previousParent = new Map(cached.map((row) => [row.id, row.parentId]));
      const touched = [...changed, ...vanishedRows];
      const parents = touched.flatMap((row) => [row.parentId, previousParent.get(row.id) ?? null]).filter((id): id is number => id !== null);
      const changedIds = [...new Set([...touched.map((row) => row.id), ...parents])];
      const report: SourceSyncReport = {
        source: name,
        ok: true,
        fetched: estates.length,
        inserted,
        updated: changed.length - inserted,
        unchanged: rows.size - changed.length,
        removed: vanished.length,
        skipped,
      };
      return { report, changedIds: changedIds.sort((a, b) => a - b) };
    });
  }

  private log(report: SourceSyncReport): void {
    if (!report.ok) {
      this.logger.error(`source ${report.source} failed, cached listings kept: ${report.error}`);
      return;
    }
    this.logger.log(
      `source ${report.source}: ${report.fetched} listings, ${report.inserted} new, ${report.updated} updated, ` +
        `${report.unchanged} unchanged, ${report.removed} removed, ${report.skipped.length} skipped`,
    );
    for (const record of report.skipped) this.logger.warn(`source ${report.source} record ${record.sourceId} skipped: ${record.error}`);
  }
}
