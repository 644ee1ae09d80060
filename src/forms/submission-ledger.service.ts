import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/** A second identical submission within this window is the same one (a double click, a retry). */
export const DUPLICATE_WINDOW_SECONDS = 600;

/**
 * Makes submits idempotent without a per-visitor token (pages are the same for everyone): the fingerprint of
 * what was sent is claimed atomically in the caller's transaction, so of two identical posts racing each other
 * only one stores a lead; the other is thanked the same way.
 */
@Injectable()
export class SubmissionLedgerService {
  /** true: a new submission, go on; false: the same one was accepted moments ago, store nothing. */
  async claim(manager: EntityManager, form: string, fields: Readonly<Record<string, unknown>>): Promise<boolean> {
    const fingerprint = createHash('sha256').update(JSON.stringify([form, Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))])).digest('hex');
    const rows: unknown[] = await manager.query(
      `INSERT INTO form_submissions (fingerprint, form, accepted_at) VALUES ($1, $2, now())
       ON CONFLICT (fingerprint) DO UPDATE SET accepted_at = now()
         WHERE form_submissions.accepted_at < now() - make_interval(secs => $3)
       RETURNING fingerprint`,
      [fingerprint, form, DUPLICATE_WINDOW_SECONDS],
    );
    return rows.length > 0;
  }
}
