import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { IsIn, IsOptional } from 'class-validator';
import {
  EditSubscriptionPage,
  type EditSubscriptionPageModel,
  OneClickAnswer,
  SubscribePage,
  type SubscribePageModel,
  SubscriptionNoticePage,
  type SubscriptionNoticeModel,
} from '../../views/pages/subscription-pages.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { CatalogueVersionService } from '../estates/persistence/catalogue-version.service.js';
import { fragment, type FragmentView, page, type PageView, submitted, type SubmittedView } from '../web/view.js';
import { FormHandler } from '../forms/form.decorator.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';
import { EditSubscriptionDto, SubscribeDto } from './subscription.dto.js';
import { SubscriptionService } from './subscription.service.js';
import { criteriaFromForm, storedCriteria } from './subscription-criteria.js';
import { EditSubscriptionFormView, SubscribeFormView } from './subscription-form.views.js';
import { linkActionPage, linkProblemPage, noticePage } from './subscription-notices.js';
import { SubscriptionPageModels } from './subscription-page.model.js';

/** RFC 8058: a mail client's one-click unsubscribe posts this body to the List-Unsubscribe address. */
export class UnsubscribeDto {
  @IsOptional()
  @IsIn(['One-Click'])
  'List-Unsubscribe'?: string;
}

/**
 * Keep me informed: the form, its success page, and the pages behind the mails' links (confirm, edit, unsubscribe).
 * Link pages change nothing on GET; their one button posts. Unknown links are 404, expired or used ones 410.
 */
@Controller()
export class SubscriptionsController {
  constructor(
    private readonly subscriptions: SubscriptionService,
    private readonly pages: SubscriptionPageModels,
    private readonly catalogue: CatalogueVersionService,
  ) {}

  /** The search's query string pre-fills the search ("keep me informed of this search"). */
  @Get(routerPaths('subscribe'))
  subscribe(@RequestLocale() locale: Locale, @Query() query: Record<string, unknown>): PageView<SubscribePageModel> {
    const criteria = storedCriteria(query);
    return page(
      SubscribePage,
      async () => ({
        form: await this.pages.form('subscribe', locale, urlFor('ajaxNotifications', locale), this.pages.initialValues(locale, criteria)),
      }),
      { route: 'subscribe' },
      // The search's options come from the catalogue (the types and subtypes on offer).
      { version: `subscribe-${this.catalogue.current}`, query: criteria },
    );
  }

  @Post(routerPaths('ajaxNotifications'))
  @FormHandler({ name: 'subscribe', view: SubscribeFormView })
  async submit(@RequestLocale() locale: Locale, @Body() dto: SubscribeDto): Promise<SubmittedView> {
    await this.subscriptions.subscribe({ email: dto.email, name: dto.name, locale: dto.language, frequency: dto.frequency, criteria: criteriaFromForm(dto) });
    // The same page whether the address was new or known: the mail says which.
    return submitted(urlFor('subscribeSuccess', locale));
  }

  @Get(routerPaths('subscribeSuccess'))
  success(): PageView<SubscriptionNoticeModel> {
    return page(
      SubscriptionNoticePage,
      { titleKey: 'success.title', headingKey: 'success.heading', textKey: 'success.text', variant: 'success' },
      { route: 'subscribeSuccess', indexable: false },
      { version: 'subscribe-success', query: {} },
    );
  }

  @Get(routerPaths('confirmSubscription'))
  async confirmPage(@RequestLocale() locale: Locale, @Param('token') token: string): Promise<PageView<SubscriptionNoticeModel>> {
    const found = await this.subscriptions.lookup(token);
    if (found.kind !== 'ok') return linkProblemPage(found.kind, locale);
    if (found.subscription.status === 'active') return this.confirmed(locale, token, true);
    return linkActionPage('confirm', this.pages.summary(found.subscription.criteria, locale), locale, token);
  }

  @Post(routerPaths('confirmSubscription'))
  async confirm(@RequestLocale() locale: Locale, @Param('token') token: string): Promise<PageView<SubscriptionNoticeModel>> {
    const result = await this.subscriptions.confirm(token);
    if (result.kind !== 'ok') return linkProblemPage(result.kind, locale);
    return this.confirmed(locale, token, result.already ?? false);
  }

