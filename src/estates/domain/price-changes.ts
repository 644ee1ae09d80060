/** A price change as the listing history records it (listing_events): what the price-drop rule reads. */
export interface PriceChange {
  readonly kind: 'NEW' | 'PRICE' | 'STATUS';
  readonly oldPrice: number | null;
  readonly newPrice: number | null;
  readonly occurredAt: Date;
}

/** Its public price went down (both prices shown at the time). */
export function isPriceDrop(event: Pick<PriceChange, 'kind' | 'oldPrice' | 'newPrice'>): boolean {
  return event.kind === 'PRICE' && event.oldPrice !== null && event.newPrice !== null && event.newPrice < event.oldPrice;
}

/**
 * When the listing's price was last reduced, after `events` (oldest first): a drop sets it, any other price change
 * (a rise, a price hidden or shown again) clears it, other events leave it. The sync keeps `estates.price_reduced_at`
 * with this rule, the "recently reduced" sort orders by that column, and the cards' badge (display/price-history.ts)
 * says the same.
 */
export function priceReducedAfter(previous: Date | null, events: readonly PriceChange[]): Date | null {
  let reducedAt = previous;
  for (const event of events) if (event.kind === 'PRICE') reducedAt = isPriceDrop(event) ? event.occurredAt : null;
  return reducedAt;
}
