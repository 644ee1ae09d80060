import type { Estate, Region } from '../domain/estate.js';
import { publicPrice } from '../domain/visibility.js';
import { PURCHASE_COST_RATES, type DutyRule, type PurchaseCostRates, type ScaleBand } from './purchase-cost-rates.js';

/*
 * What a listing for sale really costs: its price, the registration duties of its region (or VAT and duties on
 * the land for a new build sold under the VAT regime), an estimate of the notary's and the mortgage deed's costs,
 * and the monthly payment of a loan. Pure functions on the domain `Estate` and the dated table in
 * purchase-cost-rates.ts; the detail page's block and the compare page read them, views only show the result.
 *
 * No estimate (null) for:
 * - a listing not for sale (a rent, a sold or taken-over listing, a business take-over);
 * - a price the visitor may not learn (`publicPrice`): "price on request" must not leak through the costs;
 * - a listing without a region: the duties depend on it;
 * - a project: its units have their own pages and prices, and a project's "from" price is no purchase price;
 * - a new build under the VAT regime without the construction part of its price: VAT and
 *   duties cannot be told apart without it, and we do not invent a split (`purchaseCostOutcome` says why).
 */

export interface PurchaseCostChoices {
  /** The buyer's only own home (the reduced rate or allowance). */
  readonly onlyHome: boolean;
  /** The loan amount in euros; by default a share of the price (the table's `loan.defaultShareOfPrice`). */
  readonly loanAmount: number;
  /** Yearly interest rate in percent. */
  readonly ratePercent: number;
  /** Duration in years. */
  readonly years: number;
}

/** The bounds a visitor's choices must stay in (the form's DTO checks them too). */
export const PURCHASE_COST_LIMITS = {
  loanAmount: { min: 0, max: 10_000_000 },
  ratePercent: { min: 0, max: 15 },
  years: { min: 1, max: 40 },
} as const;

export type PurchaseCostLineKey = 'price' | 'duties' | 'landDuties' | 'vat' | 'notary' | 'mortgageDeed';

/** One line of the block, in the order shown; the display turns it into a label and an amount. */
export interface PurchaseCostLine {
  readonly key: PurchaseCostLineKey;
  readonly amount: number;
  /** The rate applied (duties, VAT), as a fraction; null for the price and the estimates. */
  readonly rate: number | null;
  /** What the rate applied to, when it is not the price (the land, the construction, the price above an allowance). */
  readonly base: number | null;
  /** Notary and mortgage deed: an estimate, said so beside the amount. */
  readonly estimate: boolean;
}

export interface PurchaseCostLoan {
  readonly amount: number;
  readonly ratePercent: number;
  readonly years: number;
  readonly monthlyPayment: number;
}

export interface PurchaseCostEstimate {
  readonly region: Region;
  /** The choice the estimate was made with (always false where the reduced rate cannot apply). */
  readonly onlyHome: boolean;
  /** Whether the "only own home" choice means anything for this listing (not for a garage or a shop). */
  readonly onlyHomeApplies: boolean;
  /** A new build sold under the VAT regime: VAT on the construction, duties on the land. */
  readonly vatRegime: boolean;
  /** Under the VAT regime, the land part is the price minus the construction part (the CRM gives no land value). */
  readonly landDerived: boolean;
  /** Marked as a new build but not sold under the VAT regime in the CRM: the costs may differ, the page says so. */
  readonly newBuildWithoutVat: boolean;
  /** The price is the CRM's "from" price, not a fixed one. */
  readonly priceIsFrom: boolean;
  readonly price: number;
  /** Registration duties (on the land only for a VAT new build). */
  readonly duties: number;
  readonly dutyRate: number;
  /** The Brussels allowance applied (0 where none). */
  readonly allowance: number;
  /**
   * A plot bought as an only home where the region has an allowance (Brussels): counted as a new build's land,
   * without the allowance, until the rule for land is sourced; the page says so.
   */
  readonly plotWithoutAllowance: boolean;
  /** VAT on the construction part (0 unless under the VAT regime). */
  readonly vat: number;
  readonly notaryEstimate: number;
  readonly mortgageDeedEstimate: number;
  /** Price, duties, VAT, notary and mortgage-deed estimates together. */
  readonly total: number;
  readonly loan: PurchaseCostLoan;
  readonly lines: readonly PurchaseCostLine[];
  /** The date the rates apply from, and their sources, shown with the note that this is an estimate. */
  readonly ratesValidFrom: string;
  readonly sources: PurchaseCostRates['sources'];
}

