import { parsePurchaseCostQuery } from './purchase-cost.dto.js';

describe(parsePurchaseCostQuery.name, () => {
  it('reads the form’s fields, a decimal comma as well as a point', () => {
    expect(parsePurchaseCostQuery({ onlyHome: 'no', loan: '240000', rate: '3,2', years: '25' })).toEqual({
      ok: true,
      choices: { onlyHome: false, loanAmount: 240_000, ratePercent: 3.2, years: 25 },
      query: { onlyHome: 'no', loan: 240_000, rate: 3.2, years: 25 },
    });
  });

  it('reads a loan typed with Belgian thousands separators as the amount meant, not as euros and cents', () => {
    expect(parsePurchaseCostQuery({ loan: '250.000' })).toMatchObject({ ok: true, choices: { loanAmount: 250_000 } });
    expect(parsePurchaseCostQuery({ loan: '€ 1.250.000,50' })).toMatchObject({ ok: true, choices: { loanAmount: 1_250_000.5 } });
    expect(parsePurchaseCostQuery({ loan: '250 000' })).toMatchObject({ ok: true, choices: { loanAmount: 250_000 } });
    expect(parsePurchaseCostQuery({ loan: '2500,5' })).toMatchObject({ ok: true, choices: { loanAmount: 2500.5 } });
    // The rate keeps its decimal point: 3.250 is three and a quarter per cent.
    expect(parsePurchaseCostQuery({ rate: '3.250' })).toMatchObject({ ok: true, choices: { ratePercent: 3.25 } });
  });

  it('an empty field or none at all takes the default; other parameters are ignored', () => {
    expect(parsePurchaseCostQuery({ loan: '', utm_source: 'x' })).toEqual({ ok: true, choices: {}, query: {} });
  });

  it('refuses out-of-range and non-numeric input field by field, keeping what was typed', () => {
    expect(parsePurchaseCostQuery({ loan: '-5', rate: '16', years: '41', onlyHome: 'maybe' })).toEqual({
      ok: false,
      values: { loan: '-5', rate: '16', years: '41', onlyHome: 'maybe' },
      errors: { loan: 'costs.errors.loan', rate: 'costs.errors.rate', years: 'costs.errors.years', onlyHome: 'costs.errors.onlyHome' },
    });
    expect(parsePurchaseCostQuery({ loan: '1e9' })).toMatchObject({ ok: false, errors: { loan: 'costs.errors.loan' } });
    expect(parsePurchaseCostQuery({ years: '2.5' })).toMatchObject({ ok: false, errors: { years: 'costs.errors.years' } });
  });

  it('a repeated parameter is refused, not read as a list', () => {
    expect(parsePurchaseCostQuery({ rate: ['1', '2'] })).toMatchObject({ ok: false, errors: { rate: 'costs.errors.rate' } });
  });

  it('accepts the bounds themselves: 0 and 10,000,000 borrowed, 0 % and 15 %, 1 and 40 years', () => {
    expect(parsePurchaseCostQuery({ loan: '0', rate: '0', years: '1' })).toMatchObject({ ok: true });
    expect(parsePurchaseCostQuery({ loan: '10000000', rate: '15', years: '40' })).toMatchObject({ ok: true });
  });
});
