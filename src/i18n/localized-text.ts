import { DEFAULT_LOCALE, LOCALES, type Locale } from '../routing/locales.js';

/** A text in some of the four locales, as CRMs deliver them. */
export type LocalizedText = Partial<Record<Locale, string | null>>;

/** The text in `locale`, else nl, else the first locale that has one (SPEC §5); '' when none has. */
export function pickText(text: LocalizedText | null | undefined, locale: Locale): string {
  if (!text) return '';
  for (const candidate of [locale, DEFAULT_LOCALE, ...LOCALES]) {
    const value = text[candidate];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}
