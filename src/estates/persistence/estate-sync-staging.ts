import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { SourceName } from '../domain/estate.js';
import { EstateEntity } from './estate.entity.js';

/** Rows per statement, written during the read and applied in the transaction: a few MB of documents at a time. */
export const STAGING_CHUNK = 500;

/**
 * One source's sync run in `estate_sync_staging`: the rows it is about to write, put there in chunks while the source is
 * read, then copied into `estates` by set-based SQL inside the run's one transaction. The process never holds the
 * whole catalogue (a 50,000-listing source is ~600 MB of documents), and PostgreSQL or PGlite never receives it as one
 * statement or result. A row is the listing's columns as JSON by their database names (`jsonb_populate_record` turns
 * it back into an `estates` row), so a column added to `estates` needs no change here.
 */
export class StagingRun {
  readonly id = randomUUID();
  private readonly columns: ReadonlyArray<{ readonly name: string; readonly value: (row: EstateEntity) => unknown }>;

  constructor(
    private readonly dataSource: DataSource,
    readonly source: SourceName,
  ) {
    this.columns = dataSource
      .getMetadata(EstateEntity)
      .columns.filter((column) => column.isInsert)
      .map((column) => ({ name: column.databaseName, value: (row: EstateEntity) => column.getEntityValue(row, true) as unknown }));
  }

  /** A run that crashed (the process was killed mid-read) left its rows: the sync runs one at a time, so they are stale. */
  async clearSource(): Promise<void> {
    await this.dataSource.query(`DELETE FROM estate_sync_staging WHERE source = $1`, [this.source]);
  }

  /** Stages rows (at most a chunk's worth at a time is in one statement). */
  async write(rows: readonly EstateEntity[]): Promise<void> {
    for (let i = 0; i < rows.length; i += STAGING_CHUNK) {
      const chunk = rows.slice(i, i + STAGING_CHUNK).map((row) => ({ id: row.id, row: Object.fromEntries(this.columns.map((column) => [column.name, column.value(row)])) }));
      await this.dataSource.query(
        `INSERT INTO estate_sync_staging (run_id, source, id, row) SELECT $1, $2, x.id, x.row FROM jsonb_to_recordset($3::jsonb) AS x(id integer, row jsonb)`,
        [this.id, this.source, JSON.stringify(chunk)],
      );
    }
  }

  /**
   * Inserts or updates the staged rows with these ids in `estates`, in `manager`'s transaction. `at` replaces the
   * placeholder time the rows were staged with (`stagedAt`: synced_at, and listed_at or price_reduced_at where this
   * run set them), so they carry the commit's time, as the listing events do.
   */
  async apply(manager: EntityManager, ids: readonly number[], stagedAt: Date, at: Date): Promise<void> {
    const names = this.columns.map((column) => column.name);
    const stamped = new Set(['synced_at', 'listed_at', 'price_reduced_at']);
    const select = names.map((name) => (stamped.has(name) ? `CASE WHEN r."${name}" = $3::timestamptz THEN $4::timestamptz ELSE r."${name}" END` : `r."${name}"`));
    const update = names.filter((name) => name !== 'id').map((name) => `"${name}" = EXCLUDED."${name}"`);
    const sql =
      `INSERT INTO estates (${names.map((name) => `"${name}"`).join(', ')}) ` +
      `SELECT ${select.join(', ')} FROM estate_sync_staging s CROSS JOIN LATERAL jsonb_populate_record(NULL::estates, s.row) r ` +
      `WHERE s.run_id = $1 AND s.id = ANY($2::integer[]) ` +
      `ON CONFLICT (id) DO UPDATE SET ${update.join(', ')}`;
    for (let i = 0; i < ids.length; i += STAGING_CHUNK) {
      await manager.query(sql, [this.id, ids.slice(i, i + STAGING_CHUNK), stagedAt.toISOString(), at.toISOString()]);
    }
  }

  /** The run's rows go (in the applying transaction, or after a failed read). */
  async clear(manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`DELETE FROM estate_sync_staging WHERE run_id = $1`, [this.id]);
  }
}