export type PurchaseCostUnavailable = 'notForSale' | 'noPublicPrice' | 'noRegion' | 'project' | 'newBuildSplitUnknown';

export type PurchaseCostOutcome =
  | { readonly kind: 'estimate'; readonly estimate: PurchaseCostEstimate }
  | { readonly kind: 'unavailable'; readonly reason: PurchaseCostUnavailable };

/** Rounded to the cent: every amount shown and added up is a cent amount. */
function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A degressive scale applied band by band to `amount`. */
export function degressiveFee(amount: number, scale: readonly ScaleBand[]): number {
  let fee = 0;
  let lower = 0;
  for (const band of scale) {
    const upper = band.upTo ?? Number.POSITIVE_INFINITY;
    if (amount <= lower) break;
    fee += (Math.min(amount, upper) - lower) * band.rate;
    lower = upper;
  }
  return cents(fee);
}

/**
 * The monthly payment of an annuity loan. Belgian mortgage credit states a yearly rate and uses its equivalent
 * monthly rate, (1 + i)^(1/12) − 1 (Code of Economic Law, book VII), not i / 12. A 0 % rate is the amount spread
 * evenly. Rounded to the cent.
 */
export function monthlyPayment(amount: number, annualRatePercent: number, years: number): number {
  if (amount <= 0 || years <= 0) return 0;
  const months = Math.round(years * 12);
  if (annualRatePercent === 0) return cents(amount / months);
  const monthlyRate = Math.pow(1 + annualRatePercent / 100, 1 / 12) - 1;
  return cents((amount * monthlyRate) / (1 - Math.pow(1 + monthlyRate, -months)));
}

/** The only-own-home rate cannot apply to a garage or commercial premises: they are no home. */
function onlyHomeApplies(estate: Estate): boolean {
  return estate.headType === 'HOUSE' || estate.headType === 'APARTMENT' || estate.headType === 'PLOT';
}

/**
 * Registration duties on `base` (the price, or a new build's land). Brussels' allowance: no duty on the first
 * € 200,000 of an only home priced at most € 600,000; the price test is on the whole price. For land (a VAT new
 * build's land, or a plot) the Brussels allowance is not applied: its conditions for land differ and were not confirmed offline, so
 * the estimate stays on the high side.
 */
export function registrationDuties(rule: DutyRule, base: number, price: number, onlyHome: boolean, landOnly = false): { duties: number; rate: number; allowance: number } {
  const rate = onlyHome ? rule.onlyHomeRate : rule.standardRate;
  const allowanceRule = onlyHome && !landOnly ? rule.onlyHomeAllowance : null;
  const allowance = allowanceRule && price <= allowanceRule.maxPrice ? Math.min(allowanceRule.exempt, base) : 0;
  return { duties: cents((base - allowance) * rate), rate, allowance };
}

/** The notary's costs of the purchase deed: the scale's fee, its VAT and the flat administrative costs. */
export function notaryEstimate(price: number, rates: PurchaseCostRates = PURCHASE_COST_RATES): number {
  const fee = degressiveFee(price, rates.notary.feeScale);
  return cents(fee * (1 + rates.notary.vatOnFee) + rates.notary.administrativeCosts);
}

/** The mortgage deed's costs: duty and registrar's fee on the registered amount, the notary's fee with VAT, disbursements. */
export function mortgageDeedEstimate(loanAmount: number, rates: PurchaseCostRates = PURCHASE_COST_RATES): number {
  if (loanAmount <= 0) return 0;
  const deed = rates.mortgageDeed;
  const registered = loanAmount * (1 + deed.accessoryShare);
  const fee = degressiveFee(registered, deed.feeScale);
  return cents(registered * (deed.registrationDuty + deed.registrarFee) + fee * (1 + deed.vatOnFee) + deed.administrativeCosts);
}

/** The choices a visitor starts with for a price: only home, 80 % of the price borrowed (whole thousands), 3.2 %, 25 years. */
export function defaultPurchaseCostChoices(price: number, rates: PurchaseCostRates = PURCHASE_COST_RATES): PurchaseCostChoices {
  return {
    onlyHome: true,
    loanAmount: Math.round((price * rates.loan.defaultShareOfPrice) / 1000) * 1000,
    ratePercent: rates.loan.defaultRatePercent,
    years: rates.loan.defaultYears,
  };
}

/**
 * A VAT new build's land and construction parts (never guessed): both as the CRM gives them, or the land as the
 * price (excluding VAT) minus the construction part the CRM gives (`landDerived`, said beside the line). Without a
 * construction part there is no split.
 */
