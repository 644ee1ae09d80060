import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { SourceName } from '../domain/estate.js';

/**
 * Per source, when its last successful sync started (an incremental sync asks for what changed since then) and
 * when its last full reconciliation did (only a full read sees listings deleted in the CRM).
 */
@Entity({ name: 'source_sync_state' })
export class SourceSyncStateEntity {
  @PrimaryColumn({ type: 'varchar', length: 1 })
  source!: SourceName;

  @Column({ name: 'last_sync_started_at', type: 'timestamptz' })
  lastSyncStartedAt!: Date;

  @Column({ name: 'last_full_sync_started_at', type: 'timestamptz' })
  lastFullSyncStartedAt!: Date;
}
