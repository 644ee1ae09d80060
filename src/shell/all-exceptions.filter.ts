import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError } from '../database/database-unavailable.error.js';
import { ErrorPagesService } from './error-pages.service.js';
import { type MissingListing, MissingListingService } from './missing-listing.service.js';
import { TranslationService } from '../i18n/translation.service.js';
import { DEFAULT_LOCALE, localeFromPath } from '../routing/locales.js';
import { AppError } from '../utils/errors.js';
import type { ErrorResponder } from '../web/responders.js';
import { isHtmxRequest } from '../web/request.js';

/** Status of anything thrown: HttpExceptions keep theirs, Fastify errors carry `statusCode`, the rest are 500. */
export function statusOf(exception: unknown): number {
  if (exception instanceof HttpException) return exception.getStatus();
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 600 ? statusCode : 500;
}

/**
 * Every error becomes a localized page (or an htmx alert fragment). Server errors are logged with their stack;
 * the visitor never sees one, nor the URL they asked for.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter, ErrorResponder {
  private readonly logger = new Logger('Errors');

  constructor(
    private readonly pages: ErrorPagesService,
    private readonly missingListings: MissingListingService,
    private readonly translations: TranslationService,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    // The database is down or too slow: a localized 503 that says when to come back, not a 500.
    const unavailable = DatabaseUnavailableError.from(exception);
    const status = unavailable ? 503 : statusOf(exception);
    if (status >= 500) this.logger.error({ err: exception, route: request.routeOptions?.url }, 'request failed');
    if (reply.sent) return;
    if (status === 405 && exception instanceof HttpException) {
      const allow = (exception.getResponse() as { allow?: string }).allow;
      if (allow) reply.header('Allow', allow);
    }
    if (unavailable) reply.header('Retry-After', String(unavailable.retryAfterSeconds));
    if (exception instanceof AppError) for (const [name, value] of Object.entries(exception.headers)) reply.header(name, value);
    const locale = localeFromPath(request.url) ?? DEFAULT_LOCALE;
    if (status === 404 && !isHtmxRequest(request) && this.missingListings.applies(request, locale)) {
      // A listing page: what is still known of the listing, for a search of similar ones (a short, failure-proof look-up).
      // Nest's route handler has returned the reply, so Fastify waits for it to be sent.
      void this.missingListings
        .find(request, locale, this.translations.forLocale(locale))
        .catch(() => null)
        .then((missing) => this.send(request, reply, status, exception, missing))
        .catch((sendError: unknown) => this.logger.error({ err: sendError }, 'error page failed'));
      return;
    }
    this.send(request, reply, status, exception, null);
  }

  private send(request: FastifyRequest, reply: FastifyReply, status: number, exception: unknown, missing: MissingListing | null): void {
    if (reply.sent) return;
    let html: string;
    try {
      html = this.pages.render(request, status, exception, missing);
    } catch (renderError) {
      // The error page itself failed: answer plainly rather than leak anything.
      this.logger.error({ err: renderError }, 'error page failed');
      html = this.pages.plainPage(status);
    }
    reply.status(status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  }
}
