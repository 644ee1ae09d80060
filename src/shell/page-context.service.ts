import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../config/config.js';
import { legalIdentity } from '../config/legal-identity.js';
import { telHref } from '../estates/display/contact-links.js';
import { safeReturnPath } from '../consent/consent.js';
import { agencyJsonLd, jsonForScript } from '../seo/structured-data.js';
import { TranslationService } from '../i18n/translation.service.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../routing/locales.js';
import { alternates, urlFor } from '../routing/routes.js';
import { ThemeService } from '../theme/theme.service.js';
import type { PageContext, SiteInfo } from '../../views/page-context.js';
import { AssetsService } from '../web/assets.service.js';
import { pathOf } from '../web/request.js';
import type { PageAddress } from '../web/view.js';

/**
 * A page's own address with only the query it reads (see ViewOptions.query): a cached page is shared by every URL
 * with the same reading, so nothing else the first visitor's URL carried may end up in it.
 */
export function withReadQuery(path: string, read: object | string): string {
  if (typeof read === 'string') return read === '' ? path : `${path}?${read}`;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(read)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined && item !== '') params.append(name, String(item));
    }
  }
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}

/** The site's own links, the same on every page of a locale. */
const NAV: Readonly<Record<Locale, PageContext['nav']>> = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    {
      home: urlFor('home', locale),
      favorites: urlFor('favorites', locale),
      subscribe: urlFor('subscribe', locale),
      privacy: urlFor('privacy', locale),
      terms: urlFor('terms', locale),
      cookieSettings: urlFor('cookieConsent', locale),
      contact: urlFor('contact', locale),
      holidays: urlFor('holidayOverview', locale),
    },
  ]),
) as Record<Locale, PageContext['nav']>;

@Injectable()
export class PageContextService {
  /** Per locale: the JSON-LD names the professional title and the insurance in the page's language. */
  private readonly sites: Readonly<Record<Locale, SiteInfo>>;

  constructor(
    private readonly config: AppConfig,
    private readonly translations: TranslationService,
    private readonly assets: AssetsService,
    private readonly theme: ThemeService,
  ) {
    const legal = legalIdentity(config);
    const contact = {
      name: config.AGENCY_NAME,
      url: new URL('/', config.PUBLIC_BASE_URL).toString(),
      logoUrl: new URL(config.AGENCY_LOGO_URL ?? assets.url('logo.svg'), config.PUBLIC_BASE_URL).toString(),
      email: config.AGENCY_EMAIL,
      phone: config.AGENCY_PHONE,
    };
    const siteIn = (locale: Locale): SiteInfo => {
      const { t } = translations.forLocale(locale);
      return {
        name: config.AGENCY_NAME,
        logoUrl: config.AGENCY_LOGO_URL ?? assets.url('logo.svg'),
        brandColor: config.BRAND_COLOR,
        email: config.AGENCY_EMAIL,
        phone: config.AGENCY_PHONE,
        phoneHref: telHref(config.AGENCY_PHONE),
        legal,
        jsonLd: jsonForScript(
          agencyJsonLd(legal, contact, { title: (title) => t(`legal.identity.titles.${title}`), insurance: t('legal.identity.insuranceLabel') }),
        ),
      };
    };
    this.sites = Object.fromEntries(LOCALES.map((locale) => [locale, siteIn(locale)])) as Record<Locale, SiteInfo>;
  }

  absoluteUrl(path: string): string {
    return new URL(path, this.config.PUBLIC_BASE_URL).toString();
  }

  /** `readQuery`: the query parameters the page reads, when it declares them (the page is cached by them). */
  create(request: FastifyRequest, locale: Locale, address: PageAddress, readQuery?: object | string): PageContext {
    const currentPath = pathOf(request.url);
    const localized = address.paths
      ? address.paths
      : address.route
        ? alternates(address.route, address.params)
        : (Object.fromEntries(LOCALES.map((other) => [other, urlFor('home', other)])) as Record<Locale, string>);
    const indexable = address.route !== undefined && address.indexable !== false;
    const hreflang = indexable
      ? [
          ...LOCALES.map((other) => ({ hreflang: other, href: this.absoluteUrl(localized[other]) })),
          { hreflang: 'x-default', href: this.absoluteUrl(localized[DEFAULT_LOCALE]) },
        ]
      : [];
    return {
      locale,
      t: this.translations.forLocale(locale).t,
      site: this.sites[locale],
      assets: { styles: [...this.assets.pageStyles, this.theme.stylesheetUrl], scripts: this.assets.pageScripts },
      alternates: localized,
      hreflang,
      canonicalUrl: this.absoluteUrl(address.route ? localized[locale] : currentPath),
      nav: NAV[locale],
      consentAction: NAV[locale].cookieSettings,
      currentPath,
      // A search keeps its criteria when a heart on a result card posts back without JavaScript.
      currentUrl: safeReturnPath(readQuery === undefined ? request.url : withReadQuery(currentPath, readQuery), currentPath),
    };
  }
}
