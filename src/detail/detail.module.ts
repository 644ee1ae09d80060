import { Global, Module } from '@nestjs/common';
import { EstateAjaxController } from './estate-ajax.controller.js';
import { EstateDetailPageModels } from './estate-detail-page.model.js';
import { EstateDetailController } from './estate-detail.controller.js';
import { EstateDetailService } from './estate-detail.service.js';
import { PurchaseCostController } from './purchase-cost.controller.js';

/** The listing's detail page, its fragments, and finding a listing by id for the features that act on one. */
@Global()
@Module({
  controllers: [EstateDetailController, EstateAjaxController, PurchaseCostController],
  providers: [EstateDetailService, EstateDetailPageModels],
  exports: [EstateDetailService, EstateDetailPageModels],
})
export class DetailModule {}
