import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A token of a subscription's links, kept only as its SHA-256. Every mail gets a fresh one (the token itself is
 * only in that mail), so a digest can carry working links while the database never holds a usable token.
 */
@Entity({ name: 'subscription_tokens' })
@Index('ix_subscription_tokens_subscription', ['subscriptionId'])
export class SubscriptionTokenEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64, primaryKeyConstraintName: 'PK_subscription_tokens' })
  tokenHash!: string;

  @Column({ name: 'subscription_id', type: 'uuid' })
  subscriptionId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
