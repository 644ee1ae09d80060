import type { Region } from '../domain/estate.js';

/**
 * The one dated table of what buying a home in Belgium costs on top of its price, for the purchase-cost block
 * (src/estates/display/purchase-cost.ts). Rates are fractions (0.02 = 2 %), amounts are euros.
 *
 * Registration duties and VAT follow the regions' own tax pages, listed in `sources` below: the Vlaamse
 * Belastingdienst (Vlaamse Codex Fiscaliteit, verkooprecht), SPW Fiscalité (Code wallon des droits
 * d'enregistrement) and Bruxelles Fiscalité (abattement, Code bruxellois des droits d'enregistrement), and FOD
 * Financiën for the 21 % VAT on new builds. Article numbers were not confirmed offline; the pages were.
 * Notary and mortgage-deed costs are ESTIMATES: the notary fee scale below is the one Belgian notaries and many
 * public pages publish (Royal Decree of 16 December 1950), but it could not be confirmed offline; the
 * administrative costs (searches, certificates, transcription, disbursements) are a flat estimate, not a scale.
 * The page says all of this. When a rate changes, add a new table with its own `validFrom` rather than editing
 * this one in place, so the date shown beside the estimate stays true.
 */

/** One band of a degressive scale: `rate` applies to the part of the amount up to `upTo` (null: no upper bound). */
export interface ScaleBand {
  readonly upTo: number | null;
  readonly rate: number;
}

export interface DutyRule {
  /** The buyer's only own home ("enige eigen woning", "habitation propre et unique"). */
  readonly onlyHomeRate: number;
  /** Any other purchase (a second home, an investment, a company buying). */
  readonly standardRate: number;
  /**
   * Brussels: no duty on the first `exempt` euros of an only home whose price is at most `maxPrice`
   * (above `maxPrice` the whole price is taxed). Null where the region has none.
   */
  readonly onlyHomeAllowance: { readonly exempt: number; readonly maxPrice: number } | null;
}

export interface PurchaseCostRates {
  /** The date the rates apply from; shown beside the estimate. */
  readonly validFrom: string;
  readonly sources: readonly { readonly title: string; readonly url: string }[];
  readonly duties: Readonly<Record<Region, DutyRule>>;
  /** A new build sold under the VAT regime: VAT on the construction part, registration duty on the land only. */
  readonly vat: number;
  readonly notary: {
    /** The notary's fee on a sale, degressive on the price (estimate: scale not confirmed offline). */
    readonly feeScale: readonly ScaleBand[];
    /** VAT on the notary's fee. */
    readonly vatOnFee: number;
    /** Searches, certificates, transcription and other disbursements, VAT included: a flat estimate. */
    readonly administrativeCosts: number;
  };
  readonly mortgageDeed: {
    /** The notary's fee on a credit deed, degressive on the registered amount (estimate: not confirmed offline). */
    readonly feeScale: readonly ScaleBand[];
    readonly vatOnFee: number;
    /** Banks register the loan plus about 10 % for interest and accessory costs. */
    readonly accessoryShare: number;
    /** Registration duty on the registered amount. */
    readonly registrationDuty: number;
    /** The mortgage registrar's fee on the registered amount. */
    readonly registrarFee: number;
    /** Searches, the deed's copies and other disbursements, VAT included: a flat estimate. */
    readonly administrativeCosts: number;
  };
  /** What the loan form starts with; the visitor changes them. */
  readonly loan: {
    readonly defaultShareOfPrice: number;
    /** A sensible fixed rate for a 25-year home loan in 2025 (percent per year). */
    readonly defaultRatePercent: number;
    readonly defaultYears: number;
  };
}

