import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SimilarEstates } from '../../views/fragments/similar-estates.js';
import { renderFragment } from '../../views/render.js';
import { sendHtml } from '../common/html-response.js';
import { RequestLocale } from '../common/locale.decorator.js';
import { estatePath } from '../estates/domain/slug.js';
import { toCardModel } from '../estates/display/estate-display.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { EstateDetailPageRenderer } from './estate-detail-page.renderer.js';
import { EstateDetailService } from './estate-detail.service.js';

/** The detail page's ajax endpoints: the similar-estates fragment and the listing's display model as JSON. */
@Controller()
export class EstateAjaxController {
  constructor(
    private readonly details: EstateDetailService,
    private readonly renderer: EstateDetailPageRenderer,
    private readonly translations: TranslationService,
  ) {}


  @Get(routerPaths('ajaxSimilarEstates'))
  async similar(
    @RequestLocale() locale: Locale,
    @Param('estateId') estateId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const found = await this.details.findOrThrow(estateId);
    const t = this.translations.forLocale(locale);
    const cards = (await this.details.similar(found.estate)).map((estate) => toCardModel(estate, t, estatePath(estate, t)));
    const fragment = SimilarEstates({ title: t.t('detail.similar.title'), cards });
    reply.header('X-Robots-Tag', 'noindex');
    return sendHtml(request, reply, fragment ? renderFragment(fragment) : '');
  }

  @Get(routerPaths('ajaxEstate'))
  async estate(@RequestLocale() locale: Locale, @Param('estateId') estateId: string, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const found = await this.details.findOrThrow(estateId);
    const model = await this.renderer.displayModel(found, locale);
    return reply
      .header('Cache-Control', 'private, no-cache')
      .header('X-Robots-Tag', 'noindex')
      .type('application/json; charset=utf-8')
      .send({ ...model, path: found.paths[locale] });
  }
}
