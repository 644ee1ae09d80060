import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type DetailPageModel, EstateDetailPage } from '../../views/pages/estate-detail-page.js';
import { NotFoundError } from '../utils/errors.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { pathOf } from '../web/request.js';
import { page, type PageView, redirect, type RedirectView } from '../web/view.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { EstateDetailPageModels, type SentForm } from './estate-detail-page.model.js';
import { EstateDetailService, type FoundEstate } from './estate-detail.service.js';

/** The query string of the request (kept on redirects: `?sent=…` after a form post). */
function queryOf(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index);
}

function sentForm(sent: unknown): SentForm {
  return sent === 'extra-info' || sent === 'send-to-friend' ? sent : null;
}

/**
 * A listing's page. The short path, a wrong slug and a trailing slash answer 301 to the canonical path (its
 * slug is built from localized names, so every locale has its own); a project unit lives under its project.
 */
@Controller()
export class EstateDetailController {
  constructor(
    private readonly details: EstateDetailService,
    private readonly models: EstateDetailPageModels,
  ) {}

  @Get(routerPaths('detailShort'))
  async short(@RequestLocale() locale: Locale, @Param('estateId') estateId: string, @Req() request: FastifyRequest): Promise<RedirectView> {
    const found = await this.details.findOrThrow(estateId);
    return redirect(found.paths[locale] + queryOf(request), 301);
  }

  @Get(routerPaths('detail'))
  async detail(
    @RequestLocale() locale: Locale,
    @Param('estateId') estateId: string,
    @Query('sent') sent: unknown,
    @Req() request: FastifyRequest,
  ): Promise<PageView<DetailPageModel> | RedirectView> {
    return this.canonical(request, locale, await this.details.findOrThrow(estateId), sentForm(sent));
  }

  @Get(routerPaths('projectUnit'))
  async unit(
    @RequestLocale() locale: Locale,
    @Param('estateId') estateId: string,
    @Param('entityId') entityId: string,
    @Query('sent') sent: unknown,
    @Req() request: FastifyRequest,
  ): Promise<PageView<DetailPageModel> | RedirectView> {
    const found = await this.details.findOrThrow(entityId);
    if (found.project === null || String(found.project.id) !== estateId) throw new NotFoundError();
    return this.canonical(request, locale, found, sentForm(sent));
  }

  private canonical(request: FastifyRequest, locale: Locale, found: FoundEstate, sent: SentForm): PageView<DetailPageModel> | RedirectView {
    const canonical = found.paths[locale];
    if (pathOf(request.url) !== canonical) return redirect(canonical + queryOf(request), 301);
    return page(EstateDetailPage, () => this.models.pageModel(found, locale, sent), { route: 'detail', paths: found.paths }, { version: found.version, query: { sent } });
  }
}
