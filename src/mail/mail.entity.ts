import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * PENDING: waiting for its job (first attempt or a retry). SENDING: claimed by one worker.
 * SENT: delivered. FAILED: every attempt failed; kept for an operator (`npm run mail:retry`).
 */
export type MailStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';

/**
 * Every mail the site sends, rendered when it was queued: written in the same transaction as what
 * caused it, delivered by a job, and kept with its status, attempts and last error.
 */
@Entity({ name: 'mails' })
@Index('ix_mails_status', ['status', 'updatedAt'])
export class MailEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'to_address', type: 'varchar', length: 200 })
  to!: string;

  @Column({ name: 'reply_to', type: 'varchar', length: 200, nullable: true })
  replyTo!: string | null;

  /** The recipient's language, which the mail is written in. */
  @Column({ type: 'varchar', length: 2 })
  locale!: string;

  /** Which mail component rendered it (see mail-templates.ts). */
  @Column({ type: 'varchar', length: 40 })
  template!: string;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'varchar', length: 10, default: 'PENDING' })
  status!: MailStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'inquiry_id', type: 'uuid', nullable: true })
  inquiryId!: string | null;

  /** Extra headers the mail is sent with (List-Unsubscribe on subscription mails). */
  @Column({ type: 'jsonb', nullable: true })
  headers!: Record<string, string> | null;

  /** An iCalendar invite (METHOD:REQUEST) sent with the mail, e.g. an appointment's. */
  @Column({ name: 'ical_event', type: 'text', nullable: true })
  icalEvent!: string | null;

  /** The job that delivers it now; null for a mail queued before jobs existed (re-queued by `mail:retry`). */
  @Column({ name: 'job_id', type: 'uuid', nullable: true })
  jobId!: string | null;

  /** While SENDING: when the claim lapses, so a worker that died mid-send does not hold the mail forever. */
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}
