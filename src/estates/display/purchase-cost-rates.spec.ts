import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PURCHASE_COST_RATES, ratesStaleAfter, staleRatesWarning } from './purchase-cost-rates.js';

describe('purchase-cost rates age', () => {
  const rates = { validFrom: '2025-01-01' };

  it('stale after validFrom + 15 months', () => {
    expect(ratesStaleAfter(rates)).toBe('2026-04-01');
    expect(ratesStaleAfter({ validFrom: '2025-11-30' })).toBe('2027-03-02');
  });

  it.each([
    ['2025-01-01T00:00:00Z', false],
    ['2026-04-01T23:59:59Z', false],
    ['2026-04-02T00:00:00Z', true],
    ['2026-12-02T09:00:00Z', true],
  ])('on %s the start-up warning is given: %s', (today, warned) => {
    const warning = staleRatesWarning(new Date(today), rates);
    expect(warning !== null).toBe(warned);
    if (warned) expect(warning).toContain('valid from 2025-01-01');
  });

  it('the table cites public sources, not a path on a developer machine', () => {
    const text = readFileSync(join(process.cwd(), 'src/estates/display/purchase-cost-rates.ts'), 'utf8');
    expect(text).not.toMatch(/(^|\s)\/(work|home|tmp|Users)\//m);
  });

  it('every source is a public https page, not a machine path', () => {
    for (const source of PURCHASE_COST_RATES.sources) expect(source.url).toMatch(/^https:\/\/[a-z0-9.-]+\.(be|brussels)\//);
  });
});
