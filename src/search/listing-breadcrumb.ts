import type { Translator } from '../i18n/translator.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import type { Breadcrumb } from '../seo/breadcrumbs.js';
import { EMPTY_CRITERIA, type SearchCriteria, toSearchQuery } from './search-criteria.js';
import { searchHref } from './search-page.model.js';
import { searchTitle } from './search-title.js';

export interface ListingTrail {
  readonly locale: Locale;
  readonly forRent: boolean;
  /** The listing's city as the page names it (a search understands every alias). */
  readonly city: string;
  readonly name: string;
  readonly path: string;
  /** A unit's project. */
  readonly project: { readonly name: string; readonly path: string } | null;
}

/** Home → the search of its transaction in its city ("Te koop in Gent") → (its project →) the listing. */
export function listingBreadcrumb(listing: ListingTrail, t: Translator): Breadcrumb {
  const search: SearchCriteria = { ...EMPTY_CRITERIA, transaction: listing.forRent ? 'rent' : 'buy', locations: [listing.city] };
  return {
    label: t.t('nav.breadcrumb'),
    crumbs: [
      { name: t.t('nav.home'), path: urlFor('home', listing.locale) },
      { name: searchTitle(search, t, (place) => place), path: searchHref(listing.locale, toSearchQuery(search)) },
      ...(listing.project ? [listing.project] : []),
      { name: listing.name, path: listing.path },
    ],
  };
}
