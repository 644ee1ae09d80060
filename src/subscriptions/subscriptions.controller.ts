import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequestLocale } from '../common/locale.decorator.js';
import { PageResponder } from '../common/page-responder.service.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';

/** Keep-me-informed: subscribe, its confirmation, and the token pages reached from alert mails. */
@Controller()
export class SubscriptionsController {
  constructor(private readonly pages: PageResponder) {}

  @Get(routerPaths('subscribe'))
  subscribe(@RequestLocale() locale: Locale, @Req() request: FastifyRequest, @Res() reply: FastifyReply): FastifyReply {
    return this.pages.info(request, reply, locale, { route: 'subscribe' }, 'subscribe');
  }

  @Get(routerPaths('subscribeSuccess'))
  success(@RequestLocale() locale: Locale, @Req() request: FastifyRequest, @Res() reply: FastifyReply): FastifyReply {
    return this.pages.info(request, reply, locale, { route: 'subscribeSuccess', indexable: false }, 'subscribeSuccess', {
      action: { href: urlFor('home', locale), labelKey: 'common.backHome' },
    });
  }

  @Get(routerPaths('unsubscribe'))
  unsubscribe(
    @RequestLocale() locale: Locale,
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): FastifyReply {
    return this.pages.info(request, reply, locale, { route: 'unsubscribe', params: { token }, indexable: false }, 'unsubscribe');
  }

  @Get(routerPaths('editSubscriptions'))
  edit(
    @RequestLocale() locale: Locale,
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): FastifyReply {
    return this.pages.info(
      request,
      reply,
      locale,
      { route: 'editSubscriptions', params: { token }, indexable: false },
      'editSubscriptions',
    );
  }
}
