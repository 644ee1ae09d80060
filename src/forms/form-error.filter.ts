import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isHtmxRequest, ViewRenderer } from '../common/rendering/view-renderer.service.js';
import { DEFAULT_LOCALE, localeFromPath } from '../routing/locales.js';
import { AllExceptionsFilter } from '../common/all-exceptions.filter.js';
import { FormValidationError } from './form-validation.error.js';
import { formContextOf } from './form.guard.js';

/**
 * Refused input comes back as the form with its localized messages and what was typed, status 422: the form
 * alone for htmx, the page with the form for a post without JavaScript.
 */
@Catch(FormValidationError)
export class FormErrorFilter implements ExceptionFilter {
  constructor(
    private readonly renderer: ViewRenderer,
    private readonly fallback: AllExceptionsFilter,
  ) {}

  async catch(error: FormValidationError, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const form = formContextOf(request);
    if (!form) return this.fallback.catch(error, host);
    const locale = localeFromPath(request.url) ?? DEFAULT_LOCALE;
    const state = { values: error.values, errors: error.fieldErrors };
    try {
      const view = isHtmxRequest(request) ? await form.view.fragment(request, locale, state) : await form.view.page(request, locale, state);
      const body = await this.renderer.respond(request, reply, view);
      reply.status(422).header('Cache-Control', 'no-store').send(body);
    } catch (renderError) {
      this.fallback.catch(renderError, host);
    }
  }
}
