import { SubscriptionNoticePage, type SubscriptionNoticeModel } from '../../views/pages/subscription-pages.js';
import { page, type PageView } from '../web/view.js';
import type { Locale } from '../routing/locales.js';
import { type RouteName, type RouteParams, urlFor } from '../routing/routes.js';
import type { TokenLookup } from './subscription.service.js';

/** A page behind a mail's link (or its outcome): never indexed, never kept by a cache. */
export function noticePage(model: SubscriptionNoticeModel, route: RouteName, params: RouteParams = {}, status = 200): PageView<SubscriptionNoticeModel> {
  return page(SubscriptionNoticePage, model, { route, params, indexable: false }, { status, cache: 'no-store' });
}

const PROBLEMS = {
  unknown: { status: 404, key: 'unknown' },
  expired: { status: 410, key: 'expired' },
  unsubscribed: { status: 410, key: 'used' },
} as const;

/** An unknown link is 404, an expired or used one 410: a friendly page that offers to subscribe again, never a form. */
export function linkProblemPage(kind: Exclude<TokenLookup['kind'], 'ok'>, locale: Locale): PageView<SubscriptionNoticeModel> {
  const { status, key } = PROBLEMS[kind];
  return noticePage(
    {
      titleKey: `link.${key}Title`,
      headingKey: `link.${key}Heading`,
      textKey: `link.${key}Text`,
      link: { href: urlFor('subscribe', locale), labelKey: 'link.subscribeAgain' },
    },
    'subscribe',
    {},
    status,
  );
}

const ACTION_ROUTES = { confirm: 'confirmSubscription', unsubscribe: 'unsubscribe' } as const;

/** What a mail's link opens before it acts: the search it is about, and the one button that posts back to the link. */
export function linkActionPage(action: keyof typeof ACTION_ROUTES, summary: readonly string[], locale: Locale, token: string): PageView<SubscriptionNoticeModel> {
  const route = ACTION_ROUTES[action];
  return noticePage(
    {
      titleKey: `${action}.title`,
      headingKey: `${action}.heading`,
      textKey: `${action}.text`,
      summary,
      button: { action: urlFor(route, locale, { token }), labelKey: `${action}.button` },
    },
    route,
    { token },
  );
}
