import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, IsNull, LessThan, Not } from 'typeorm';
import { SubscriptionEntity, type StoredCriteria } from './subscription.entity.js';
import { SubscriptionDeliveryEntity } from './subscription-delivery.entity.js';
import { SubscriptionTokenEntity } from './subscription-token.entity.js';
import { hashSubscriptionToken, newSubscriptionToken } from './subscription-token.js';

/** Subscriptions and their link tokens. Methods that take a manager run inside the caller's transaction. */
@Injectable()
export class SubscriptionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The subscription a link's token belongs to (any status), or null. */
  async findByToken(token: string): Promise<SubscriptionEntity | null> {
    const row = await this.dataSource.getRepository(SubscriptionTokenEntity).findOneBy({ tokenHash: hashSubscriptionToken(token) });
    return row ? this.dataSource.getRepository(SubscriptionEntity).findOneBy({ id: row.subscriptionId }) : null;
  }

  /** Every active subscription (confirmed or not: the digest checks). */
  findActive(): Promise<SubscriptionEntity[]> {
    return this.dataSource.getRepository(SubscriptionEntity).find({ where: { status: 'active' } });
  }

  /** The same address with the same search, not unsubscribed: a second form post updates it. */
  findSame(manager: EntityManager, email: string, criteria: StoredCriteria): Promise<SubscriptionEntity | null> {
    return manager
      .getRepository(SubscriptionEntity)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.email = :email AND s.status <> :gone AND s.criteria = CAST(:criteria AS jsonb)', { email, gone: 'unsubscribed', criteria: JSON.stringify(criteria) })
      .getOne();
  }

  /** The address's other subscriptions that still mail (for the edit page). */
  othersOf(subscription: SubscriptionEntity): Promise<SubscriptionEntity[]> {
    if (!subscription.email) return Promise.resolve([]);
    return this.dataSource.getRepository(SubscriptionEntity).find({
      where: { email: subscription.email, id: Not(subscription.id), status: In(['active', 'unconfirmed']) },
      order: { createdAt: 'ASC' },
    });
  }

  async add(manager: EntityManager, subscription: SubscriptionEntity): Promise<void> {
    await manager.insert(SubscriptionEntity, subscription);
  }

  /** In the caller's transaction when a manager is given. */
  async update(id: string, changes: Partial<Omit<SubscriptionEntity, 'id'>>, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(SubscriptionEntity, { id }, changes);
  }

  /** Which of `eventIds` a digest already brought to the subscriber. */
  async deliveredEventIds(manager: EntityManager, subscriptionId: string, eventIds: readonly number[]): Promise<Set<number>> {
    const rows = await manager.find(SubscriptionDeliveryEntity, { select: { eventId: true }, where: { subscriptionId, eventId: In([...eventIds]) } });
    return new Set(rows.map((row) => row.eventId));
  }

  /** A plain insert: a delivery already there fails the caller's transaction (and its mail) rather than send an event twice. */
  async addDeliveries(manager: EntityManager, deliveries: readonly SubscriptionDeliveryEntity[]): Promise<void> {
    await manager.insert(SubscriptionDeliveryEntity, [...deliveries]);
  }

  /** A fresh token for a mail's links; only its hash is stored. */
  async issueToken(manager: EntityManager, subscriptionId: string): Promise<string> {
    const token = newSubscriptionToken();
    await manager.insert(SubscriptionTokenEntity, { tokenHash: hashSubscriptionToken(token), subscriptionId });
    return token;
  }

  /** Locks the subscription for a state change; null when it is gone. */
  lock(manager: EntityManager, id: string): Promise<SubscriptionEntity | null> {
    return manager.getRepository(SubscriptionEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Unconfirmed subscriptions whose confirmation window passed: deleted with their tokens. Returns how many. */
  deleteExpired(now: Date): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const expired = await manager.find(SubscriptionEntity, { select: { id: true }, where: { status: 'unconfirmed', expiresAt: LessThan(now) } });
      const ids = expired.map((row) => row.id);
      if (ids.length === 0) return 0;
      await manager.delete(SubscriptionTokenEntity, { subscriptionId: In(ids) });
      await manager.delete(SubscriptionEntity, { id: In(ids) });
      return ids.length;
    });
  }

  /** Unsubscribed before `before`: address, name, search and tokens removed; the row stays for counts. */
  anonymizeUnsubscribed(before: Date, now: Date): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager.find(SubscriptionEntity, {
        select: { id: true },
        where: { status: 'unsubscribed', unsubscribedAt: LessThan(before), anonymizedAt: IsNull() },
      });
      const ids = rows.map((row) => row.id);
      if (ids.length === 0) return 0;
      await manager.delete(SubscriptionTokenEntity, { subscriptionId: In(ids) });
      await manager.update(SubscriptionEntity, { id: In(ids) }, { email: null, name: null, criteria: {}, anonymizedAt: now, updatedAt: now });
      return ids.length;
    });
  }
}
