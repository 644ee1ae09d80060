import type { Translator } from '../i18n/translator.js';
import type { Estate } from '../estates/domain/estate.js';
import { formatArea, formatCurrency, formatNumber, formatPercent } from '../estates/domain/format.js';
import { type EstateCard, toEstateCard } from '../estates/display/estate-card.js';
import { priceDisplay } from '../estates/display/price-display.js';
import { estimatePurchaseCost } from '../estates/display/purchase-cost.js';
import { PURCHASE_COST_RATES } from '../estates/display/purchase-cost-rates.js';
import { energyFacts, energyMention } from '../estates/display/region-rules.js';

/** How many listings fit side by side: fewer is no comparison, more no longer reads on a phone or an A4 page. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/** A listing id as the detail pages accept it. */
const ID = /^[1-9]\d{0,8}$/;

export type CompareIds =
  | { readonly kind: 'ok'; readonly ids: readonly number[] }
  /** Fewer than two or more than four different listings. */
  | { readonly kind: 'count'; readonly count: number }
  /** Something that cannot be a listing id: no listing has it. */
  | { readonly kind: 'malformed' };

/**
 * The `ids` of the query string (`?ids=1&ids=2`, one value or several), in the order given, each once. The
 * count is checked after removing repeats: `?ids=7&ids=7` is one listing.
 */
export function parseCompareIds(raw: unknown): CompareIds {
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  // A hand-made URL with hundreds of ids is refused before any of them is read.
  if (values.length > COMPARE_MAX * 4) return { kind: 'count', count: values.length };
  if (!values.every((value): value is string => typeof value === 'string' && ID.test(value))) return { kind: 'malformed' };
  const ids = [...new Set(values.map(Number))];
  if (ids.length < COMPARE_MIN || ids.length > COMPARE_MAX) return { kind: 'count', count: ids.length };
  return { kind: 'ok', ids };
}

/** The attributes compared, in the order of the table. */
export const COMPARE_ROWS = ['price', 'pricePerSquareMetre', 'bedrooms', 'livingArea', 'plotArea', 'energyLabel', 'energyScore', 'region', 'purchaseCost'] as const;
export type CompareRowKey = (typeof COMPARE_ROWS)[number];

export interface CompareCell {
  /** What the visitor reads; null when the listing does not say (the view shows a dash and says "not stated"). */
  readonly text: string | null;
  /** A link the cell carries (the listing's own purchase-cost block). */
  readonly href?: string;
}

export interface CompareRow {
  readonly key: CompareRowKey;
  readonly label: string;
  /** A short note under the label ("an estimate, for your only own home"). */
  readonly note: string | null;
  /** One cell per column, in the columns' order. */
  readonly cells: readonly CompareCell[];
  /** The values are not all the same: the row is highlighted and says so in words. */
  readonly differs: boolean;
}

export interface CompareColumn {
  readonly id: number;
  readonly card: EstateCard;
}

export interface CompareTable {
  readonly columns: readonly CompareColumn[];
  readonly rows: readonly CompareRow[];
}

/** A listing to compare: the listing a visitor may see (units filtered by visibility) and its page. */
export interface CompareListing {
  readonly estate: Estate;
  readonly path: string;
}

export interface CompareOptions {
  /**
   * The id of the purchase-cost block on a listing's page: the estimate links to it (the visitor can change the
   * choices there). None: no link.
   */
  readonly costBlockAnchor?: string;
}

/**
 * The price the comparison may compute with: the shown amount of a sale's own price. None when the price is hidden
 * ("price on request"), for a project's "from" price (no single listing has it) and for a rent (a rent per m² per
 * month is another figure).
 */
export function publicSalePrice(estate: Estate, t: Translator): { readonly amount: number; readonly vatExcluded: boolean } | null {
  if (estate.transaction.forRent || !estate.price.visible) return null;
  const price = priceDisplay(estate, t);
  if (price.amount === null || price.amount <= 0 || price.from) return null;
  return { amount: price.amount, vatExcluded: price.vatExcluded };
}

const positive = (value: number | null): value is number => value !== null && value > 0;

/** The public sale price divided by the living area, to the euro; "+ VAT" when the price is without it. */
export function pricePerSquareMetre(estate: Estate, t: Translator): string | null {
  const price = publicSalePrice(estate, t);
  const area = estate.dimensions.areaBuild;
  if (!price || !positive(area)) return null;
  const amount = formatCurrency(Math.round(price.amount / area));
  return t.t('compare.perSquareMetre', { amount: price.vatExcluded ? t.t('display.priceExclVat', { price: amount }) : amount });
}

