import { changeText, isDigestDue, isDigestEvent } from './digest-rules.js';
import type { Translator } from '../i18n/translator.js';

const t: Translator = {
  locale: 'en',
  t: (key: string, args?: Readonly<Record<string, string | number>>) => `${key}${args ? JSON.stringify(args) : ''}`,
  has: () => true,
} as unknown as Translator;

describe(isDigestDue.name, () => {
  const now = new Date('2026-11-23T08:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);

  it.each([
    ['instant', hoursAgo(0), true],
    ['daily', null, true],
    ['daily', hoursAgo(2), false],
    ['daily', hoursAgo(23), true],
    ['weekly', hoursAgo(24 * 3), false],
    ['weekly', hoursAgo(24 * 7), true],
  ] as const)('%s after a digest at %s is due: %s', (frequency, last, due) => {
    expect(isDigestDue(frequency, last, now)).toBe(due);
  });
});

describe(isDigestEvent.name, () => {
  const base = { oldPrice: null, newPrice: null, newStatus: null };

  it.each([
    ['a new listing', { ...base, kind: 'NEW' as const }, true],
    ['a price drop', { ...base, kind: 'PRICE' as const, oldPrice: 300_000, newPrice: 280_000 }, true],
    ['a price rise', { ...base, kind: 'PRICE' as const, oldPrice: 300_000, newPrice: 320_000 }, false],
    ['a price that disappeared', { ...base, kind: 'PRICE' as const, oldPrice: 300_000 }, false],
    ['back on the market', { ...base, kind: 'STATUS' as const, newStatus: 'FOR_SALE' }, true],
    ['sold', { ...base, kind: 'STATUS' as const, newStatus: 'SOLD' }, false],
  ])('%s is news: %s', (_label, event, news) => {
    expect(isDigestEvent(event)).toBe(news);
  });
});

describe(changeText.name, () => {
  it('says new when the listing was first seen, even if its price changed since', () => {
    expect(changeText([{ kind: 'PRICE', oldPrice: 1, newPrice: 0, newStatus: null }, { kind: 'NEW', oldPrice: null, newPrice: 1, newStatus: null }], t)).toBe('subscriptions.mail.change.new');
  });

  it('names the old price of a price drop', () => {
    expect(changeText([{ kind: 'PRICE', oldPrice: 300000, newPrice: 280000, newStatus: null }], t)).toContain('priceDrop');
  });
});
