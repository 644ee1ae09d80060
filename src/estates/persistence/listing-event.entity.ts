import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** NEW: first seen by the sync. PRICE: its price changed. STATUS: its transaction status changed. */
export type ListingEventKind = 'NEW' | 'PRICE' | 'STATUS';

/**
 * What the sync saw change on a listing, written in the sync's own transaction: the history digests are made of
 * (and a price and status history per listing).
 */
@Entity({ name: 'listing_events' })
@Index('ix_listing_events_estate', ['estateId', 'occurredAt'])
@Index('ix_listing_events_occurred', ['occurredAt'])
export class ListingEventEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'PK_listing_events' })
  id!: number;

  @Column({ name: 'estate_id', type: 'integer' })
  estateId!: number;

  @Column({ type: 'varchar', length: 8 })
  kind!: ListingEventKind;

  @Column({ name: 'old_price', type: 'numeric', precision: 14, scale: 2, nullable: true, transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) } })
  oldPrice!: number | null;

  @Column({ name: 'new_price', type: 'numeric', precision: 14, scale: 2, nullable: true, transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) } })
  newPrice!: number | null;

  @Column({ name: 'old_status', type: 'varchar', length: 16, nullable: true })
  oldStatus!: string | null;

  @Column({ name: 'new_status', type: 'varchar', length: 16, nullable: true })
  newStatus!: string | null;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}
