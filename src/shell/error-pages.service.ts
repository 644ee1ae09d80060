import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ErrorAlert } from '../../views/fragments/error-alert.js';
import { ErrorPage, type ErrorPageModel } from '../../views/pages/error-page.js';
import { renderFragment, renderPage } from '../../views/render.js';
import type { Translator } from '../i18n/translator.js';
import { TranslationService } from '../i18n/translation.service.js';
import { DEFAULT_LOCALE, LOCALES, type Locale, localeFromPath } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { errorCodeFor } from '../utils/errors.js';
import type { MissingListing } from './missing-listing.service.js';
import { PageContextService } from './page-context.service.js';
import { isHtmxRequest } from '../web/request.js';

/** The search page's query for `criteria` (its field names: src/search/search-criteria.dto.ts), from the home page. */
function searchUrl(locale: Locale, criteria: Readonly<Record<string, string | null>>): string {
  const query = new URLSearchParams(Object.entries(criteria).filter((entry): entry is [string, string] => !!entry[1])).toString();
  return `${urlFor('home', locale)}${query ? `?${query}` : ''}`;
}

/** A 404 or 410 is no dead end: the similar search a listing page still allows, the search box, buy, rent, holidays. */
function wayOn(locale: Locale, t: Translator['t'], holidays: string, missing: MissingListing | null): NonNullable<ErrorPageModel['wayOn']> {
  const similar = missing && {
    href: searchUrl(locale, { transaction: missing.transaction, headTypes: missing.headType, locations: missing.zip }),
    label: missing.place ? t('errors.wayOn.similarIn', { place: missing.place }) : t('errors.wayOn.similar'),
  };
  return {
    similar,
    search: { action: urlFor('home', locale), title: t('errors.wayOn.searchTitle'), label: t('errors.wayOn.searchLabel'), hint: t('errors.wayOn.searchHint'), submit: t('errors.wayOn.submit') },
    shortcuts: [
      { href: searchUrl(locale, { transaction: 'buy' }), label: t('errors.wayOn.buy') },
      { href: searchUrl(locale, { transaction: 'rent' }), label: t('errors.wayOn.rent') },
      { href: holidays, label: t('errors.wayOn.holidays') },
    ],
  };
}

/** The localized error page (or htmx alert) for a status. It never shows the requested URL or the error. */
@Injectable()
export class ErrorPagesService {
  constructor(
    private readonly contexts: PageContextService,
    private readonly translations: TranslationService,
  ) {}

  /**
   * The page (or htmx alert) for `status`. A 404 or 410 page offers a way on; `missing` is what a listing page that
   * answers 404 still tells of its listing (MissingListingService), for a search of similar ones.
   */
  render(request: FastifyRequest, status: number, error?: unknown, missing: MissingListing | null = null): string {
    const locale = localeFromPath(request.url) ?? DEFAULT_LOCALE;
    const code = status === 410 ? 'gone' : errorCodeFor(status, error);
    const base = this.contexts.create(request, locale, {});
    // An error page is not the page that was asked for: the cookie form returns home, not to that URL.
    const ctx = { ...base, currentPath: urlFor('home', locale), currentUrl: urlFor('home', locale), canonicalUrl: this.contexts.absoluteUrl(urlFor('home', locale)) };
    const { t } = ctx;
    if (isHtmxRequest(request)) return renderFragment(ErrorAlert({ message: t(`errors.${code}.text`) }));
    const texts = missing ? 'errors.listingGone' : `errors.${code}`;
    return renderPage(
      ErrorPage({
        ctx,
        model: {
          title: t(`${texts}.title`),
          text: t(`${texts}.text`),
          wayOn: status === 404 || status === 410 ? wayOn(locale, t, ctx.nav.holidays, missing) : null,
          home: { href: ctx.nav.home, label: t('errors.backHome') },
        },
      }),
    );
  }

  /** For answers written before there is a request to read a locale from: the message in every language. */
  plainPage(status: number): string {
    const code = errorCodeFor(status);
    const sections = LOCALES.map((locale) => {
      const { t } = this.translations.forLocale(locale);
      return `<section lang="${locale}"><h1>${escapeHtml(t(`errors.${code}.title`))}</h1><p>${escapeHtml(t(`errors.${code}.text`))}</p><p><a href="${urlFor('home', locale)}">${escapeHtml(t('errors.backHome'))}</a></p></section>`;
    });
    return `<!DOCTYPE html><html lang="${DEFAULT_LOCALE}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${status}</title></head><body>${sections.join('')}</body></html>`;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
