import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ErrorAlert } from '../../views/fragments/error-alert.js';
import { InfoPage } from '../../views/pages/info-page.js';
import { renderFragment, renderPage } from '../../views/render.js';
import { TranslationService } from '../i18n/translation.service.js';
import { DEFAULT_LOCALE, LOCALES, localeFromPath } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { errorCodeFor } from '../utils/errors.js';
import { PageContextService } from './page-context.service.js';
import { isHtmxRequest } from '../web/request.js';

/** The localized error page (or htmx alert) for a status. It never shows the requested URL or the error. */
@Injectable()
export class ErrorPagesService {
  constructor(
    private readonly contexts: PageContextService,
    private readonly translations: TranslationService,
  ) {}

  render(request: FastifyRequest, status: number, error?: unknown): string {
    const locale = localeFromPath(request.url) ?? DEFAULT_LOCALE;
    const code = errorCodeFor(status, error);
    const base = this.contexts.create(request, locale, {});
    // An error page is not the page that was asked for: the cookie form returns home, not to that URL.
    const ctx = { ...base, currentPath: urlFor('home', locale), currentUrl: urlFor('home', locale), canonicalUrl: this.contexts.absoluteUrl(urlFor('home', locale)) };
    const { t } = ctx;
    if (isHtmxRequest(request)) return renderFragment(ErrorAlert({ message: t(`errors.${code}.text`) }));
    return renderPage(
      InfoPage({
        ctx,
        model: {
          title: t(`errors.${code}.title`),
          description: t(`errors.${code}.text`),
          heading: t(`errors.${code}.title`),
          paragraphs: [t(`errors.${code}.text`)],
          noindex: true,
          action: { href: ctx.nav.home, label: t('errors.backHome') },
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
