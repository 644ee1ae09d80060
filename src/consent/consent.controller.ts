import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { CONSENT_COOKIE } from '../common/page-context.service.js';
import { isHtmxRequest } from '../common/html-response.js';
import { RequestLocale } from '../common/locale.decorator.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';

export class ConsentDto {
  @IsIn(['accepted', 'declined'])
  choice!: 'accepted' | 'declined';

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  returnTo?: string;
}

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** Only a local path may be returned to: never another origin (open redirect). */
export function safeReturnPath(returnTo: string | undefined, fallback: string): string {
  return returnTo && /^\/(?![/\\])/.test(returnTo) ? returnTo : fallback;
}

@Controller()
export class ConsentController {
  /**
   * Stores the visitor's cookie choice for a year. Readable by scripts on purpose: islands (share
   * links) poll it. htmx gets an empty banner and an `immo:consent` event; without JS, 303 back.
   */
  @Post(routerPaths('cookieConsent'))
  @HttpCode(200)
  choose(
    @RequestLocale() locale: Locale,
    @Body() body: ConsentDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): FastifyReply {
    reply.setCookie(CONSENT_COOKIE, body.choice, {
      path: '/',
      maxAge: ONE_YEAR_SECONDS,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      httpOnly: false,
    });
    if (isHtmxRequest(request)) {
      return reply
        .header('HX-Trigger', JSON.stringify({ 'immo:consent': { choice: body.choice } }))
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send('');
    }
    return reply.redirect(safeReturnPath(body.returnTo, urlFor('home', locale)), 303);
  }
}
