import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A visitor's request to view a listing at one of up to three half-days; the agency confirms the appointment. */
@Entity({ name: 'viewing_requests' })
@Index('ix_viewing_requests_created', ['createdAt'])
export class ViewingRequestEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('ix_viewing_requests_estate')
  @Column({ name: 'estate_id', type: 'integer' })
  estateId!: number;

  @Column({ type: 'varchar', length: 2 })
  locale!: string;

  /** The preferred half-days as slot ids (`2026-12-01-am`), in calendar order. */
  @Column({ type: 'jsonb' })
  slots!: string[];

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Index('ix_viewing_requests_email')
  @Column({ type: 'varchar', length: 200 })
  email!: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone!: string | null;

  @Column({ type: 'text' })
  message!: string;

  @Column({ name: 'privacy_consent', type: 'boolean' })
  privacyConsent!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