  @Get(routerPaths('editSubscriptions'))
  async edit(@RequestLocale() locale: Locale, @Param('token') token: string, @Query('saved') saved?: string): Promise<PageView<EditSubscriptionPageModel> | PageView<SubscriptionNoticeModel>> {
    const found = await this.subscriptions.lookup(token);
    if (found.kind !== 'ok') return linkProblemPage(found.kind, locale);
    const { subscription } = found;
    const others = await this.subscriptions.others(subscription);
    const form = await this.pages.form('edit', locale, urlFor('editSubscriptions', locale, { token }), this.pages.storedValues(subscription));
    return page(
      EditSubscriptionPage,
      this.pages.editPage(subscription, others, locale, token, form, saved === '1'),
      { route: 'editSubscriptions', params: { token }, indexable: false },
      { cache: 'no-store' },
    );
  }

  @Post(routerPaths('editSubscriptions'))
  @FormHandler({ name: 'subscription-edit', view: EditSubscriptionFormView })
  async save(@RequestLocale() locale: Locale, @Param('token') token: string, @Body() dto: EditSubscriptionDto): Promise<SubmittedView | PageView<SubscriptionNoticeModel>> {
    const result = await this.subscriptions.update(token, { locale: dto.language, frequency: dto.frequency, criteria: criteriaFromForm(dto) });
    if (result.kind !== 'ok') return linkProblemPage(result.kind, locale);
    return submitted(`${urlFor('editSubscriptions', dto.language, { token })}?saved=1`);
  }

  @Get(routerPaths('unsubscribe'))
  async unsubscribePage(@RequestLocale() locale: Locale, @Param('token') token: string): Promise<PageView<SubscriptionNoticeModel>> {
    const found = await this.subscriptions.lookup(token);
    if (found.kind !== 'ok') return linkProblemPage(found.kind, locale);
    return linkActionPage('unsubscribe', this.pages.summary(found.subscription.criteria, locale), locale, token);
  }

  /**
   * The page's button, or a mail client's one-click POST (RFC 8058), which needs no page: it gets a short answer,
   * and 200 again when it repeats (the client only needs to know it is done).
   */
  @Post(routerPaths('unsubscribe'))
  async unsubscribe(@RequestLocale() locale: Locale, @Param('token') token: string, @Body() body: UnsubscribeDto): Promise<PageView<SubscriptionNoticeModel> | FragmentView> {
    const result = await this.subscriptions.unsubscribe(token);
    if (body?.['List-Unsubscribe'] === 'One-Click') {
      const status = result.kind === 'ok' || result.kind === 'unsubscribed' ? 200 : result.kind === 'unknown' ? 404 : 410;
      return fragment((ctx) => OneClickAnswer({ text: ctx.t(status === 200 ? 'subscriptions.unsubscribe.oneClick' : `subscriptions.link.${status === 404 ? 'unknown' : 'expired'}Heading`) }), { status, cache: 'no-store' });
    }
    if (result.kind !== 'ok') return linkProblemPage(result.kind, locale);
    return noticePage(
      { titleKey: 'unsubscribe.title', headingKey: 'unsubscribe.doneHeading', textKey: 'unsubscribe.doneText', variant: 'success', link: { href: urlFor('subscribe', locale), labelKey: 'link.subscribeAgain' } },
      'unsubscribe',
      { token },
    );
  }

  private confirmed(locale: Locale, token: string, already: boolean): PageView<SubscriptionNoticeModel> {
    return noticePage(
      {
        titleKey: 'confirm.title',
        headingKey: already ? 'confirm.alreadyHeading' : 'confirm.doneHeading',
        textKey: already ? 'confirm.alreadyText' : 'confirm.doneText',
        variant: 'success',
        link: { href: urlFor('editSubscriptions', locale, { token }), labelKey: 'mail.edit' },
      },
      'confirmSubscription',
      { token },
    );
  }
}
