import type { Estate, SourceName } from '../domain/estate.js';
import type { SourceAppointment } from './appointment-source.port.js';

/** One record of a source: a mapped listing, or a record that could not be mapped (skipped and reported). */
export type SourceRecord =
  | { readonly ok: true; readonly estate: Estate }
  | { readonly ok: false; readonly sourceId: string; readonly error: string };

/**
 * A CRM the catalogue comes from. `fetchAll` yields every live listing (a project with its units in
 * `children`); it throws SourceUnavailableError when the CRM cannot be read at all, so the sync leaves
 * that source's cached listings as they were.
 */
export interface EstateSource {
  readonly name: SourceName;
  fetchAll(): AsyncIterable<SourceRecord>;
  /** The viewing appointments booked in the CRM (records that cannot be mapped are left out); none when absent. */
  fetchAppointments?(): Promise<readonly SourceAppointment[]>;
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