export const PURCHASE_COST_RATES: PurchaseCostRates = {
  validFrom: '2025-01-01',
  sources: [
    { title: 'Vlaamse Belastingdienst: verkooprecht (registratiebelasting) bij aankoop van een woning', url: 'https://www.vlaanderen.be/belastingen-en-begroting/vlaamse-belastingen/registratiebelasting-verkooprecht' },
    { title: 'SPW Fiscalité: droits d’enregistrement sur les ventes (Wallonie, 2025)', url: 'https://finances.wallonie.be/home/fiscalite/droits-denregistrement.html' },
    { title: 'Bruxelles Fiscalité: abattement pour l’achat d’une habitation propre et unique', url: 'https://fiscalite.brussels/abattement' },
    { title: 'Notaris.be / Notaire.be: kosten bij aankoop, ereloonbarema (schaal KB 16 december 1950)', url: 'https://www.notaris.be/rekenmodules' },
    { title: 'FOD Financiën: btw op nieuwbouw (21 %)', url: 'https://financien.belgium.be/nl/particulieren/woning/btw-nieuwbouw' },
  ],
  duties: {
    // 2 % from 1 January 2025 (3 % in 2022–2024); 1 % after a deep energy renovation is not modelled (conditions apply).
    FLANDERS: { onlyHomeRate: 0.02, standardRate: 0.12, onlyHomeAllowance: null },
    // 3 % for the only own home from 1 January 2025.
    WALLONIA: { onlyHomeRate: 0.03, standardRate: 0.125, onlyHomeAllowance: null },
    BRUSSELS: { onlyHomeRate: 0.125, standardRate: 0.125, onlyHomeAllowance: { exempt: 200_000, maxPrice: 600_000 } },
  },
  vat: 0.21,
  notary: {
    // The published sale scale (notaris.be; e.g. a € 65,000 sale gives € 1,394.16). Not confirmed offline: an estimate.
    feeScale: [
      { upTo: 7_500, rate: 0.0456 },
      { upTo: 17_500, rate: 0.0285 },
      { upTo: 30_000, rate: 0.0228 },
      { upTo: 45_495, rate: 0.0171 },
      { upTo: 64_095, rate: 0.0114 },
      { upTo: 250_095, rate: 0.0057 },
      { upTo: null, rate: 0.00057 },
    ],
    vatOnFee: 0.21,
    administrativeCosts: 1_250,
  },
  mortgageDeed: {
    // The credit-deed scale as commonly published (a quarter to a third of the sale scale); not confirmed offline.
    feeScale: [
      { upTo: 7_500, rate: 0.01425 },
      { upTo: 17_500, rate: 0.0114 },
      { upTo: 30_000, rate: 0.00684 },
      { upTo: 45_495, rate: 0.0057 },
      { upTo: 64_095, rate: 0.00456 },
      { upTo: 250_095, rate: 0.00228 },
      { upTo: null, rate: 0.000456 },
    ],
    vatOnFee: 0.21,
    accessoryShare: 0.1,
    registrationDuty: 0.01,
    registrarFee: 0.003,
    administrativeCosts: 1_000,
  },
  loan: { defaultShareOfPrice: 0.8, defaultRatePercent: 3.2, defaultYears: 25 },
};

/** Rates older than this are likely out of date (the regions change them each January or so). */
export const RATES_MAX_AGE_MONTHS = 15;

/** The day, as YYYY-MM-DD, after which `rates` count as stale: `validFrom` plus RATES_MAX_AGE_MONTHS. */
export function ratesStaleAfter(rates: Pick<PurchaseCostRates, 'validFrom'> = PURCHASE_COST_RATES): string {
  const [year, month, day] = rates.validFrom.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1 + RATES_MAX_AGE_MONTHS, day)).toISOString().slice(0, 10);
}

/** A line for the start-up log when the rates are stale on `today` (a UTC date is precise enough here); else null. */
export function staleRatesWarning(today: Date, rates: Pick<PurchaseCostRates, 'validFrom'> = PURCHASE_COST_RATES): string | null {
  const limit = ratesStaleAfter(rates);
  if (today.toISOString().slice(0, 10) <= limit) return null;
  return `The purchase-cost rates (valid from ${rates.validFrom}) are more than ${RATES_MAX_AGE_MONTHS} months old: check the sources in src/estates/display/purchase-cost-rates.ts and add a new dated table.`;
}
