import { buildEstate } from '../../../test/factories/estate.factory.js';
import type { Region } from '../domain/estate.js';
import { degressiveFee, estimatePurchaseCost, monthlyPayment, mortgageDeedEstimate, notaryEstimate, purchaseCostOutcome } from './purchase-cost.js';
import { PURCHASE_COST_RATES } from './purchase-cost-rates.js';

/*
 * Worked examples, the expected amounts computed by hand (the arithmetic is in the comments), not by the code.
 */

const sale = (region: Region, value: number, overrides: NonNullable<Parameters<typeof buildEstate>[0]> = {}) =>
  buildEstate({ ...overrides, price: { value, ...overrides.price }, address: { region, ...overrides.address } });

describe('registration duties by region (2025)', () => {
  it('Flanders € 300,000: only home 2 % = € 6,000; otherwise 12 % = € 36,000', () => {
    expect(estimatePurchaseCost(sale('FLANDERS', 300_000), { onlyHome: true })).toMatchObject({ duties: 6_000, dutyRate: 0.02, region: 'FLANDERS' });
    expect(estimatePurchaseCost(sale('FLANDERS', 300_000), { onlyHome: false })).toMatchObject({ duties: 36_000, dutyRate: 0.12, onlyHome: false });
  });

  it('Wallonia € 300,000: only home 3 % = € 9,000; otherwise 12.5 % = € 37,500', () => {
    expect(estimatePurchaseCost(sale('WALLONIA', 300_000), { onlyHome: true })?.duties).toBe(9_000);
    expect(estimatePurchaseCost(sale('WALLONIA', 300_000), { onlyHome: false })?.duties).toBe(37_500);
  });

  it('Brussels € 450,000 only home: (450,000 − 200,000) × 12.5 % = € 31,250, the allowance said', () => {
    expect(estimatePurchaseCost(sale('BRUSSELS', 450_000), { onlyHome: true })).toMatchObject({ duties: 31_250, allowance: 200_000, dutyRate: 0.125 });
  });

  it('Brussels € 600,000 only home still has the allowance: 400,000 × 12.5 % = € 50,000', () => {
    expect(estimatePurchaseCost(sale('BRUSSELS', 600_000), { onlyHome: true })?.duties).toBe(50_000);
  });

  it('Brussels € 650,000 only home: above € 600,000 no allowance, 650,000 × 12.5 % = € 81,250', () => {
    expect(estimatePurchaseCost(sale('BRUSSELS', 650_000), { onlyHome: true })).toMatchObject({ duties: 81_250, allowance: 0 });
  });

  it('Brussels € 450,000 not an only home: 450,000 × 12.5 % = € 56,250', () => {
    expect(estimatePurchaseCost(sale('BRUSSELS', 450_000), { onlyHome: false })?.duties).toBe(56_250);
  });

  it('Brussels plot € 250,000 bought as an only home: land, no allowance, 250,000 × 12.5 % = € 31,250', () => {
    const plot = sale('BRUSSELS', 250_000, { headType: 'PLOT', subType: null });
    expect(estimatePurchaseCost(plot, { onlyHome: true })).toMatchObject({ duties: 31_250, allowance: 0, onlyHome: true, plotWithoutAllowance: true });
    expect(estimatePurchaseCost(plot, { onlyHome: false })).toMatchObject({ duties: 31_250, plotWithoutAllowance: false });
  });

  it('a Flemish plot as an only home keeps the reduced rate (2 % of € 250,000 = € 5,000) and needs no note', () => {
    expect(estimatePurchaseCost(sale('FLANDERS', 250_000, { headType: 'PLOT', subType: null }), { onlyHome: true })).toMatchObject({ duties: 5_000, plotWithoutAllowance: false });
  });

  it('Brussels € 150,000 only home: all under the allowance, no duty', () => {
    expect(estimatePurchaseCost(sale('BRUSSELS', 150_000), { onlyHome: true })?.duties).toBe(0);
  });

  it('only home is the default', () => {
    expect(estimatePurchaseCost(sale('FLANDERS', 300_000))).toMatchObject({ onlyHome: true, duties: 6_000 });
  });

  it('a garage is never an only home: 12 % in Flanders whatever the choice (€ 30,000 × 12 % = € 3,600)', () => {
    const garage = sale('FLANDERS', 30_000, { headType: 'GARAGE' });
    expect(estimatePurchaseCost(garage, { onlyHome: true })).toMatchObject({ duties: 3_600, onlyHome: false, onlyHomeApplies: false });
  });
});

