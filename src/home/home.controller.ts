import { Controller, Get, Headers, Redirect, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequestLocale } from '../common/locale.decorator.js';
import { PageResponder } from '../common/page-responder.service.js';
import { type Locale, negotiateLocale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';

@Controller()
export class HomeController {
  constructor(private readonly pages: PageResponder) {}

  /** `/` sends the visitor to the best of our languages for their browser (302: it depends on them). */
  @Get('/')
  @Redirect()
  root(@Headers('accept-language') acceptLanguage?: string): { url: string; statusCode: number } {
    return { url: urlFor('home', negotiateLocale(acceptLanguage)), statusCode: 302 };
  }

  @Get(routerPaths('home'))
  home(@RequestLocale() locale: Locale, @Req() request: FastifyRequest, @Res() reply: FastifyReply): FastifyReply {
    return this.pages.info(request, reply, locale, { route: 'home' }, 'home');
  }
}
