import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import { AppError } from '../utils/errors.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isHtmxRequest } from '../web/request.js';
import { ErrorResponder, ViewResponder } from '../web/responders.js';
import { DEFAULT_LOCALE, type Locale, localeFromPath } from '../routing/locales.js';
import { FormValidationError } from './form-validation.error.js';
import { BOT_CHECK_FIELD } from '../../views/components/bot-check-field.js';
import { formContextOf } from './form.guard.js';
import { typedValues } from './validation.pipe.js';

/**
 * Refused input comes back as the form with its localized messages and what was typed, status 422: the form
 * alone for htmx, the page with the form for a post without JavaScript. A post refused as a whole (bot check,
 * rate limit) keeps what was typed too, on a form whose view can show it (FormView.refused).
 */
@Catch(FormValidationError, AppError)
export class FormErrorFilter implements ExceptionFilter {
  constructor(
    private readonly renderer: ViewResponder,
    private readonly fallback: ErrorResponder,
    private readonly translations: TranslationService,
  ) {}

  async catch(error: FormValidationError | AppError, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const form = formContextOf(request);
    if (!form) return this.fallback.catch(error, host);
    const locale = localeFromPath(request.url) ?? DEFAULT_LOCALE;
    if (error instanceof AppError) return this.refused(error, host, locale);
    const state = { values: error.values, errors: error.fieldErrors };
    try {
      const view = isHtmxRequest(request) ? await form.view.fragment(request, locale, state) : await form.view.page(request, locale, state);
      const body = await this.renderer.respond(request, reply, view);
      reply.status(422).header('Cache-Control', 'no-store').send(body);
    } catch (renderError) {
      this.fallback.catch(renderError, host);
    }
  }

  private async refused(error: AppError, host: ArgumentsHost, locale: Locale): Promise<void> {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const view = formContextOf(request)?.view;
    if (isHtmxRequest(request) || !view?.refused) return this.fallback.catch(error, host);
    const { [BOT_CHECK_FIELD]: _token, ...values } = typedValues(request.body);
    const status = error.getStatus();
    const message = this.translations.forLocale(locale).t(`errors.${error.code}.text`);
    try {
      const body = await this.renderer.respond(request, reply, await view.refused(request, locale, { values, errors: {} }, message, status));
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      reply.status(status).header('Cache-Control', 'no-store').send(body);
    } catch (renderError) {
      this.fallback.catch(renderError, host);
    }
  }
}
