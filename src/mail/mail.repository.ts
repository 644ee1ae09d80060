import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, IsNull, LessThan } from 'typeorm';
import { MailEntity, type MailStatus } from './mail.entity.js';

/** A mail as a worker sends it (the columns its claim returns). */
export interface ClaimedMail {
  readonly id: string;
  readonly to_address: string;
  readonly reply_to: string | null;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly attempts: number;
  readonly headers: Record<string, string> | null;
  readonly locale: string;
  readonly ical_event: string | null;
}

/** What a new mail is stored with: rendered, addressed, not yet attempted. */
export type NewMail = Pick<MailEntity, 'id' | 'to' | 'replyTo' | 'locale' | 'template' | 'subject' | 'html' | 'text' | 'inquiryId' | 'headers' | 'icalEvent'>;

/** The mails table. Methods that take a manager run inside the caller's transaction. */
@Injectable()
export class MailRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async add(manager: EntityManager, mail: NewMail): Promise<void> {
    await manager.insert(MailEntity, { ...mail, status: 'PENDING', attempts: 0, lastError: null, lockedUntil: null, sentAt: null });
  }

  async attachJob(manager: EntityManager, id: string, jobId: string | null): Promise<void> {
    await manager.update(MailEntity, { id }, { jobId });
  }

  /** PENDING (or a SENDING claim that lapsed) → SENDING for `seconds`, in one statement: only one worker wins a mail. */
  async claim(id: string, seconds: number): Promise<ClaimedMail | null> {
    // TypeORM answers an UPDATE … RETURNING with [rows, affected count].
    const [rows] = (await this.dataSource.query(
      `UPDATE mails SET status = 'SENDING', attempts = attempts + 1, locked_until = now() + make_interval(secs => $2), updated_at = now()
       WHERE id = $1 AND (status = 'PENDING' OR (status = 'SENDING' AND locked_until < now()))
       RETURNING id, to_address, reply_to, subject, html, text, attempts, headers, locale, ical_event`,
      [id, seconds],
    )) as [ClaimedMail[], number];
    return rows[0] ?? null;
  }

  async markSent(id: string): Promise<void> {
    await this.dataSource.getRepository(MailEntity).update({ id }, { status: 'SENT', sentAt: new Date(), lastError: null, lockedUntil: null, updatedAt: new Date() });
  }

  /** A send failed: back to PENDING for a retry, or FAILED after the last attempt. */
  async markAttemptFailed(id: string, reason: string, lastAttempt: boolean): Promise<void> {
    await this.dataSource
      .getRepository(MailEntity)
      .update({ id }, { status: lastAttempt ? 'FAILED' : 'PENDING', lastError: reason, lockedUntil: null, updatedAt: new Date() });
  }

  /**
   * Locks the mails to queue again, oldest first: the given ones that are not sent (nor being sent while their claim
   * lasts), or else every FAILED mail and every PENDING one without a job.
   */
  async lockRequeueable(manager: EntityManager, ids?: readonly string[]): Promise<string[]> {
    const where = ids?.length
      ? [
          { id: In([...ids]), status: In(['PENDING', 'FAILED']) },
          { id: In([...ids]), status: 'SENDING' as const, lockedUntil: LessThan(new Date()) },
        ]
      : [{ status: 'FAILED' as const }, { status: 'PENDING' as const, jobId: IsNull() }];
    const mails = await manager.find(MailEntity, { select: { id: true }, where, lock: { mode: 'pessimistic_write' }, order: { createdAt: 'ASC' } });
    return mails.map((mail) => mail.id);
  }

  /** How many mails are in each of `statuses` that has any, in one grouped count. */
  countByStatus(statuses: readonly MailStatus[]): Promise<{ status: MailStatus; count: number }[]> {
    return this.dataSource
      .getRepository(MailEntity)
      .createQueryBuilder('mail')
      .select('mail.status', 'status')
      .addSelect('count(*)::int', 'count')
      .where('mail.status IN (:...statuses)', { statuses })
      .groupBy('mail.status')
      .getRawMany();
  }

  async requeue(manager: EntityManager, id: string, jobId: string | null): Promise<void> {
    await manager.update(MailEntity, { id }, { status: 'PENDING', jobId, lockedUntil: null, updatedAt: new Date() });
  }
}
