import type { SourceAppointment } from '../appointment-source.port.js';
import { mapSourceBAppointment } from '../appointment-mappers.js';
import { type EstateSource, type SourceHealth, type SourceRecord, SourceUnavailableError } from '../estate-source.port.js';
import { currentFetchBudget, HttpStatusError } from '../http-client.js';
import { feedListingProblem } from './feed-schema.js';
import type { SourceBApi } from './source-b.api.js';
import { mapSourceBListing, sourceBRecordId } from './source-b.mapper.js';
import type { SourceBFeedPage, SourceBListing } from './source-b.types.js';

/** What a page must at least be for the feed to be readable (records are checked one by one, later). */
function checkPage(response: SourceBFeedPage | null, page: number): void {
  if (!Array.isArray(response?.items)) throw new Error(`page ${page} has no items`);
  if (response.nextPage !== null && !Number.isInteger(response.nextPage)) throw new Error(`page ${page}: nextPage is neither a page number nor null`);
}

/**
 * Source B: Immo's published feed (docs/feed). Reads it page by page (a page that cannot be read fails the whole read,
 * and the sync then leaves the cache alone, whatever pages came before), checks each record against the feed schema
 * and maps it: a record that breaks the contract is skipped with the schema's words, so the agency can fix its export.
 */
export class SourceB implements EstateSource {
  readonly name = 'B' as const;
  readonly label = 'feed';
  readonly incremental = false;

  constructor(private readonly api: SourceBApi) {}

  async health(): Promise<SourceHealth> {
    try {
      checkPage(await this.api.page(1), 1);
      return { authenticated: true };
    } catch (error) {
      if (error instanceof HttpStatusError && (error.status === 401 || error.status === 403)) {
        return { authenticated: false, problem: `${error.message}: check SOURCE_B_TOKEN` };
      }
      if (error instanceof HttpStatusError && error.status === 404) return { authenticated: false, problem: `${error.message}: check SOURCE_B_FEED_URL` };
      return { authenticated: false, problem: error instanceof Error ? error.message : String(error) };
    }
  }

  async fetchAppointments(): Promise<readonly SourceAppointment[]> {
    const raw = await this.api.appointments();
    if (!Array.isArray(raw)) throw new SourceUnavailableError('B', 'appointments: not a list');
    return raw.map(mapSourceBAppointment).filter((appointment): appointment is SourceAppointment => appointment !== null);
  }

  async *fetchAll(): AsyncIterable<SourceRecord> {
    const budget = currentFetchBudget();
    for (let page: number | null = 1; page !== null; ) {
      let items: readonly SourceBListing[];
      try {
        // A feed that always names a next page is cut off by the sync's page and record caps.
        budget?.page();
        const response = await this.api.page(page);
        checkPage(response, page);
        budget?.addRecords(response.items.length);
        items = response.items;
        page = response.nextPage;
      } catch (error) {
        throw new SourceUnavailableError('B', error instanceof Error ? error.message : String(error));
      }
      // Page by page: the feed is never held whole. A page that fails later fails the whole read all the same.
      for (const listing of items) yield this.record(listing);
    }
  }

  private record(listing: SourceBListing): SourceRecord {
    const sourceId = sourceBRecordId(listing);
    if (listing?.published === false) return { ok: false, sourceId, hidden: 'not published' };
    const problem = feedListingProblem(listing);
    if (problem) return { ok: false, sourceId, error: problem };
    try {
      return { ok: true, estate: mapSourceBListing(listing) };
    } catch (error) {
      return { ok: false, sourceId, error: error instanceof Error ? error.message : String(error) };
    }
  }
}
