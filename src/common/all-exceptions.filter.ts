import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, localeFromPath } from '../routing/locales.js';
import { renderFragment, renderPage } from '../../views/render.js';
import { InfoPage } from '../../views/pages/info-page.js';
import { ErrorAlert } from '../../views/fragments/error-alert.js';
import { DatabaseUnavailableError } from '../database/database-unavailable.error.js';
import { errorCodeFor } from './errors.js';
import { isHtmxRequest, sendHtml } from './html-response.js';
import { PageContextService } from './page-context.service.js';

/** Status of anything thrown: HttpExceptions keep theirs, Fastify errors carry `statusCode`, the rest are 500. */
function statusOf(exception: unknown): number {
  if (exception instanceof HttpException) return exception.getStatus();
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 600 ? statusCode : 500;
}

/**
 * Every error becomes a localized page (or an htmx alert fragment). Server errors are logged with
 * their stack; the visitor never sees one.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly pages: PageContextService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    // The database is down or too slow: a localized 503 that says when to come back, not a 500.
    const unavailable = DatabaseUnavailableError.from(exception);
    const status = unavailable ? 503 : statusOf(exception);
    if (status >= 500) {
      this.logger.error({ err: exception, url: request.url }, 'request failed');
    }
    if (reply.sent) return;
    if (unavailable) reply.header('Retry-After', String(unavailable.retryAfterSeconds));
    const locale = localeFromPath(request.url) ?? DEFAULT_LOCALE;
    const code = errorCodeFor(status);
    try {
      const ctx = this.pages.create(request, reply, locale, {});
      const { t } = ctx;
      if (status === 405 && exception instanceof HttpException) {
        const allow = (exception.getResponse() as { allow?: string }).allow;
        if (allow) reply.header('Allow', allow);
      }
      const html = isHtmxRequest(request)
        ? renderFragment(ErrorAlert({ message: t(`errors.${code}.text`) }))
        : renderPage(
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
      sendHtml(request, reply, html, { status });
    } catch (renderError) {
      // The error page itself failed: answer plainly rather than leak anything.
      this.logger.error({ err: renderError }, 'error page failed');
      reply.status(status).header('Content-Type', 'text/plain; charset=utf-8').send(`${status}`);
    }
  }
}
