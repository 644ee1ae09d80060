import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FAVORITES_STYLESHEET_PATH, favoriteFlashAnchor, FavoriteToggleAnswer } from '../../views/components/favorite-toggle.js';
import { FavoritesMailSent, type FavoritesPageModel } from '../../views/pages/favorites-page.js';
import { NotFoundError } from '../utils/errors.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { isHtmxRequest } from '../web/request.js';
import { fragment, type FragmentView, type PageView, redirect, type RedirectView, submitted, type SubmittedView } from '../web/view.js';
import { safeReturnPath } from '../consent/consent.js';
import { FormHandler } from '../forms/form.decorator.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';
import { FavoritesMailFormView, FavoritesPageModels } from './favorites-page.model.js';
import { FavoritesMailDto, FavoriteToggleDto } from './favorites.dto.js';
import { FavoritesService } from './favorites.service.js';
import { favoritesStylesheet } from './favorites-stylesheet.js';

const ID = /^[1-9]\d{0,9}$/;

/**
 * Favourites without an account (SPEC §2): the heart posts to the favourites page's path with the listing id; htmx
 * gets the heart and the header badge back, a post without JavaScript 303 to where it came from.
 */
@Controller()
export class FavoritesController {
  constructor(
    private readonly favorites: FavoritesService,
    private readonly pages: FavoritesPageModels,
  ) {}

  @Get(routerPaths('favorites'))
  list(@RequestLocale() locale: Locale, @Req() request: FastifyRequest, @Query('sent') sent?: string): Promise<PageView<FavoritesPageModel>> {
    return this.pages.view(request, locale, { mailed: sent === '1' });
  }

  /** The saved hearts and the header's count for pages seen without JavaScript (their `<noscript>` loads it). */
  @Get(FAVORITES_STYLESHEET_PATH)
  @Header('Content-Type', 'text/css; charset=utf-8')
  @Header('Cache-Control', 'private, no-store')
  stylesheet(@Req() request: FastifyRequest): string {
    return favoritesStylesheet(this.favorites.ids(request));
  }

  @Post(routerPaths('favoriteToggle'))
  @HttpCode(200)
  async toggle(
    @RequestLocale() locale: Locale,
    @Param('estateId') estateId: string,
    @Body() dto: FavoriteToggleDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FragmentView | RedirectView> {
    if (!ID.test(estateId)) throw new NotFoundError();
    const id = Number(estateId);
    const change = await this.favorites.change(request, reply, id, dto.saved ? 'remove' : dto.intent);
    if (!change) throw new NotFoundError();
    const back = safeReturnPath(dto.back, urlFor('favorites', locale));
    const pressed = change.ids.includes(id);
    // Without JavaScript the page it returns to is the cached one: its anchor says what happened (CSS :target).
    if (!isHtmxRequest(request)) return redirect(`${back}#${favoriteFlashAnchor(id, change.outcome === 'full' ? 'full' : pressed ? 'saved' : 'removed')}`, 303);
    return fragment(
      (ctx) =>
        FavoriteToggleAnswer({
          toggle: {
            action: urlFor('favoriteToggle', locale, { estateId: id }),
            estateId: id,
            pressed,
            back,
            addLabel: ctx.t('flows.favorites.add'),
            removeLabel: ctx.t('flows.favorites.remove'),
            message: change.outcome === 'full' ? ctx.t('flows.favorites.full', { max: change.ids.length }) : undefined,
          },
          count: change.ids.length,
        }),
      { cache: 'no-store' },
    );
  }

  @Post(routerPaths('favoritesMail'))
  @FormHandler({ name: 'favorites-mail', view: FavoritesMailFormView })
  async mail(@RequestLocale() locale: Locale, @Body() dto: FavoritesMailDto, @Req() request: FastifyRequest): Promise<SubmittedView> {
    await this.favorites.mailTo(dto.email, this.favorites.ids(request), locale);
    return submitted(`${urlFor('favorites', locale)}?sent=1`, (ctx) => FavoritesMailSent({ ctx }));
  }
}