/**
 * The estimated total cost of buying the listing as the buyer's only own home (price, duties or VAT, notary and
 * mortgage-deed estimates, by purchase-cost.ts), from a public sale price only: none for a price on request, a
 * rent, a project or a "from" price.
 */
export function estimatedPurchaseCost(estate: Estate, t: Translator): number | null {
  if (!publicSalePrice(estate, t)) return null;
  return estimatePurchaseCost(estate, { onlyHome: true })?.total ?? null;
}

/** "EPC C", "PEB D": the certificate's name in the listing's region and its class, by the region's energy rule. */
function energyLabelText(estate: Estate, t: Translator): string | null {
  const mention = energyMention(estate, t);
  if (!mention.label) return null;
  const region = energyFacts(estate).region;
  const kind = region === 'BRUSSELS' || region === 'WALLONIA' ? region : 'FLANDERS';
  return `${t.t(`display.regionRules.short.${kind}`)} ${mention.label}`;
}

/** The figure the region's rule shows: kWh/m² a year in Flanders and Wallonia, kg CO2/m² a year in Brussels. */
function energyScoreText(estate: Estate, t: Translator): string | null {
  const lines = energyMention(estate, t).lines;
  return (lines.find((line) => line.code === 'score') ?? lines.find((line) => line.code === 'co2'))?.text ?? null;
}

function cellsOf(listings: readonly CompareListing[], value: (listing: CompareListing) => string | null): CompareCell[] {
  return listings.map((listing) => ({ text: value(listing) }));
}

/** Whether the cells read differently (two "not stated" are the same). */
export function cellsDiffer(cells: readonly CompareCell[]): boolean {
  return new Set(cells.map((cell) => cell.text ?? '')).size > 1;
}

/**
 * The comparison of two to four listings: a column per listing (its card: photo, title, link) and a row per
 * attribute, with what each listing shows by the display model's rules and whether the row differs.
 */
export function compareTable(listings: readonly CompareListing[], t: Translator, options: CompareOptions = {}): CompareTable {
  const regionName = (estate: Estate) => (estate.address.region ? t.t(`compare.regions.${estate.address.region}`) : null);
  const rows: Record<CompareRowKey, CompareCell[]> = {
    price: cellsOf(listings, ({ estate }) => priceDisplay(estate, t).text),
    pricePerSquareMetre: cellsOf(listings, ({ estate }) => pricePerSquareMetre(estate, t)),
    bedrooms: cellsOf(listings, ({ estate }) => (positive(estate.bedrooms) ? formatNumber(estate.bedrooms) : null)),
    livingArea: cellsOf(listings, ({ estate }) => (positive(estate.dimensions.areaBuild) ? formatArea(estate.dimensions.areaBuild) : null)),
    plotArea: cellsOf(listings, ({ estate }) => (positive(estate.dimensions.areaGround) ? formatArea(estate.dimensions.areaGround) : null)),
    energyLabel: cellsOf(listings, ({ estate }) => energyLabelText(estate, t)),
    energyScore: cellsOf(listings, ({ estate }) => energyScoreText(estate, t)),
    region: cellsOf(listings, ({ estate }) => regionName(estate)),
    purchaseCost: listings.map(({ estate, path }) => {
      const total = estimatedPurchaseCost(estate, t);
      if (total === null) return { text: null };
      return { text: formatCurrency(total), ...(options.costBlockAnchor ? { href: `${path}#${options.costBlockAnchor}` } : {}) };
    }),
  };
  return {
    columns: listings.map(({ estate, path }) => ({ id: estate.id, card: toEstateCard(estate, t, path) })),
    rows: COMPARE_ROWS.map((key) => ({
      key,
      label: t.t(`compare.rows.${key}`),
      note: key === 'purchaseCost' ? t.t('compare.purchaseCostNote', { share: formatPercent(PURCHASE_COST_RATES.loan.defaultShareOfPrice * 100) }) : null,
      cells: rows[key],
      differs: cellsDiffer(rows[key]),
    })),
  };
}

/** `?ids=1&ids=2` in the given order: the comparison's own query string, the same in every language. */
export function compareQuery(ids: readonly number[]): string {
  return ids.map((id) => `ids=${id}`).join('&');
}
