import type { SourceAppointment } from '../appointment-source.port.js';
import { mapSourceBAppointment } from '../appointment-mappers.js';
import { type EstateSource, type SourceHealth, type SourceRecord, SourceUnavailableError } from '../estate-source.port.js';
import { currentFetchBudget } from '../http-client.js';
import type { SourceBApi } from './source-b.api.js';
import { mapSourceBListing, sourceBRecordId } from './source-b.mapper.js';
import type { SourceBListing } from './source-b.types.js';

/** Source B: reads every page of the feed first (a broken feed leaves the cache alone), then maps. */
export class SourceB implements EstateSource {
  readonly name = 'B' as const;
  readonly label = 'feed';
  readonly incremental = false;

  constructor(private readonly api: SourceBApi) {}

  async health(): Promise<SourceHealth> {
    return { authenticated: true };
  }

  async fetchAppointments(): Promise<readonly SourceAppointment[]> {
    const raw = await this.api.appointments();
    if (!Array.isArray(raw)) throw new SourceUnavailableError('B', 'appointments: not a list');
    return raw.map(mapSourceBAppointment).filter((appointment): appointment is SourceAppointment => appointment !== null);
  }

  async *fetchAll(): AsyncIterable<SourceRecord> {
    const listings: SourceBListing[] = [];
    const budget = currentFetchBudget();
    try {
      for (let page: number | null = 1; page !== null; ) {
        // A feed that always names a next page is cut off by the sync's page and record caps.
        budget?.page();
        const response = await this.api.page(page);
        if (!Array.isArray(response.items)) throw new Error(`page ${page} has no items`);
        budget?.addRecords(response.items.length);
        listings.push(...response.items);
        page = response.nextPage;
      }
    } catch (error) {
      throw new SourceUnavailableError('B', error instanceof Error ? error.message : String(error));
    }
    for (const listing of listings) {
      if (listing.published === false) continue;
      try {
        yield { ok: true, estate: mapSourceBListing(listing) };
      } catch (error) {
        yield { ok: false, sourceId: sourceBRecordId(listing), error: error instanceof Error ? error.message : String(error) };
      }
    }
  }
}
