import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export type MailStatus = 'PENDING' | 'SENT' | 'FAILED';

/**
 * A mail waiting to leave: written in the same transaction as what caused it, so nothing is lost when
 * the mail server is down; the dispatcher sends it and retries with backoff.
 */
@Entity({ name: 'mail_outbox' })
@Index('ix_mail_outbox_due', ['status', 'nextAttemptAt'])
export class MailOutboxEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'to_address', type: 'varchar', length: 200 })
  to!: string;

  @Column({ name: 'reply_to', type: 'varchar', length: 200, nullable: true })
  replyTo!: string | null;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'varchar', length: 10, default: 'PENDING' })
  status!: MailStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'inquiry_id', type: 'uuid', nullable: true })
  inquiryId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}
