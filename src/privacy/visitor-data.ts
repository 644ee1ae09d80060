import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

/** Rows removed (or anonymized) per table, for the operator's report and the tests. */
export type RemovalReport = Record<string, number>;

const DAY_MS = 24 * 3600 * 1000;

/** How many rows an `UPDATE`/`DELETE … RETURNING` touched (TypeORM answers [rows, count] on PostgreSQL). */
async function affected(manager: EntityManager, sql: string, parameters: unknown[]): Promise<number> {
  const result = (await manager.query(`${sql} RETURNING 1`, parameters)) as [unknown[], number] | unknown[];
  return Array.isArray(result[0]) ? (result[0] as unknown[]).length : result.length;
}

/** Tables another feature may or may not have created (the subscriptions of "keep me informed"). */
async function tableWithColumn(manager: EntityManager, table: string, column: string): Promise<boolean> {
  const rows = (await manager.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2`,
    [table, column],
  )) as unknown[];
  return rows.length > 0;
}

/**
 * The retention rules (the privacy page states them): inquiries, contact messages, holiday booking and viewing requests and
 * leads older than `inquiryDays`, mails sent or failed longer than `mailDays` ago, and appointments that took place longer than
 * `inquiryDays` ago are deleted. Mails still waiting to go out are kept. Form fingerprints live a day.
 */
export async function purgeExpired(dataSource: DataSource, retention: { inquiryDays: number; mailDays: number }, now = new Date()): Promise<RemovalReport> {
  const inquiryCutoff = new Date(now.getTime() - retention.inquiryDays * DAY_MS);
  const mailCutoff = new Date(now.getTime() - retention.mailDays * DAY_MS);
  return dataSource.transaction(async (manager) => ({
    inquiries: await affected(manager, `DELETE FROM inquiries WHERE created_at < $1`, [inquiryCutoff]),
    leads: await affected(manager, `DELETE FROM leads WHERE created_at < $1`, [inquiryCutoff]),
    mails: await affected(manager, `DELETE FROM mails WHERE status IN ('SENT', 'FAILED') AND created_at < $1`, [mailCutoff]),
    appointments: await affected(manager, `DELETE FROM appointments WHERE starts_at < $1`, [inquiryCutoff]),
    form_submissions: await affected(manager, `DELETE FROM form_submissions WHERE accepted_at < $1`, [new Date(now.getTime() - DAY_MS)]),
    holiday_booking_requests: await affected(manager, `DELETE FROM holiday_booking_requests WHERE created_at < $1`, [inquiryCutoff]),
    viewing_requests: await affected(manager, `DELETE FROM viewing_requests WHERE created_at < $1`, [inquiryCutoff]),
  }));
}

/**
 * Removes one visitor's data everywhere it is stored (GDPR erasure, `npm run gdpr:erase -- <email>`): their
 * inquiries (also as a send-to-a-friend recipient), their holiday booking requests, the mails to or about them,
 * their leads, their subscriptions,
 * the per-address rate-limit counters; appointments booked in a CRM keep their slot but lose the visitor (the sync
 * does not bring it back). Form fingerprints are one-way hashes kept for minutes: all of them go.
 */
export async function eraseVisitor(dataSource: DataSource, email: string): Promise<RemovalReport> {
  const address = email.trim().toLowerCase();
  if (!address.includes('@')) throw new Error(`not an e-mail address: ${email}`);
  const hashed = createHash('sha256').update(address).digest('hex');
  return dataSource.transaction(async (manager) => {
    const report: RemovalReport = {};
    report.mails = await affected(
      manager,
      `DELETE FROM mails WHERE lower(to_address) = $1 OR lower(reply_to) = $1
         OR inquiry_id IN (SELECT id FROM inquiries WHERE lower(email) = $1 OR lower(friend_email) = $1)`,
      [address],
    );
    report.inquiries = await affected(manager, `DELETE FROM inquiries WHERE lower(email) = $1 OR lower(friend_email) = $1`, [address]);
    report.leads = await affected(manager, `DELETE FROM leads WHERE lower(email) = $1`, [address]);
    report.appointments = await affected(
      manager,
      `UPDATE appointments SET visitor_name = '', visitor_email = '', visitor_phone = NULL, visitor_locale = NULL, cancel_reason = NULL, updated_at = now()
       WHERE lower(visitor_email) = $1`,
      [address],
    );
    report.form_submissions = await affected(manager, `DELETE FROM form_submissions`, []);
    report.rate_limits = await affected(manager, `DELETE FROM rate_limits WHERE key LIKE '%:' || $1`, [hashed]);
    report.holiday_booking_requests = await affected(manager, `DELETE FROM holiday_booking_requests WHERE lower(email) = $1`, [address]);
    report.viewing_requests = await affected(manager, `DELETE FROM viewing_requests WHERE lower(email) = $1`, [address]);
    if (await tableWithColumn(manager, 'subscriptions', 'email')) {
      // Their link tokens (hashes) and delivery records go with them.
      const theirs = `SELECT id FROM subscriptions WHERE lower(email) = $1`;
      await affected(manager, `DELETE FROM subscription_tokens WHERE subscription_id IN (${theirs})`, [address]);
      await affected(manager, `DELETE FROM subscription_deliveries WHERE subscription_id IN (${theirs})`, [address]);
      report.subscriptions = await affected(manager, `DELETE FROM subscriptions WHERE lower(email) = $1`, [address]);
    }
    return report;
  });
}

/** "inquiries: 2, leads: 2, …" for the log and the command's output. */
export function describeRemoval(report: RemovalReport): string {
  return Object.entries(report)
    .map(([table, count]) => `${table}: ${count}`)
    .join(', ');
}
