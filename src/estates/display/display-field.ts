import type { Translator } from '../../i18n/translator.js';
import type { Locale } from '../../routing/locales.js';

/** One field as the page shows it: its code (e.g. `financial.price`), label, raw value, text and whether it shows. */
export interface DisplayField {
  readonly code: string;
  readonly label: string;
  /** The label's language when it fell back to another than the page's (for a `lang` attribute). */
  readonly labelLang?: Locale;
  readonly value: unknown;
  readonly text: string;
  /** The text's language when it fell back to another than the page's. */
  readonly lang?: Locale;
  readonly visible: boolean;
}

/**
 * SPEC §3 base rule: a field is visible unless its value is undefined, null, empty or 0; SPEC §5 adds
 * "hide a field whose value is minus one".
 */
export function hasDisplayValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value) && value !== 0 && value !== -1;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value as object).some((item) => hasDisplayValue(item));
  return true;
}

/** A field's label; an unknown field name gives the name wrapped in underscores (SPEC §3). */
export function fieldLabel(t: Translator, code: string): string {
  const key = `fields.${code}`;
  return t.has(key) ? t.t(key) : `_${code}_`;
}
