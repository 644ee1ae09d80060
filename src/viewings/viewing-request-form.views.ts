import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ViewingRequestForm } from '../../views/pages/estate-detail/viewing-request.js';
import { ViewingRequestPage } from '../../views/pages/viewing-request-page.js';
import type { FormState, FormView } from '../forms/form-view.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { fragment, type FragmentView, page, type View } from '../web/view.js';
import { ViewingClock } from './viewing-clock.js';
import { ViewingRequestPageModels, type ViewingFormState } from './viewing-request-page.model.js';
import { ViewingRequestService } from './viewing-request.service.js';

/** Messages are i18n keys of the DTO's checks (forms.errors.*) or of the slot rules (viewings.errors.*). */
const MESSAGE_KEY = /^(forms|viewings)\.errors\.\w+$/;

/** The viewing request shown again with its messages: the form for htmx, its page without JavaScript. */
@Injectable()
export class ViewingRequestFormView implements FormView {
  constructor(
    private readonly viewings: ViewingRequestService,
    private readonly models: ViewingRequestPageModels,
    private readonly translations: TranslationService,
    private readonly clock: ViewingClock,
  ) {}

  private async load(request: FastifyRequest, locale: Locale, state: FormState, summary?: string) {
    const found = await this.viewings.listing(Number((request.params as Record<string, string>).estateId));
    const { t } = this.translations.forLocale(locale);
    const errors = Object.fromEntries(Object.entries(state.errors).map(([field, message]) => [field, MESSAGE_KEY.test(message) ? t(message) : message]));
    const formState: ViewingFormState = { values: state.values, errors, errorSummary: summary ?? t('viewings.form.errorSummary') };
    return { found, formState };
  }

  async fragment(request: FastifyRequest, locale: Locale, state: FormState): Promise<FragmentView> {
    const { found, formState } = await this.load(request, locale, state);
    const props = this.models.form(found, locale, this.clock.now(), formState);
    return fragment(() => ViewingRequestForm(props), { status: 422, cache: 'no-store' });
  }

  async page(request: FastifyRequest, locale: Locale, state: FormState): Promise<View> {
    return this.pageWith(request, locale, state, 422);
  }

  /** Refused as a whole (bot check, too many requests): the page with what was typed, and why. */
  async refused(request: FastifyRequest, locale: Locale, state: FormState, message: string, status: number): Promise<View> {
    return this.pageWith(request, locale, state, status, message);
  }

  private async pageWith(request: FastifyRequest, locale: Locale, state: FormState, status: number, message?: string): Promise<View> {
    const { found, formState } = await this.load(request, locale, state, message);
    const model = await this.models.pageModel(found, locale, this.clock.now(), { state: formState });
    return page(ViewingRequestPage, model, { route: 'viewingRequest', params: { estateId: found.estate.id }, indexable: false }, { status, cache: 'no-store' });
  }
}
