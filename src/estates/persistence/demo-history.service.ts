import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../config/config.js';
import { ChangeFeedService } from '../../database/change-feed.service.js';
import { FIXTURES_DIR } from '../../utils/paths.js';
import type { SourceName } from '../domain/estate.js';
import { priceReducedAfter } from '../domain/price-changes.js';
import { EstateEntity } from './estate.entity.js';
import { ListingEventEntity } from './listing-event.entity.js';
import type { NewListingEvent } from './listing-events.js';

const DAY_MS = 86_400_000;

interface DemoChange {
  readonly kind: 'PRICE' | 'STATUS';
  readonly daysAgo: number;
  readonly from: number | string;
  /** PRICE only: the price it went to; the listing's current public price when left out. */
  readonly to?: number;
}

interface DemoListing {
  readonly source: SourceName;
  readonly sourceId: string;
  readonly listedDaysAgo: number;
  readonly changes: readonly DemoChange[];
}

/**
 * DEMO DATA ONLY: the history an earlier sync would have recorded for a few demo listings (fixtures/demo-history.json),
 * written once after the empty cache's first fill, where sources read the demo catalogue in fixtures/. The fill saw the
 * whole catalogue at once, so without this the demo would show no history and no badge. The events are the ones a
 * sync records (listing-events.ts), backdated, replacing the fill's own NEW event of those listings; the listings'
 * history dates follow the same rule as the sync's. A CRM read over HTTP is never given a made-up history.
 */
@Injectable()
export class DemoHistoryService {
  private readonly logger = new Logger(DemoHistoryService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly changes: ChangeFeedService,
  ) {}

  /** The sources read from fixtures/ (the demo, config.demoSources). */
  private demoSources(): SourceName[] {
    return this.config.demoSources.map((entry) => entry.source);
  }

  /** Seeds the demo history when demo data is on; the ids of the listings it gave a history (none the second time). */
  async seed(now = new Date(), file = join(FIXTURES_DIR, 'demo-history.json')): Promise<number[]> {
    if (!this.config.seedDemoData) return [];
    const sources = this.demoSources();
    const { listings } = JSON.parse(await readFile(file, 'utf8')) as { listings: DemoListing[] };
    const wanted = listings.filter((listing) => sources.includes(listing.source));
    if (wanted.length === 0) return [];
    const seeded = await this.dataSource.transaction(async (manager) => {
      const ids: number[] = [];
      for (const listing of wanted) {
        const row = await manager.findOne(EstateEntity, {
          where: { source: listing.source, sourceId: listing.sourceId },
          select: { id: true, publicPrice: true, status: true, listedAt: true, priceReducedAt: true },
        });
        // Gone from the fixtures, or given its history already (a restart with the same database).
        if (!row || row.listedAt !== null) continue;
        const events = this.eventsOf(listing, row, now);
        if (!events) {
          this.logger.warn(`demo history of ${listing.source}/${listing.sourceId} does not end at its current price or status: left out`);
          continue;
        }
        await manager.delete(ListingEventEntity, { estateId: row.id, kind: 'NEW' });
        await manager.insert(ListingEventEntity, events);
        await manager.update(EstateEntity, { id: row.id }, { listedAt: events[0]!.occurredAt, priceReducedAt: priceReducedAfter(null, events) });
        ids.push(row.id);
      }
      return ids;
    });
    if (seeded.length > 0) {
      // After the commit, as the sync does: pages of these listings and the catalogue's version move on.
      await this.changes.publish('estates', { ids: seeded });
      this.logger.log(`demo data: a backdated history for ${seeded.length} demo listings (fixtures/demo-history.json)`);
    }
    return seeded;
  }

  /** The listing's backdated events, oldest first, or null when they would not end at its current price or status. */
  private eventsOf(listing: DemoListing, row: Pick<EstateEntity, 'id' | 'publicPrice' | 'status'>, now: Date): NewListingEvent[] | null {
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
    const none = { oldPrice: null, newPrice: null, oldStatus: null, newStatus: null };
    const changes = [...listing.changes].sort((a, b) => b.daysAgo - a.daysAgo);
    const prices = changes.filter((change) => change.kind === 'PRICE');
    const statuses = changes.filter((change) => change.kind === 'STATUS');
    // A price on request has no amounts in its history, and a status change must lead to the status it has now.
    if (prices.length > 0 && row.publicPrice === null) return null;
    if (statuses.some((change) => change.from === row.status)) return null;
    const firstPrice = prices[0] ? Number(prices[0].from) : row.publicPrice;
    const firstStatus = statuses[0] ? String(statuses[0].from) : row.status;
    const events: NewListingEvent[] = [{ ...none, estateId: row.id, kind: 'NEW', newPrice: firstPrice, newStatus: firstStatus, occurredAt: at(listing.listedDaysAgo) }];
    for (const change of changes) {
      if (change.kind === 'PRICE') {
        const to = change.to ?? row.publicPrice;
        events.push({ ...none, estateId: row.id, kind: 'PRICE', oldPrice: Number(change.from), newPrice: to, occurredAt: at(change.daysAgo) });
      } else {
        events.push({ ...none, estateId: row.id, kind: 'STATUS', oldStatus: String(change.from), newStatus: row.status, occurredAt: at(change.daysAgo) });
      }
    }
    const lastPrice = events.filter((event) => event.kind === 'PRICE').at(-1);
    return lastPrice && lastPrice.newPrice !== row.publicPrice ? null : events;
  }
}
