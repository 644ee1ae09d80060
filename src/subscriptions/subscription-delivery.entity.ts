import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One listing event mailed to one subscription, inserted in the transaction that queues the digest: the primary key
 * makes a second mail of the same event impossible, however often or by how many replicas the matcher runs.
 */
@Entity({ name: 'subscription_deliveries' })
export class SubscriptionDeliveryEntity {
  @PrimaryColumn({ name: 'subscription_id', type: 'uuid', primaryKeyConstraintName: 'PK_subscription_deliveries' })
  subscriptionId!: string;

  @PrimaryColumn({ name: 'event_id', type: 'integer', primaryKeyConstraintName: 'PK_subscription_deliveries' })
  eventId!: number;

  @Column({ name: 'mail_id', type: 'uuid' })
  mailId!: string;

  @Column({ name: 'delivered_at', type: 'timestamptz', default: () => 'now()' })
  deliveredAt!: Date;
}
