import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { CookieSettingsPage, type CookieSettingsModel } from '../../views/pages/cookie-settings-page.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { isHtmxRequest } from '../web/request.js';
import { page, redirect, type RedirectView, type PageView } from '../web/view.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';
import { CONSENT_COOKIE, consentFrom, safeReturnPath } from './consent.js';

export class ConsentDto {
  @IsIn(['accepted', 'declined'])
  choice!: 'accepted' | 'declined';

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  returnTo?: string;
}

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

@Controller()
export class ConsentController {
  /** The footer's "cookie settings": the current choice and the form to change it (works without JavaScript). */
  @Get(routerPaths('cookieConsent'))
  settings(@RequestLocale() locale: Locale, @Req() request: FastifyRequest): PageView<CookieSettingsModel> {
    const saved = (request.query as Record<string, unknown>)?.saved === '1';
    return page(CookieSettingsPage, { choice: consentFrom(request), saved }, { route: 'cookieConsent', indexable: false }, { cache: 'private' });
  }

  /**
   * Stores the visitor's cookie choice for a year. Readable by scripts on purpose: islands (share links) poll
   * it. htmx gets an empty answer and an `immo:consent` event; without JavaScript, 303 back where they were.
   */
  @Post(routerPaths('cookieConsent'))
  @HttpCode(200)
  choose(
    @RequestLocale() locale: Locale,
    @Body() body: ConsentDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): RedirectView | string {
    reply.setCookie(CONSENT_COOKIE, body.choice, {
      path: '/',
      maxAge: ONE_YEAR_SECONDS,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      httpOnly: false,
    });
    if (isHtmxRequest(request)) {
      reply.header('HX-Trigger', JSON.stringify({ 'immo:consent': { choice: body.choice } })).header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      return '';
    }
    const settingsPage = urlFor('cookieConsent', locale);
    const target = safeReturnPath(body.returnTo, urlFor('home', locale));
    return redirect(target === settingsPage ? `${settingsPage}?saved=1` : target, 303);
  }
}
