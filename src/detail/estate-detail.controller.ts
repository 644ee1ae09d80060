import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../common/errors.js';
import { RequestLocale } from '../common/locale.decorator.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { EstateDetailPageRenderer } from './estate-detail-page.renderer.js';
import { EstateDetailService, type FoundEstate } from './estate-detail.service.js';

/** The query string of the request (kept on redirects: `?sent=…` after a form post). */
function queryOf(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index);
}

function pathOf(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? request.url : request.url.slice(0, index);
}

/**
 * A listing's page. The short path and any wrong slug answer 301 to the canonical path (its slug is
 * built from localized names, so every locale has its own); a project unit lives under its project.
 */
@Controller()
export class EstateDetailController {
  constructor(
    private readonly details: EstateDetailService,
    private readonly renderer: EstateDetailPageRenderer,
  ) {}


  private redirectOrRender(
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    found: FoundEstate,
  ): FastifyReply | Promise<FastifyReply> {
    const canonical = found.paths[locale];
    if (pathOf(request) !== canonical) return reply.redirect(canonical + queryOf(request), 301);
    return this.renderer.render(request, reply, locale, found);
  }

  @Get(routerPaths('detailShort'))
  async short(
    @RequestLocale() locale: Locale,
    @Param('estateId') estateId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const found = await this.details.findOrThrow(estateId);
    return reply.redirect(found.paths[locale] + queryOf(request), 301);
  }

  @Get(routerPaths('detail'))
  async detail(
    @RequestLocale() locale: Locale,
    @Param('estateId') estateId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    return this.redirectOrRender(request, reply, locale, await this.details.findOrThrow(estateId));
  }

  @Get(routerPaths('projectUnit'))
  async unit(
    @RequestLocale() locale: Locale,
    @Param('estateId') estateId: string,
    @Param('entityId') entityId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const found = await this.details.findOrThrow(entityId);
    if (found.project === null || String(found.project.id) !== estateId) throw new NotFoundError();
    return this.redirectOrRender(request, reply, locale, found);
  }
}
