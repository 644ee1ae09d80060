import type { Translator } from '../i18n/translator.js';
import type { Locale } from '../routing/locales.js';
import type { SearchCriteria } from './search-criteria.js';

/** One list formatter per locale: built once, not per page. */
const LISTS = new Map<Locale, Intl.ListFormat>();

function listOf(items: readonly string[], locale: Locale): string {
  let format = LISTS.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'conjunction' });
    LISTS.set(locale, format);
  }
  return format.format(items);
}

function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * What a filtered search is, in words, for its `<title>` and `<h1>`: the types, the transaction and the places
 * ("Huizen en appartementen te koop in Gent", "À louer à Liège"). Prices, bedrooms and a reference stay out: they
 * narrow a search but do not name it. `placeName` gives a typed place its name in the page's language.
 */
export function searchTitle(criteria: SearchCriteria, t: Translator, placeName: (typed: string) => string): string {
  const transaction = t.t(`search.title.${criteria.transaction ?? 'buy'}`);
  const what = criteria.headTypes.length > 0 ? t.t('search.title.types', { types: listOf(criteria.headTypes.map((type) => t.t(`search.title.headType.${type}`)), t.locale), transaction }) : transaction;
  const title = criteria.locations.length > 0 ? t.t('search.title.in', { what, places: listOf(criteria.locations.map(placeName), t.locale) }) : what;
  return capitalized(title);
}
