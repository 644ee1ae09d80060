import { Controller, Get, Param, Query } from '@nestjs/common';
import { type DetailPageModel, EstateDetailPage } from '../../views/pages/estate-detail-page.js';
import { PurchaseCostResultFragment } from '../../views/pages/estate-detail/purchase-cost-section.js';
import { purchaseCostOutcome } from '../estates/display/purchase-cost.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { NotFoundError } from '../utils/errors.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { page, type PageView } from '../web/view.js';
import { EstateDetailPageModels } from './estate-detail-page.model.js';
import { EstateDetailService } from './estate-detail.service.js';
import { parsePurchaseCostQuery } from './purchase-cost.dto.js';

/**
 * The purchase-cost block's GET form (`?onlyHome&loan&rate&years`). Without JavaScript it answers the whole detail
 * page with the block recomputed, so the visitor stays on the listing with every other section (a page of its own
 * would lose the photos, the contact card and the way back); htmx gets the block's result alone. The page is
 * cached by the listing's version and the choices as read; it is not indexed, and its canonical is the listing.
 * Refused input (a loan of -5, a rate of 99 %) is shown as field errors with status 422, never an error page.
 */
@Controller()
export class PurchaseCostController {
  constructor(
    private readonly details: EstateDetailService,
    private readonly models: EstateDetailPageModels,
  ) {}

  @Get(routerPaths('purchaseCost'))
  async recompute(@RequestLocale() locale: Locale, @Param('estateId') estateId: string, @Query() query: Record<string, unknown>): Promise<PageView<DetailPageModel>> {
    const found = await this.details.findOrThrow(estateId);
    // No block on this listing (a rent, price on request, a project…): nothing to recompute here.
    if (purchaseCostOutcome(found.estate).kind !== 'estimate') throw new NotFoundError();
    const input = parsePurchaseCostQuery(query);
    return page(
      EstateDetailPage,
      () => this.models.pageModelWithPurchaseCost(found, locale, input),
      { route: 'detail', paths: found.paths, indexable: false },
      {
        status: input.ok ? 200 : 422,
        version: found.version,
        query: input.ok ? input.query : { refused: true },
        fragment: (model) => (model.purchaseCost?.result ? PurchaseCostResultFragment({ result: model.purchaseCost.result }) : null),
      },
    );
  }
}
