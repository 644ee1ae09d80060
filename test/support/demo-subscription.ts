import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SubscriptionEntity } from '../../src/subscriptions/subscription.entity.js';
import { SubscriptionRepository } from '../../src/subscriptions/subscription.repository.js';

/**
 * A confirmed (or still unconfirmed) subscription and a working token of its links (the token a mail would carry), for
 * tests of pages that need one: the database keeps only the token's hash, so it is issued here.
 */
export async function demoSubscriptionToken(
  app: INestApplication,
  email = `demo-${randomUUID()}@example.be`,
  status: 'active' | 'unconfirmed' = 'active',
): Promise<string> {
  const now = new Date();
  const id = randomUUID();
  return app.get(DataSource).transaction(async (manager) => {
    await manager.insert(SubscriptionEntity, {
      id,
      email,
      name: 'Demo',
      locale: 'nl',
      criteria: { transaction: 'buy', headTypes: ['HOUSE'], subTypes: [], locations: ['Gent'], priceMin: null, priceMax: 400_000, bedroomsMin: null, reference: null },
      frequency: 'daily',
      status,
      expiresAt: null,
      createdAt: now,
      updatedAt: now,
      confirmedAt: status === 'active' ? now : null,
      unsubscribedAt: null,
      anonymizedAt: null,
      lastDigestAt: null,
    });
    return app.get(SubscriptionRepository).issueToken(manager, id);
  });
}
