import { listingEvents, marksAfter } from './listing-events.js';

describe(listingEvents.name, () => {
  const at = new Date('2026-11-23T10:00:00Z');
  const before = new Map([[1, { publicPrice: 300_000, status: 'FOR_SALE' }]]);

  it('records a listing not cached before as first seen', () => {
    expect(listingEvents(before, [{ id: 2, publicPrice: 250_000, status: 'FOR_SALE' }], at)).toEqual([
      { estateId: 2, kind: 'NEW', oldPrice: null, newPrice: 250_000, oldStatus: null, newStatus: 'FOR_SALE', occurredAt: at },
    ]);
  });

  it('records a price change with the old and the new price', () => {
    expect(listingEvents(before, [{ id: 1, publicPrice: 280_000, status: 'FOR_SALE' }], at)).toEqual([
      { estateId: 1, kind: 'PRICE', oldPrice: 300_000, newPrice: 280_000, oldStatus: null, newStatus: null, occurredAt: at },
    ]);
  });

  it('records a status change with the old and the new status', () => {
    expect(listingEvents(before, [{ id: 1, publicPrice: 300_000, status: 'SOLD' }], at)).toEqual([
      { estateId: 1, kind: 'STATUS', oldPrice: null, newPrice: null, oldStatus: 'FOR_SALE', newStatus: 'SOLD', occurredAt: at },
    ]);
  });

  it('records both when price and status changed', () => {
    expect(listingEvents(before, [{ id: 1, publicPrice: null, status: 'SOLD' }], at).map((event) => event.kind)).toEqual(['PRICE', 'STATUS']);
  });

  it('records nothing when only other fields changed', () => {
    expect(listingEvents(before, [{ id: 1, publicPrice: 300_000, status: 'FOR_SALE' }], at)).toEqual([]);
  });
});

const day = (iso: string) => new Date(iso);
const marks = (listedAt: string | null, priceReducedAt: string | null) => ({ listedAt: listedAt ? day(listedAt) : null, priceReducedAt: priceReducedAt ? day(priceReducedAt) : null });

describe(marksAfter.name, () => {
  const now = day('2026-11-26T10:00:00Z');
  it('lists a listing first seen now, but not one of its source\'s first fill, and keeps an old listing\'s date', () => {
    expect(marksAfter(undefined, [], now, false)).toEqual({ listedAt: now, priceReducedAt: null });
    expect(marksAfter(undefined, [], now, true)).toEqual({ listedAt: null, priceReducedAt: null });
    const before = marks('2026-08-01T10:00:00Z', null);
    const drop = { estateId: 1, kind: 'PRICE' as const, oldPrice: 260_000, newPrice: 245_000, oldStatus: null, newStatus: null, occurredAt: now };
    expect(marksAfter(before, [drop], now, false)).toEqual({ listedAt: before.listedAt, priceReducedAt: now });
  });
});