describe('new build under the VAT regime', () => {
  const newBuild = (price: { groundValue: number | null; constructionValue: number | null }, region: Region = 'FLANDERS') =>
    sale(region, 300_000, { price: { vatRegime: true, ...price }, technical: { newBuilding: true } });

  it('Flanders, land € 100,000 and construction € 200,000, only home: VAT 200,000 × 21 % = € 42,000, duty 100,000 × 2 % = € 2,000', () => {
    const sut = estimatePurchaseCost(newBuild({ groundValue: 100_000, constructionValue: 200_000 }), { onlyHome: true });
    expect(sut).toMatchObject({ vatRegime: true, vat: 42_000, duties: 2_000 });
    expect(sut?.lines.map((l) => l.key)).toEqual(['price', 'vat', 'landDuties', 'notary', 'mortgageDeed']);
    expect(sut?.lines.find((l) => l.key === 'vat')).toMatchObject({ rate: 0.21, base: 200_000 });
  });

  it('Brussels: the land pays 12.5 % without the allowance (100,000 × 12.5 % = € 12,500)', () => {
    expect(estimatePurchaseCost(newBuild({ groundValue: 100_000, constructionValue: 200_000 }, 'BRUSSELS'))?.duties).toBe(12_500);
  });

  it('with only the construction part: the land is the price minus it, and said to be derived', () => {
    // 300,000 − 180,000 = 120,000 land; VAT 180,000 × 21 % = 37,800; duty 120,000 × 2 % = 2,400
    const sut = estimatePurchaseCost(newBuild({ groundValue: null, constructionValue: 180_000 }));
    expect(sut).toMatchObject({ vat: 37_800, duties: 2_400, landDerived: true });
    expect(sut?.lines.find((l) => l.key === 'landDuties')?.base).toBe(120_000);
  });

  it('without the construction part: no estimate, and the reason says so (no invented split)', () => {
    expect(estimatePurchaseCost(newBuild({ groundValue: 100_000, constructionValue: null }))).toBeNull();
    expect(purchaseCostOutcome(newBuild({ groundValue: null, constructionValue: null }))).toEqual({ kind: 'unavailable', reason: 'newBuildSplitUnknown' });
  });

  it('a construction part at or above the price gives no split either', () => {
    expect(purchaseCostOutcome(newBuild({ groundValue: null, constructionValue: 300_000 }))).toEqual({ kind: 'unavailable', reason: 'newBuildSplitUnknown' });
  });

  it('a new build not sold under VAT pays duties on the price and is flagged', () => {
    const sut = estimatePurchaseCost(sale('FLANDERS', 300_000, { technical: { newBuilding: true } }));
    expect(sut).toMatchObject({ vatRegime: false, newBuildWithoutVat: true, vat: 0, duties: 6_000 });
  });
});

describe('no estimate', () => {
  it('for a rent', () => {
    expect(purchaseCostOutcome(buildEstate({ transaction: { statusId: 2, status: 'TO_RENT', forRent: true }, price: { value: 950 } }))).toMatchObject({ reason: 'notForSale' });
  });

  it('for a sold listing, even with its price shown', () => {
    expect(purchaseCostOutcome(buildEstate({ transaction: { statusId: 5, status: 'SOLD', forRent: false } }))).toMatchObject({ reason: 'notForSale' });
  });

  it('for a price on request: the hidden price must not leak through the costs', () => {
    expect(purchaseCostOutcome(buildEstate({ price: { value: 300_000, visible: false } }))).toMatchObject({ reason: 'noPublicPrice' });
  });

  it('for a listing without a region', () => {
    expect(purchaseCostOutcome(buildEstate({ address: { region: null } }))).toMatchObject({ reason: 'noRegion' });
  });

  it('for a project: its units have their own pages', () => {
    expect(purchaseCostOutcome(buildEstate({ isProject: true, headType: 'PROJECT', price: { value: null, priceFrom: 250_000 } }))).toMatchObject({ reason: 'project' });
  });
});

