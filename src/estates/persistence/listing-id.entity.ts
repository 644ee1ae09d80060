import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { SourceName } from '../domain/estate.js';

/**
 * The site's id of every listing any source ever sent (its URL's number), kept for ever: a listing keeps its URL
 * while it is listed, when it comes back after a pause, and whichever other source sends the same number. The
 * sync assigns it (listing-ids.ts): the CRM's own number when no other listing has it, else one from the overflow range.
 */
@Entity({ name: 'listing_ids' })
@Index('uq_listing_ids_source_record', ['source', 'sourceId'], { unique: true })
export class ListingIdEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 1 })
  source!: SourceName;

  @Column({ name: 'source_id', type: 'varchar', length: 64 })
  sourceId!: string;

  @Column({ name: 'assigned_at', type: 'timestamptz', default: () => 'now()' })
  assignedAt!: Date;
}
