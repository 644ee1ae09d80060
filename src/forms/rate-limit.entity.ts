import { Column, Entity, PrimaryColumn } from 'typeorm';

/** rate-limiter-flexible's counters (its PostgreSQL store's own shape), shared by every replica. */
@Entity({ name: 'rate_limits' })
export class RateLimitEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  @Column({ type: 'integer', default: 0 })
  points!: number;

  /** Epoch milliseconds when the window ends. */
  @Column({ type: 'bigint', nullable: true })
  expire!: string | null;
}
