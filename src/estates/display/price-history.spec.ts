import { buildEstate } from '../../../test/factories/estate.factory.js';
import { fileTranslator } from '../../../test/support/file-translator.js';
import { listingCard } from './estate-card.js';
import { badgeRules, badgeVersion, belgianDay, cardBadges, historyLines, type ListingHistoryEvent } from './price-history.js';

const nl = fileTranslator('nl');
const fr = fileTranslator('fr');

const none = { oldPrice: null, newPrice: null, newStatus: null };
const at = (iso: string) => new Date(iso);
const listed = (iso: string): ListingHistoryEvent => ({ ...none, kind: 'NEW', newPrice: 280_000, occurredAt: at(iso) });
const price = (iso: string, oldPrice: number | null, newPrice: number | null): ListingHistoryEvent => ({ ...none, kind: 'PRICE', oldPrice, newPrice, occurredAt: at(iso) });
const status = (iso: string, newStatus: string): ListingHistoryEvent => ({ ...none, kind: 'STATUS', newStatus, occurredAt: at(iso) });

const marks = (listedAt: string | null, priceReducedAt: string | null) => ({ listedAt: listedAt ? at(listedAt) : null, priceReducedAt: priceReducedAt ? at(priceReducedAt) : null });

describe(historyLines.name, () => {
  const estate = buildEstate({ price: { value: 245_000 }, marks: marks('2026-08-01T10:00:00Z', '2026-10-12T08:00:00Z') });

  it('says what changed and when, newest first, in the page language with Belgian dates and amounts', () => {
    const events = [listed('2026-08-01T10:00:00Z'), price('2026-09-03T10:00:00Z', 250_000, 260_000), price('2026-10-12T08:00:00Z', 260_000, 245_000), status('2026-11-20T09:00:00Z', 'SOLD')];
    expect(historyLines(estate, events, nl).map((line) => line.text)).toEqual([
      'Status gewijzigd op 20/11/2026: Verkocht',
      'Prijs verlaagd op 12/10/2026: was €\u00a0260.000,00',
      'Prijs verhoogd op 03/09/2026: was €\u00a0250.000,00',
      'Op de site gezet op 01/08/2026',
    ]);
    expect(historyLines(estate, events, fr)[1]).toEqual({ kind: 'reduced', dateTime: '2026-10-12', text: 'Prix baissé le 12/10/2026 : était de €\u00a0260.000,00' });
  });

  it('dates by the Belgian calendar (23:30 UTC on 11 October is 12 October in Brussels)', () => {
    expect(historyLines(estate, [price('2026-10-11T23:30:00Z', 260_000, 245_000)], nl)[0]!.text).toBe('Prijs verlaagd op 12/10/2026: was €\u00a0260.000,00');
  });

  it('shows no amount and no price line at all while the price is on request', () => {
    const onRequest = buildEstate({ price: { value: 245_000, visible: false }, marks: marks('2026-08-01T10:00:00Z', null) });
    const lines = historyLines(onRequest, [listed('2026-08-01T10:00:00Z'), price('2026-10-12T08:00:00Z', 260_000, 245_000)], nl);
    expect(lines.map((line) => line.kind)).toEqual(['listed']);
    expect(JSON.stringify(lines)).not.toContain('€');
  });

  it('leaves out a price hidden or shown again (no amount to compare) and the first fill\'s sighting', () => {
    const known = buildEstate({ price: { value: 245_000 }, marks: marks(null, null) });
    expect(historyLines(known, [listed('2026-08-01T10:00:00Z'), price('2026-09-01T10:00:00Z', null, 245_000), price('2026-08-15T10:00:00Z', 250_000, null)], nl)).toEqual([]);
  });

  it('keeps the five newest lines', () => {
    const events = Array.from({ length: 8 }, (_, index) => price(`2026-10-${String(index + 10)}T08:00:00Z`, 300_000 - index * 1_000, 299_000 - index * 1_000));
    const lines = historyLines(estate, events, nl);
    expect(lines).toHaveLength(5);
    expect(lines[0]!.dateTime).toBe('2026-10-17');
  });
});

describe(cardBadges.name, () => {
  const rules = badgeRules({ newBadgeDays: 14, reducedBadgeDays: 30 }, at('2026-11-26T10:00:00Z'));
  const card = (listedAt: string | null, reducedAt: string | null, overrides: Parameters<typeof buildEstate>[0] = {}) =>
    cardBadges(buildEstate({ marks: marks(listedAt, reducedAt), ...overrides }), rules, nl).map((badge) => badge.kind);

  it('shows "new" for newBadgeDays calendar days in Belgium from the first sighting (that day is day 0)', () => {
    expect(card('2026-11-13T08:00:00Z', null)).toEqual(['new']);
    expect(card('2026-11-12T08:00:00Z', null)).toEqual([]);
    // 22:30 UTC on 12 November is 13 November in Brussels: still new.
    expect(card('2026-11-12T23:30:00Z', null)).toEqual(['new']);
  });

  it('shows "price reduced" for reducedBadgeDays after the last drop, both when both apply', () => {
    expect(card(null, '2026-10-28T08:00:00Z')).toEqual(['reduced']);
    expect(card(null, '2026-10-27T08:00:00Z')).toEqual([]);
    expect(card('2026-11-25T08:00:00Z', '2026-11-26T08:00:00Z')).toEqual(['new', 'reduced']);
  });

  it('shows none on a sold listing, none for a hidden price, none with 0 days or without rules', () => {
    expect(card('2026-11-25T08:00:00Z', '2026-11-25T08:00:00Z', { transaction: { statusId: 5, status: 'SOLD', forRent: false } })).toEqual([]);
    expect(card(null, '2026-11-25T08:00:00Z', { price: { value: 200_000, visible: false } })).toEqual([]);
    const off = badgeRules({ newBadgeDays: 0, reducedBadgeDays: 0 }, at('2026-11-26T10:00:00Z'));
    expect(cardBadges(buildEstate({ marks: marks('2026-11-26T08:00:00Z', '2026-11-26T08:00:00Z') }), off, nl)).toEqual([]);
    expect(cardBadges(buildEstate({ marks: marks('2026-11-26T08:00:00Z', null) }), undefined, nl)).toEqual([]);
  });

  it('names the day in the version only while a badge can show, so a cached page is made again at midnight', () => {
    expect(badgeVersion(rules)).toBe('2026-11-26/14/30');
    expect(badgeVersion(badgeRules({ newBadgeDays: 14, reducedBadgeDays: 30 }, at('2026-11-26T23:30:00Z')))).toBe('2026-11-27/14/30');
    expect(badgeVersion(badgeRules({ newBadgeDays: 0, reducedBadgeDays: 0 }, at('2026-11-26T10:00:00Z')))).toBe('badges-off');
    expect(belgianDay(at('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });

  it('makes a listing\'s card again when the day or the settings change', () => {
    const estate = buildEstate({ marks: marks('2026-11-13T08:00:00Z', null) });
    expect(listingCard(estate, nl, rules).badges.map((badge) => badge.text)).toEqual(['Nieuw']);
    expect(listingCard(estate, nl, badgeRules({ newBadgeDays: 14, reducedBadgeDays: 30 }, at('2026-11-27T10:00:00Z'))).badges).toEqual([]);
  });
});
