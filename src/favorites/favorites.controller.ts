import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequestLocale } from '../common/locale.decorator.js';
import { PageResponder } from '../common/page-responder.service.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';

@Controller()
export class FavoritesController {
  constructor(private readonly pages: PageResponder) {}

  @Get(routerPaths('favorites'))
  favorites(@RequestLocale() locale: Locale, @Req() request: FastifyRequest, @Res() reply: FastifyReply): FastifyReply {
    return this.pages.info(request, reply, locale, { route: 'favorites', indexable: false }, 'favorites');
  }
}
