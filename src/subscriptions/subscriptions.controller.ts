import { Controller, Get, Param } from '@nestjs/common';
import { TextPage, type TextPageModel } from '../../views/pages/info-page.js';
import { RequestLocale } from '../common/locale.decorator.js';
import { page, type PageView } from '../common/rendering/view.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';

/** Keep-me-informed: subscribe, its confirmation, and the token pages reached from alert mails. */
@Controller()
export class SubscriptionsController {
  @Get(routerPaths('subscribe'))
  subscribe(@RequestLocale() _locale: Locale): PageView<TextPageModel> {
    return page(TextPage, { key: 'subscribe' }, { route: 'subscribe' }, { version: '' });
  }

  @Get(routerPaths('subscribeSuccess'))
  success(@RequestLocale() locale: Locale): PageView<TextPageModel> {
    return page(TextPage, { key: 'subscribeSuccess', noindex: true, action: { href: urlFor('home', locale), labelKey: 'common.backHome' } }, { route: 'subscribeSuccess', indexable: false });
  }

  @Get(routerPaths('unsubscribe'))
  unsubscribe(@RequestLocale() _locale: Locale, @Param('token') token: string): PageView<TextPageModel> {
    return page(TextPage, { key: 'unsubscribe', noindex: true }, { route: 'unsubscribe', params: { token }, indexable: false }, { cache: 'no-store' });
  }

  @Get(routerPaths('editSubscriptions'))
  edit(@RequestLocale() _locale: Locale, @Param('token') token: string): PageView<TextPageModel> {
    return page(TextPage, { key: 'editSubscriptions', noindex: true }, { route: 'editSubscriptions', params: { token }, indexable: false }, { cache: 'no-store' });
  }
}
