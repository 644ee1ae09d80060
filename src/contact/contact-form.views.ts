import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ContactForm } from '../../views/fragments/contact-form.js';
import { ContactPage } from '../../views/pages/contact-page.js';
import { fragment, type FragmentView, page, type View } from '../web/view.js';
import { ContactPageModels } from './contact-page.model.js';
import type { Locale } from '../routing/locales.js';
import type { FormState, FormView } from '../forms/form-view.js';
import { ExtraInfoFormView } from '../inquiries/inquiry-form.views.js';

/**
 * The contact-form handler serves two forms: the detail page's extra-information form (it sends the listing id)
 * and the contact page's. A refused post is shown again in the form it came from.
 */
@Injectable()
export class ContactFormView implements FormView {
  constructor(
    private readonly extraInfo: ExtraInfoFormView,
    private readonly models: ContactPageModels,
  ) {}

  fragment(request: FastifyRequest, locale: Locale, state: FormState): Promise<FragmentView> | FragmentView {
    if (fromListing(state)) return this.extraInfo.fragment(request, locale, state);
    const model = this.models.form(locale, state);
    return fragment((ctx) => ContactForm({ ctx, model }), { status: 422, cache: 'no-store' });
  }

  page(request: FastifyRequest, locale: Locale, state: FormState): Promise<View> | View {
    if (fromListing(state)) return this.extraInfo.page(request, locale, state);
    return page(ContactPage, this.models.page(locale, false, state), { route: 'contact', indexable: false }, { status: 422, cache: 'no-store' });
  }
}

function fromListing(state: FormState): boolean {
  const id = state.values.estateId;
  return typeof id === 'string' && id.trim() !== '';
}
