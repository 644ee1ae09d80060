import type { Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { FragmentView, View } from '../web/view.js';
import type { Locale } from '../routing/locales.js';
import type { RateLimitPolicy } from './rate-limit.service.js';

/** A form as the visitor sent it back: what was typed, and each field's message (an i18n key). */
export interface FormState {
  readonly values: Readonly<Record<string, string | readonly string[]>>;
  readonly errors: Readonly<Record<string, string>>;
}

/** How a form is shown again when its input was refused. Each form provides one (an injectable). */
export interface FormView {
  /** For htmx: the form alone with its messages, swapped in place (422). */
  fragment(request: FastifyRequest, locale: Locale, state: FormState): Promise<FragmentView> | FragmentView;
  /** Without JavaScript: the page with the form filled in again (422). */
  page(request: FastifyRequest, locale: Locale, state: FormState): Promise<View> | View;
  /**
   * Without JavaScript, when the post was refused as a whole (bot check, rate limit, verifier down): the page with
   * the form filled in again and `message` (localized) above it, with the refusal's status. A form without it gets
   * the error page (with JavaScript, the island keeps the form and shows the refusal).
   */
  refused?(request: FastifyRequest, locale: Locale, state: FormState, message: string, status: number): Promise<View> | View;
}

export interface FormOptions {
  /** Names the form in rate limits and logs (`extra-info`). */
  readonly name: string;
  readonly view: Type<FormView>;
  /** Posts allowed per client address (defaults from FORM_RATE_LIMIT / FORM_RATE_WINDOW_SECONDS). */
  readonly rateLimit?: Omit<RateLimitPolicy, 'name'>;
}
