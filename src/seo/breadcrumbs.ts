import type { BreadcrumbList, WithContext } from 'schema-dts';
import type { Translator } from '../i18n/translator.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { EMPTY_CRITERIA, type SearchCriteria, toSearchQuery } from '../search/search-criteria.js';
import { searchHref } from '../search/search-page.model.js';
import { searchTitle } from '../search/search-title.js';

/** One step of a breadcrumb trail: what it is called and where it is (a site path). */
export interface Crumb {
  readonly name: string;
  readonly path: string;
}

/** The visible trail and its name for assistive technology; the last crumb is the page itself. */
export interface Breadcrumb {
  readonly label: string;
  readonly crumbs: readonly Crumb[];
}

/** schema.org BreadcrumbList of the same trail the page shows, with absolute URLs. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], absolute: (path: string) => string): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absolute(crumb.path) })),
  };
}

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

/** Home → the holiday rentals → the unit. */
export function holidayBreadcrumb(unit: { readonly locale: Locale; readonly name: string; readonly path: string }, t: Translator): Breadcrumb {
  return {
    label: t.t('nav.breadcrumb'),
    crumbs: [
      { name: t.t('nav.home'), path: urlFor('home', unit.locale) },
      { name: t.t('holiday.overview.title'), path: urlFor('holidayOverview', unit.locale) },
      { name: unit.name, path: unit.path },
    ],
  };
}
