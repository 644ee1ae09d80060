import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Site-wide settings the agency can change without a deploy (for example hiddenStatus, hiddenTabs). */
@Entity({ name: 'settings' })
export class SettingEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  key!: string;

  @Column({ type: 'jsonb' })
  value!: unknown;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
