import type { SearchProfile, ViewingSlotPayload } from '../estates/sources/lead-sink.port.js';
import type { SourceName } from '../estates/domain/estate.js';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** What the visitor did on the site that the agency should follow up. */
export const LEAD_KINDS = ['extra-info', 'send-to-friend', 'contact', 'subscription', 'cancellation', 'booking', 'viewing'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/**
 * PENDING: waiting for its delivery job (or a retry). DELIVERED: the CRM accepted it. FAILED: every attempt failed
 * (kept, with the last error). SKIPPED: the CRM it belongs to takes no leads (not configured).
 */
export type LeadStatus = 'PENDING' | 'DELIVERED' | 'FAILED' | 'SKIPPED';

/** A website lead, stored with the submission that caused it and delivered to the listing's CRM by a job. */
@Entity({ name: 'leads' })
@Index('ix_leads_created', ['createdAt'])
export class LeadEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 20 })
  kind!: LeadKind;

  /** The CRM the lead goes to: the listing's source, or LEAD_DEFAULT_SOURCE. */
  @Column({ type: 'varchar', length: 1 })
  source!: SourceName;

  @Column({ name: 'estate_id', type: 'integer', nullable: true })
  estateId!: number | null;

  /** The listing's id in its CRM, as the CRM knows it. */
  @Column({ name: 'source_estate_id', type: 'varchar', length: 64, nullable: true })
  sourceEstateId!: string | null;

  @Column({ type: 'varchar', length: 2 })
  locale!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Index('ix_leads_email')
  @Column({ type: 'varchar', length: 200 })
  email!: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone!: string | null;

  @Column({ type: 'text' })
  message!: string;

  /** A confirmed subscription's search, for CRMs that store it as a search profile; null for other leads. */
  @Column({ name: 'search_profile', type: 'jsonb', nullable: true })
  searchProfile!: SearchProfile | null;

  /** A viewing request's preferred half-days, for CRMs that take them as such (a calendar event); null for other leads. */
  @Column({ name: 'viewing_slots', type: 'jsonb', nullable: true })
  viewingSlots!: ViewingSlotPayload[] | null;

  @Column({ type: 'varchar', length: 10, default: 'PENDING' })
  status!: LeadStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
