import type { Translator } from '../../i18n/translator.js';

export { formatDate } from '../../utils/format-date.js';

/**
 * Belgian number formatting in every locale (SPEC §9): thousands dot, decimal comma. Intl's nl-BE
 * gives exactly that; the grouping is forced so 1000 is "1.000" too.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function number(value: number, minDecimals: number, maxDecimals: number): string {
  const key = `${minDecimals}:${maxDecimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // Building a formatter costs ~20 µs; a detail page formats dozens of numbers.
    formatter = new Intl.NumberFormat('nl-BE', { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals, useGrouping: 'always' });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

/** Up to `maxDecimals` decimals, rounded, without trailing zeros: 1.234,5 */
export function formatNumber(value: number, maxDecimals = 2): string {
  return number(value, 0, maxDecimals);
}

/**
 * Euro prefix, thousands dot, decimal comma, 2 decimals: € 1.234.567,00. A no-break space keeps the
 * sign with its amount when a line wraps.
 */
export function formatCurrency(value: number): string {
  return `€\u00a0${number(value, 2, 2)}`;
}

/** 120,5 m² (rounded to 2 decimals). */
export function formatArea(value: number): string {
  return `${formatNumber(value)} m²`;
}

/** 12,35 m (rounded to 2 decimals). */
export function formatDistance(value: number): string {
  return `${formatNumber(value)} m`;
}

/** 12,5% */
export function formatPercent(value: number): string {
  return `${formatNumber(value)}%`;
}

/** 245 kWh/m² per year (the "per year" in the visitor's language). */
export function formatEpc(value: number, t: Translator): string {
  return `${formatNumber(value)} ${t.t('units.epc')}`;
}

/** 30.500 kWh per year */
export function formatEpcTotal(value: number, t: Translator): string {
  return `${formatNumber(value)} ${t.t('units.epcTotal')}`;
}

/** 42 kg/m² per year */
export function formatCo2(value: number, t: Translator): string {
  return `${formatNumber(value)} ${t.t('units.co2')}`;
}

/** The EPC bar: value divided by 700, as a percentage capped at 100 (SPEC §9). */
export const EPC_BAR_SCALE = 700;
export function epcBarPercent(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return 0;
  return Math.min(100, Math.round((value / EPC_BAR_SCALE) * 10_000) / 100);
}

/** The flooding score icon shows when the score's first letter is after C (SPEC §9). */
export function showsFloodingIcon(score: string | null | undefined): boolean {
  const letter = score?.trim().charAt(0).toUpperCase();
  return !!letter && /[A-Z]/.test(letter) && letter > 'C';
}

const WHITE = new Set(['#fff', '#ffffff', 'white']);
const BLACK = new Set(['#000', '#000000', 'black']);

/** A sticker with a white background and black text counts as unset (SPEC §9). */
export function isStickerSet(sticker: { color: string | null; colorText: string | null } | null | undefined): boolean {
  if (!sticker) return false;
  const background = sticker.color?.trim().toLowerCase() ?? '';
  const text = sticker.colorText?.trim().toLowerCase() ?? '';
  return !(WHITE.has(background) && BLACK.has(text));
}

/**
 * A reference as it is searched: upper case without spaces or LIKE wildcards; a search matches references that
 * start with it ("gnt-0" finds GNT-001). Stored in an indexed column (estates.reference_key) by the sync.
 */
export function referenceKey(reference: string): string {
  return reference.toUpperCase().replace(/[\s%_\\]/g, '');
}
