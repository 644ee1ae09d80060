import type { ListingMarks } from '../domain/estate.js';
import { priceReducedAfter } from '../domain/price-changes.js';
import type { ListingEventEntity } from './listing-event.entity.js';

/** What the cache held for a listing before a sync: enough to tell a change of its public price or status. */
export interface CachedState {
  /** The price a visitor may see: a hidden price is no price, so it never reads as a drop. */
  readonly publicPrice: number | null;
  readonly status: string;
}

/** A listing as the sync is about to write it. */
export interface SyncedState extends CachedState {
  readonly id: number;
}

export type NewListingEvent = Omit<ListingEventEntity, 'id'>;

/**
 * The history a sync adds: NEW for a listing not cached before, PRICE when its price changed, STATUS when its
 * transaction status changed (both when both did). A listing whose other fields changed adds nothing.
 */
export function listingEvents(before: ReadonlyMap<number, CachedState>, after: readonly SyncedState[], at: Date): NewListingEvent[] {
  const events: NewListingEvent[] = [];
  const none = { oldPrice: null, newPrice: null, oldStatus: null, newStatus: null };
  for (const listing of after) {
    const old = before.get(listing.id);
    if (!old) {
      events.push({ ...none, estateId: listing.id, kind: 'NEW', newPrice: listing.publicPrice, newStatus: listing.status, occurredAt: at });
      continue;
    }
    if (old.publicPrice !== listing.publicPrice) events.push({ ...none, estateId: listing.id, kind: 'PRICE', oldPrice: old.publicPrice, newPrice: listing.publicPrice, occurredAt: at });
    if (old.status !== listing.status) events.push({ ...none, estateId: listing.id, kind: 'STATUS', oldStatus: old.status, newStatus: listing.status, occurredAt: at });
  }
  return events;
}

/**
 * The history dates a listing's row keeps after a sync (`estates.listed_at`, `price_reduced_at`): a listing first seen
 * now is listed now, unless this is its source's first fill (it was on offer before the site knew it); the price
 * reduction date follows its PRICE events (domain/price-changes.ts priceReducedAfter).
 */
export function marksAfter(before: ListingMarks | undefined, events: readonly NewListingEvent[], at: Date, firstFill: boolean): ListingMarks {
  return {
    listedAt: before ? before.listedAt : firstFill ? null : at,
    priceReducedAt: priceReducedAfter(before?.priceReducedAt ?? null, events),
  };
}
