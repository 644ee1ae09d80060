import type { Translator } from '../i18n/translator.js';
import type { Locale } from '../routing/locales.js';
import type { SearchArea } from './search-area.js';
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

/** One number formatter per locale for a radius ("2,5 km"). */
const RADII = new Map<Locale, Intl.NumberFormat>();

function radius(km: number, locale: Locale): string {
  let format = RADII.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    RADII.set(locale, format);
  }
  return format.format(km);
}

/** The search with its area: "te koop binnen 10 km van Gent", "… in het getekende gebied". */
function withArea(what: string, area: SearchArea, t: Translator, placeName: (typed: string) => string): string {
  switch (area.kind) {
    case 'near':
      return t.t('search.title.near', { what, km: radius(area.radiusKm, t.locale), place: placeName(area.place) });
    case 'circle':
      return t.t('search.title.circle', { what, km: radius(area.radiusKm, t.locale) });
    case 'polygon':
      return t.t('search.title.polygon', { what });
  }
}

function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * What a filtered search is, in words, for its `<title>` and `<h1>`: the types, the transaction, the places and the
 * area ("Huizen en appartementen te koop in Gent", "À louer à Liège", "Te koop binnen 10 km van Gent"). Prices,
 * bedrooms and a reference stay out: they narrow a search but do not name it. `placeName` gives a typed place (and
 * the place of a radius) its name in the page's language.
 */
export function searchTitle(criteria: SearchCriteria, t: Translator, placeName: (typed: string) => string): string {
  const transaction = t.t(`search.title.${criteria.transaction ?? 'buy'}`);
  const what = criteria.headTypes.length > 0 ? t.t('search.title.types', { types: listOf(criteria.headTypes.map((type) => t.t(`search.title.headType.${type}`)), t.locale), transaction }) : transaction;
  const placed = criteria.locations.length > 0 ? t.t('search.title.in', { what, places: listOf(criteria.locations.map(placeName), t.locale) }) : what;
  return capitalized(criteria.area ? withArea(placed, criteria.area, t, placeName) : placed);
}
