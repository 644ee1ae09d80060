import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SubscriptionForm } from '../../views/fragments/subscription-form.js';
import { EditSubscriptionPage, SubscribePage } from '../../views/pages/subscription-pages.js';
import { fragment, type FragmentView, page, type View } from '../web/view.js';
import type { FormState, FormView } from '../forms/form-view.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { SubscriptionPageModels } from './subscription-page.model.js';
import { SubscriptionService } from './subscription.service.js';
import { linkProblemPage } from './subscription-notices.js';

/** The keep-me-informed form shown again with what to correct. */
@Injectable()
export class SubscribeFormView implements FormView {
  constructor(private readonly pages: SubscriptionPageModels) {}

  async fragment(_request: FastifyRequest, locale: Locale, state: FormState): Promise<FragmentView> {
    const form = await this.pages.form('subscribe', locale, urlFor('ajaxNotifications', locale), state.values, state.errors);
    return fragment((ctx) => SubscriptionForm({ ...form, ctx }), { status: 422, cache: 'no-store' });
  }

  async page(_request: FastifyRequest, locale: Locale, state: FormState): Promise<View> {
    const form = await this.pages.form('subscribe', locale, urlFor('ajaxNotifications', locale), state.values, state.errors);
    return page(SubscribePage, { form }, { route: 'subscribe', indexable: false }, { status: 422, cache: 'no-store' });
  }
}

/** The edit form shown again with what to correct (the token is the page's own path parameter). */
@Injectable()
export class EditSubscriptionFormView implements FormView {
  constructor(
    private readonly pages: SubscriptionPageModels,
    private readonly subscriptions: SubscriptionService,
  ) {}

  async fragment(request: FastifyRequest, locale: Locale, state: FormState): Promise<FragmentView> {
    const token = tokenOf(request);
    const form = await this.pages.form('edit', locale, urlFor('editSubscriptions', locale, { token }), state.values, state.errors);
    return fragment((ctx) => SubscriptionForm({ ...form, ctx }), { status: 422, cache: 'no-store' });
  }

  async page(request: FastifyRequest, locale: Locale, state: FormState): Promise<View> {
    const token = tokenOf(request);
    const found = await this.subscriptions.lookup(token);
    if (found.kind !== 'ok') return linkProblemPage(found.kind, locale);
    const form = await this.pages.form('edit', locale, urlFor('editSubscriptions', locale, { token }), state.values, state.errors);
    const others = await this.subscriptions.others(found.subscription);
    return page(
      EditSubscriptionPage,
      this.pages.editPage(found.subscription, others, locale, token, form, false),
      { route: 'editSubscriptions', params: { token }, indexable: false },
      { status: 422, cache: 'no-store' },
    );
  }
}

function tokenOf(request: FastifyRequest): string {
  const params = request.params as Record<string, string | undefined>;
  return params.token ?? '';
}