describe('notary and mortgage deed estimates', () => {
  it('the sale scale on € 65,000 gives € 1,394.16 (the published worked example)', () => {
    // 7,500 × 4.56 % = 342 + 10,000 × 2.85 % = 285 + 12,500 × 2.28 % = 285 + 15,495 × 1.71 % = 264.96
    // + 18,600 × 1.14 % = 212.04 + 905 × 0.57 % = 5.16 → 1,394.16
    expect(degressiveFee(65_000, PURCHASE_COST_RATES.notary.feeScale)).toBe(1_394.16);
  });

  it('€ 300,000: fee € 2,477.65, with 21 % VAT and € 1,250 costs = € 4,247.96', () => {
    // 342 + 285 + 285 + 264.9645 + 212.04 + 186,000 × 0.57 % = 1,060.20 + 49,905 × 0.057 % = 28.44585 → 2,477.65
    // 2,477.65 × 1.21 = 2,997.9565; + 1,250 = 4,247.9565 → 4,247.96
    expect(notaryEstimate(300_000)).toBe(4_247.96);
  });

  it('mortgage deed on a € 240,000 loan: € 5,533.02', () => {
    // registered 240,000 × 1.1 = 264,000; duty 1 % + registrar 0.3 % = 3,432
    // fee 106.875 + 114 + 85.5 + 88.3215 + 84.816 + 186,000 × 0.228 % = 424.08 + 13,905 × 0.0456 % = 6.34068 → 909.93
    // 909.93 × 1.21 = 1,101.0153; 3,432 + 1,101.0153 + 1,000 = 5,533.0153 → 5,533.02
    expect(mortgageDeedEstimate(240_000)).toBe(5_533.02);
  });

  it('no loan, no mortgage deed, and no line for it', () => {
    const sut = estimatePurchaseCost(sale('FLANDERS', 300_000), { loanAmount: 0 });
    expect(sut?.mortgageDeedEstimate).toBe(0);
    expect(sut?.lines.map((l) => l.key)).toEqual(['price', 'duties', 'notary']);
  });

  it('the total adds price, duties, notary and mortgage deed: Flanders € 300,000 only home, € 240,000 loan', () => {
    // 300,000 + 6,000 + 4,247.96 + 5,533.02 = 315,780.98
    const sut = estimatePurchaseCost(sale('FLANDERS', 300_000), { onlyHome: true, loanAmount: 240_000 });
    expect(sut?.total).toBe(315_780.98);
    expect(sut?.lines.filter((l) => l.estimate).map((l) => l.key)).toEqual(['notary', 'mortgageDeed']);
  });
});

describe(monthlyPayment.name, () => {
  it('€ 240,000 at 3 % over 25 years, with the equivalent monthly rate: € 1,133.06', () => {
    // r = 1.03^(1/12) − 1 = 0.00246627; n = 300; 240,000 × r / (1 − (1 + r)^−300) = 1,133.06
    // (with 3 % / 12 it would be 1,138.11: Belgian credit uses the equivalent rate)
    expect(monthlyPayment(240_000, 3, 25)).toBe(1_133.06);
  });

  it('at 0 % the amount is spread evenly: 240,000 / 300 = € 800', () => {
    expect(monthlyPayment(240_000, 0, 25)).toBe(800);
  });

  it('nothing borrowed, nothing to pay', () => {
    expect(monthlyPayment(0, 3, 25)).toBe(0);
  });

  it('the estimate starts with 80 % of the price borrowed at 3.2 % over 25 years', () => {
    // 300,000 × 80 % = 240,000
    expect(estimatePurchaseCost(sale('FLANDERS', 300_000))?.loan).toMatchObject({ amount: 240_000, ratePercent: 3.2, years: 25 });
  });
});
