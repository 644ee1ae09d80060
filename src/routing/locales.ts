export const LOCALES = ['nl', 'fr', 'en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'nl';

/** Each language's name in itself, as language switchers show them. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { nl: 'Nederlands', fr: 'Français', en: 'English', de: 'Deutsch' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale named by the first path segment, if it is one of ours. */
export function localeFromPath(path: string): Locale | undefined {
  const first = path.split(/[/?#]/, 2)[1];
  return isLocale(first) ? first : undefined;
}

/**
 * Best of our locales for an Accept-Language header (RFC 9110 weights; a region subtag matches its
 * language, so `fr-BE` picks fr). Ties keep the header's order; nothing acceptable gives nl.
 */
export function negotiateLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, order) => {
      const [range, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { language: range.trim().toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return ranked.map((entry) => entry.language).find(isLocale) ?? DEFAULT_LOCALE;
}
