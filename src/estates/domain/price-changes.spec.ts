import { type PriceChange, priceReducedAfter } from './price-changes';

const at = (iso: string) => new Date(iso);
const none = { oldPrice: null, newPrice: null };
const status = (iso: string, _newStatus: string): PriceChange => ({ ...none, kind: 'STATUS', occurredAt: at(iso) });
const price = (iso: string, oldPrice: number | null, newPrice: number | null): PriceChange => ({ ...none, kind: 'PRICE', oldPrice, newPrice, occurredAt: at(iso) });

describe(priceReducedAfter.name, () => {
  it('is the last drop, cleared by a rise or a hidden price, untouched by other events', () => {
    const drop = price('2026-10-12T08:00:00Z', 260_000, 245_000);
    expect(priceReducedAfter(null, [drop])).toEqual(drop.occurredAt);
    expect(priceReducedAfter(null, [drop, status('2026-10-13T08:00:00Z', 'OPTION')])).toEqual(drop.occurredAt);
    expect(priceReducedAfter(null, [drop, price('2026-10-14T08:00:00Z', 245_000, 255_000)])).toBeNull();
    expect(priceReducedAfter(drop.occurredAt, [price('2026-10-14T08:00:00Z', 245_000, null)])).toBeNull();
    expect(priceReducedAfter(drop.occurredAt, [])).toEqual(drop.occurredAt);
  });
});