function vatSplit(estate: Estate, price: number): { land: number; construction: number; landDerived: boolean } | null {
  const { groundValue, constructionValue } = estate.price;
  if (constructionValue === null || constructionValue <= 0) return null;
  if (groundValue !== null && groundValue >= 0) return { land: groundValue, construction: constructionValue, landDerived: false };
  return price > constructionValue ? { land: price - constructionValue, construction: constructionValue, landDerived: true } : null;
}

function line(key: PurchaseCostLineKey, amount: number, rate: number | null = null, base: number | null = null, estimate = false): PurchaseCostLine {
  return { key, amount, rate, base, estimate };
}

/** The estimate, or why there is none (the detail page says so for a VAT new build without its split). */
export function purchaseCostOutcome(
  estate: Estate,
  choices: Partial<PurchaseCostChoices> = {},
  rates: PurchaseCostRates = PURCHASE_COST_RATES,
): PurchaseCostOutcome {
  const unavailable = (reason: PurchaseCostUnavailable): PurchaseCostOutcome => ({ kind: 'unavailable', reason });
  if (estate.isProject) return unavailable('project');
  if (estate.transaction.forRent || estate.transaction.status !== 'FOR_SALE') return unavailable('notForSale');
  const price = publicPrice(estate);
  if (price === null) return unavailable('noPublicPrice');
  const region = estate.address.region;
  if (region === null) return unavailable('noRegion');
  const vatRegime = estate.price.vatRegime;
  const split = vatRegime ? vatSplit(estate, price) : null;
  if (vatRegime && split === null) return unavailable('newBuildSplitUnknown');

  const defaults = defaultPurchaseCostChoices(price, rates);
  const applies = onlyHomeApplies(estate);
  const onlyHome = applies && (choices.onlyHome ?? defaults.onlyHome);
  const loanAmount = choices.loanAmount ?? defaults.loanAmount;
  const ratePercent = choices.ratePercent ?? defaults.ratePercent;
  const years = choices.years ?? defaults.years;
  const rule = rates.duties[region];

  const lines: PurchaseCostLine[] = [line('price', price)];
  let duties: { duties: number; rate: number; allowance: number };
  let vat = 0;
  if (split) {
    duties = registrationDuties(rule, split.land, price, onlyHome, true);
    vat = cents(split.construction * rates.vat);
    lines.push(line('vat', vat, rates.vat, split.construction), line('landDuties', duties.duties, duties.rate, split.land));
  } else {
    // A plot is land: like a new build's land it gets no Brussels allowance (see registrationDuties).
    duties = registrationDuties(rule, price, price, onlyHome, estate.headType === 'PLOT');
    lines.push(line('duties', duties.duties, duties.rate, duties.allowance > 0 ? price - duties.allowance : null));
  }
  const notary = notaryEstimate(price, rates);
  const mortgageDeed = mortgageDeedEstimate(loanAmount, rates);
  lines.push(line('notary', notary, null, null, true));
  if (mortgageDeed > 0) lines.push(line('mortgageDeed', mortgageDeed, null, null, true));

  return {
    kind: 'estimate',
    estimate: {
      region,
      onlyHome,
      onlyHomeApplies: applies,
      vatRegime,
      landDerived: split?.landDerived ?? false,
      newBuildWithoutVat: !vatRegime && estate.technical.newBuilding === true,
      priceIsFrom: !(estate.price.value !== null && estate.price.value > 0),
      price,
      duties: duties.duties,
      dutyRate: duties.rate,
      allowance: duties.allowance,
      plotWithoutAllowance: !split && onlyHome && estate.headType === 'PLOT' && rule.onlyHomeAllowance !== null,
      vat,
      notaryEstimate: notary,
      mortgageDeedEstimate: mortgageDeed,
      total: cents(price + duties.duties + vat + notary + mortgageDeed),
      loan: { amount: loanAmount, ratePercent, years, monthlyPayment: monthlyPayment(loanAmount, ratePercent, years) },
      lines,
      ratesValidFrom: rates.validFrom,
      sources: rates.sources,
    },
  };
}

/** What buying this listing costs, or null when there is nothing to estimate (see the list at the top). */
export function estimatePurchaseCost(estate: Estate, choices: Partial<PurchaseCostChoices> = {}): PurchaseCostEstimate | null {
  const outcome = purchaseCostOutcome(estate, choices);
  return outcome.kind === 'estimate' ? outcome.estimate : null;
}
