import type { BreadcrumbList, WithContext } from 'schema-dts';
import type { Translator } from '../i18n/translator.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';

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
