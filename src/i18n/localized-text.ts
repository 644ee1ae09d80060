import { DEFAULT_LOCALE, LOCALES, type Locale } from '../routing/locales.js';

/** A text in some of the four locales, as CRMs deliver them. */
export type LocalizedText = Partial<Record<Locale, string | null>>;

/** A text and the language it is written in. */
export interface PickedText {
  readonly text: string;
  /** null when no locale has the text. */
  readonly lang: Locale | null;
}

/**
 * The text in `locale`, else nl, else the first locale that has one (SPEC §5), with the language it
 * answered in, so a view can mark a fallback with `lang`.
 */
export function pickLocalized(text: LocalizedText | null | undefined, locale: Locale): PickedText {
  if (text) {
    for (const candidate of [locale, DEFAULT_LOCALE, ...LOCALES]) {
      const value = text[candidate];
      if (typeof value === 'string' && value.trim() !== '') return { text: value, lang: candidate };
    }
  }
  return { text: '', lang: null };
}

/** The text alone (see pickLocalized); '' when no locale has one. */
export function pickText(text: LocalizedText | null | undefined, locale: Locale): string {
  return pickLocalized(text, locale).text;
}

/** The language to put on an element: only when it differs from the page's locale. */
export function langIfOther(picked: PickedText, locale: Locale): Locale | undefined {
  return picked.lang !== null && picked.lang !== locale ? picked.lang : undefined;
}
