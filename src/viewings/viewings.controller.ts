import { Body, Controller, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { ViewingRequestForm, ViewingRequestThanks } from '../../views/pages/estate-detail/viewing-request.js';
import { ViewingRequestPage, type ViewingRequestPageModel } from '../../views/pages/viewing-request-page.js';
import { AppConfig } from '../config/config.js';
import { FormHandler } from '../forms/form.decorator.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { page, type PageView, submitted, type SubmittedView } from '../web/view.js';
import { ViewingClock } from './viewing-clock.js';
import { ViewingRequestFormView } from './viewing-request-form.views.js';
import { ViewingRequestPageModels } from './viewing-request-page.model.js';
import { ViewingRequestDto } from './viewing-request.dto.js';
import { ViewingRequestService } from './viewing-request.service.js';
import { offeredSlotsKey } from './viewing-slots.js';

/**
 * A listing's viewing request (issue 23). GET: its page, or for htmx the form alone (the detail page's link loads it
 * in place). The half-days on offer change at noon, at 18:00 and at midnight (Brussels), which no change feed
 * announces: the page is `private` (no CDN copy, no replay of a known page for up to a minute; the browser
 * revalidates every time) and its version holds the first half-day still open, so its ETag and its render-cache
 * entry change exactly when the offer does (rendered once per half-day, never shown stale). The detail page itself
 * carries no slot, so its public cache is untouched. The post checks the slots against the clock anyway (422).
 */
@Controller()
export class ViewingsController {
  constructor(
    private readonly viewings: ViewingRequestService,
    private readonly models: ViewingRequestPageModels,
    private readonly clock: ViewingClock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Get(routerPaths('viewingRequest'))
  async form(@RequestLocale() locale: Locale, @Param('estateId') estateId: string, @Query('sent') sent: unknown): Promise<PageView<ViewingRequestPageModel>> {
    const found = await this.viewings.listing(/^\d{1,9}$/.test(estateId) ? Number(estateId) : NaN);
    const now = this.clock.now();
    const thanks = sent === '1';
    return page(
      ViewingRequestPage,
      () => this.models.pageModel(found, locale, now, { thanks }),
      { route: 'viewingRequest', params: { estateId: found.estate.id }, indexable: false },
      {
        version: `${found.version}:${offeredSlotsKey(now, this.config.openingDays)}`,
        query: { sent: thanks },
        cache: 'private',
        // htmx (the detail page's link): the form alone, its first half-day focused.
        fragment: (model) => ViewingRequestForm({ ...model.form, autoFocus: true }),
      },
    );
  }

  @Post(routerPaths('viewingRequest'))
  @FormHandler({ name: 'viewing-request', view: ViewingRequestFormView })
  async request(@RequestLocale() locale: Locale, @Body() dto: ViewingRequestDto): Promise<SubmittedView> {
    const found = await this.viewings.submit(dto, locale);
    return submitted(`${urlFor('viewingRequest', locale, { estateId: found.estate.id })}?sent=1`, (ctx) => ViewingRequestThanks({ text: ctx.t('viewings.thanks') }));
  }
}
