import type { SourceName } from '../estates/domain/estate.js';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Who confirms an appointment to its visitor (see AppointmentEntity.confirmation). */
export type AppointmentConfirmation = 'SITE' | 'CRM' | 'NONE';

/** PLANNED: booked. CANCELLED: by the visitor on the site, or in the CRM. */
export type AppointmentStatus = 'PLANNED' | 'CANCELLED';

/**
 * A viewing appointment booked in a CRM, brought in by the sync. The visitor reaches it by `publicId`: random, not
 * derived from the CRM's id, so a link cannot be guessed from another.
 */
@Entity({ name: 'appointments' })
@Index('uq_appointments_source_record', ['source', 'sourceId'], { unique: true })
export class AppointmentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('uq_appointments_public_id', { unique: true })
  @Column({ name: 'public_id', type: 'varchar', length: 64 })
  publicId!: string;

  @Column({ type: 'varchar', length: 1 })
  source!: SourceName;

  @Column({ name: 'source_id', type: 'varchar', length: 64 })
  sourceId!: string;

  /** The listing visited; null when it is not (or no longer) in the catalogue. */
  @Column({ name: 'estate_id', type: 'integer', nullable: true })
  estateId!: number | null;

  @Column({ type: 'timestamptz', name: 'starts_at' })
  startsAt!: Date;

  @Column({ name: 'visitor_name', type: 'varchar', length: 100 })
  visitorName!: string;

  @Index('ix_appointments_visitor_email')
  @Column({ name: 'visitor_email', type: 'varchar', length: 200 })
  visitorEmail!: string;

  @Column({ name: 'visitor_phone', type: 'varchar', length: 40, nullable: true })
  visitorPhone!: string | null;

  @Column({ name: 'visitor_locale', type: 'varchar', length: 2, nullable: true })
  visitorLocale!: string | null;

  @Column({ name: 'agent_name', type: 'varchar', length: 100 })
  agentName!: string;

  @Column({ name: 'agent_email', type: 'varchar', length: 200, nullable: true })
  agentEmail!: string | null;

  @Column({ type: 'varchar', length: 10, default: 'PLANNED' })
  status!: AppointmentStatus;

  @Column({ type: 'timestamptz', name: 'cancelled_at', nullable: true })
  cancelledAt!: Date | null;

  /** VISITOR (on the site) or CRM. */
  @Column({ name: 'cancelled_by', type: 'varchar', length: 10, nullable: true })
  cancelledBy!: 'VISITOR' | 'CRM' | null;

  @Column({ name: 'cancel_reason', type: 'text', nullable: true })
  cancelReason!: string | null;

  /**
   * Who confirmed the appointment to the visitor: SITE (the mail `confirmationMailId`, queued once) or CRM (the agency's
   * CRM sends its own). NONE: no one ever does (a demo source's appointment, whose visitor is fictitious, or one
   * booked before the site sent confirmations). Null: not yet (a planned, future visit with an address then gets the
   * site's mail).
   */
  @Column({ type: 'varchar', length: 4, nullable: true })
  confirmation!: AppointmentConfirmation | null;

  @Column({ name: 'confirmation_mail_id', type: 'uuid', nullable: true })
  confirmationMailId!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
