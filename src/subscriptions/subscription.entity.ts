import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { SearchCriteria } from '../search/search-criteria.js';

export type SubscriptionStatus = 'unconfirmed' | 'active' | 'unsubscribed';
export type DigestFrequency = 'instant' | 'daily' | 'weekly';
export const DIGEST_FREQUENCIES: readonly DigestFrequency[] = ['instant', 'daily', 'weekly'];

/** The search a subscription follows: the search's criteria without sort order and page. */
export type StoredCriteria = Omit<SearchCriteria, 'sort' | 'page'>;

/**
 * A keep-me-informed subscription (double opt-in). Its links carry tokens kept only as hashes (subscription_tokens).
 * Once anonymized, the address, name, criteria and tokens are gone; the row stays for counts.
 */
@Entity({ name: 'subscriptions' })
@Index('ix_subscriptions_email', ['email'])
@Index('ix_subscriptions_status', ['status', 'createdAt'])
export class SubscriptionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  name!: string | null;

  /** The subscriber's language: every mail to them is written in it. */
  @Column({ type: 'varchar', length: 2 })
  locale!: string;

  @Column({ type: 'jsonb' })
  criteria!: StoredCriteria;

  @Column({ type: 'varchar', length: 10, default: 'daily' })
  frequency!: DigestFrequency;

  @Column({ type: 'varchar', length: 16, default: 'unconfirmed' })
  status!: SubscriptionStatus;

  /** Until confirmed: when the confirmation link stops working and the row is deleted. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  @Column({ name: 'unsubscribed_at', type: 'timestamptz', nullable: true })
  unsubscribedAt!: Date | null;

  @Column({ name: 'anonymized_at', type: 'timestamptz', nullable: true })
  anonymizedAt!: Date | null;

  /** When the last digest left: the next waits for the frequency's window. */
  @Column({ name: 'last_digest_at', type: 'timestamptz', nullable: true })
  lastDigestAt!: Date | null;
}
