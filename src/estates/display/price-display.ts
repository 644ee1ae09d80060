import type { Translator } from '../../i18n/translator.js';
import { isAvailable } from '../domain/availability.js';
import { enumLabel } from '../domain/enum-labels.js';
import { RENT_PERIOD } from '../domain/enums.js';
import type { Estate } from '../domain/estate.js';
import { formatCurrency, formatNumber } from '../domain/format.js';

export type RentPeriod = (typeof RENT_PERIOD)[number];

/** How a price reads, besides its amount: what structured data and views need to say it right. */
export interface PriceTerms {
  /** The lowest price of several (a project's units, or the CRM's "from" price). */
  readonly from: boolean;
  /** Excluding VAT: a new build sold under the VAT regime. */
  readonly vatExcluded: boolean;
  /** The period a rent is paid for; null for a sale (or a period we cannot name). */
  readonly period: RentPeriod | null;
}

export interface PriceDisplay extends PriceTerms {
  /** What the visitor reads: "€ 300.000,00 + btw", "Vanaf € 300.000,00", "€ 950,00 per maand", "Prijs op aanvraag". */
  readonly text: string;
  /** The amount the text shows; null when it shows none. */
  readonly amount: number | null;
}

/** A rental's period: the CRM's when we know it, else a month (Belgian rents are monthly). */
function rentPeriod(estate: Estate): RentPeriod | null {
  if (!estate.transaction.forRent) return null;
  const period = estate.price.period;
  if (period === null) return 'MONTH';
  return (RENT_PERIOD as readonly string[]).includes(period) ? (period as RentPeriod) : null;
}

function onRequest(t: Translator): PriceDisplay {
  return { text: t.t('display.priceOnRequest'), amount: null, from: false, vatExcluded: false, period: null };
}

function amountText(amount: number, terms: PriceTerms, t: Translator): string {
  const price = formatCurrency(amount);
  const key = terms.from ? (terms.vatExcluded ? 'display.priceFromVat' : 'display.priceFrom') : terms.vatExcluded ? 'display.priceExclVat' : null;
  const text = key ? t.t(key, { price }) : price;
  return terms.period ? `${text} ${enumLabel(t, 'rentPeriod', terms.period)}` : text;
}

function withAmount(amount: number, terms: PriceTerms, t: Translator): PriceDisplay {
  return { ...terms, amount, text: amountText(amount, terms, t) };
}

/** A listing's own price (a project's units aside). */
function ownPrice(estate: Estate, t: Translator): PriceDisplay {
  const { price } = estate;
  const terms = { vatExcluded: price.vatRegime, period: rentPeriod(estate) };
  if (price.value !== null && price.value > 0) return withAmount(price.value, { ...terms, from: false }, t);
  if (price.priceFrom !== null && price.priceFrom > 0) return withAmount(price.priceFrom, { ...terms, from: true }, t);
  if (price.vatRegime) return { text: t.t('display.vatRegime'), amount: null, from: false, vatExcluded: true, period: null };
  return onRequest(t);
}

/**
 * The one price rule, for the page header, cards, a project's unit rows and its "from" price:
 * - the agency may hide a price: "price on request";
 * - a new build under the VAT regime shows its price excluding VAT, said so ("€ 300.000,00 + btw"),
 *   as Belgian agencies advertise them; the financial tab still hides the bare price, land,
 *   infrastructure and notary amounts (SPEC §5), which would read as all-in amounts;
 * - a project with available units is "from" its cheapest unit's price, whatever the CRM's own
 *   "from" price says, so the project never promises less than its units ask; the units it gets are
 *   the ones a visitor may see (see domain/visibility.ts);
 * - a rent says its period ("per maand").
 */
export function priceDisplay(estate: Estate, t: Translator): PriceDisplay {
  if (!estate.price.visible) return onRequest(t);
  const units = estate.children.filter(isAvailable);
  if (units.length === 0) return ownPrice(estate, t);
  const cheapest = units
    .map((unit) => priceDisplay(unit, t))
    .filter((price): price is PriceDisplay & { amount: number } => price.amount !== null)
    .sort((a, b) => a.amount - b.amount)[0];
  return cheapest ? withAmount(cheapest.amount, { ...cheapest, from: true }, t) : onRequest(t);
}

/**
 * The asking price per m² of living area, "€ 2.725/m²" (whole euros; "+ btw" under the VAT regime): for a listing
 * for sale that shows its own price (not "from", not on request) and has a living area. Null elsewhere: a rent, a
 * sold listing, a project's "from" price, a plot or a garage without living area.
 */
export function pricePerArea(estate: Estate, t: Translator): { readonly text: string; readonly label: string } | null {
  const area = estate.dimensions.areaBuild;
  if (estate.transaction.forRent || !isAvailable(estate) || estate.isProject || !area || !Number.isFinite(area) || area <= 0) return null;
  const price = priceDisplay(estate, t);
  if (price.amount === null || price.from) return null;
  const perArea = t.t('display.pricePerArea', { price: `€\u00a0${formatNumber(Math.round(price.amount / area), 0)}` });
  return { text: price.vatExcluded ? t.t('display.priceExclVat', { price: perArea }) : perArea, label: t.t('display.pricePerAreaLabel') };
}
