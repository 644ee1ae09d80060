import type { Estate, SourceName } from '../domain/estate.js';
import type { SourceAppointment } from './appointment-source.port.js';

/**
 * One record of a source:
 * - a mapped live listing (a project carries its units in `children`);
 * - a record that could not be mapped (`error`: skipped and reported; the cache keeps its last good version);
 * - a record the CRM holds but the site must not show (`hidden`: why, e.g. "not published to medium 14",
 *   "archived", "status 3 (sold) is not public"). A full read may leave hidden records out entirely; an incremental
 *   read must yield them, so the sync removes a listing the agency unpublished. The go-live check counts them by reason.
 */
export type SourceRecord =
  | { readonly ok: true; readonly estate: Estate; readonly gaps?: readonly FieldGap[] }
  | { readonly ok: false; readonly sourceId: string; readonly error: string }
  | { readonly ok: false; readonly sourceId: string; readonly hidden: string };

/**
 * A field a listing is shown without, or with less of, and why ("degrade, never drop"): a city the dictionary lacks,
 * photos on a host PHOTO_HOSTS does not allow, an energy value that is no number, a text cleaned of what PostgreSQL
 * refuses. The sync counts them per field; the go-live check lists them with the first listing ids.
 */
export interface FieldGap {
  /** What a visitor misses, e.g. 'city', 'photos', 'energy', 'price', 'text'. */
  readonly field: string;
  /** Why, for the operator (e.g. "host whisestorageprod.blob.core.windows.net is not in PHOTO_HOSTS"). */
  readonly reason: string;
}

/** What a read may be limited to. */
export interface FetchOptions {
  /**
   * Incremental read: only the records changed since this instant (a source that cannot tell reads everything). Each
   * changed listing is yielded whole: a changed unit comes as its project with all its units.
   */
  readonly since?: Date;
  /** The project (by source id) a cached unit belongs to: lets an incremental read that sees a unit re-read its project. */
  readonly projectOf?: (unitSourceId: string) => string | null;
}

/** Whether the CRM accepts our credentials (its health or token endpoint), for the go-live check. */
export interface SourceHealth {
  readonly authenticated: boolean;
  /** What is wrong, naming the setting the operator should look at (e.g. "401: check SOURCE_A_COMPANY_ID (X-CLIENT-ID)"). */
  readonly problem?: string;
}

/**
 * A CRM the catalogue comes from. `fetchAll` yields every live listing, or with `since` what changed; it throws
 * SourceUnavailableError when the CRM cannot be read at all, so the sync leaves that source's cached listings as they
 * were.
 */
export interface EstateSource {
  readonly name: SourceName;
  /** The CRM's name for operators (logs, the go-live check): "Zabun", "Whise", "feed". */
  readonly label: string;
  /** true: `fetchAll` honours `since` (an incremental sync is possible between full reconciliations). */
  readonly incremental: boolean;
  fetchAll(options?: FetchOptions): AsyncIterable<SourceRecord>;
  /** The viewing appointments booked in the CRM (records that cannot be mapped are left out); none when absent. */
  fetchAppointments?(): Promise<readonly SourceAppointment[]>;
  /** Calls the CRM's health (or token) endpoint; never throws. */
  health(): Promise<SourceHealth>;
}

export class SourceUnavailableError extends Error {
  override readonly name = 'SourceUnavailableError';
  constructor(
    readonly source: SourceName,
    reason: string,
  ) {
    super(`source ${source} unavailable: ${reason}`);
  }
}

/** The record's kind, for code that only counts. */
export function isHidden(record: SourceRecord): record is Extract<SourceRecord, { hidden: string }> {
  return !record.ok && 'hidden' in record;
}
