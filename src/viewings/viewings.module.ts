import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ViewingClock } from './viewing-clock.js';
import { ViewingRequestFormView } from './viewing-request-form.views.js';
import { ViewingRequestPageModels } from './viewing-request-page.model.js';
import { ViewingRequestEntity } from './viewing-request.entity.js';
import { ViewingRequestRepository } from './viewing-request.repository.js';
import { ViewingRequestService } from './viewing-request.service.js';
import { ViewingsController } from './viewings.controller.js';

/** A visitor's viewing request for a listing: half-days to choose, stored, mailed and delivered as a lead. */
@Module({
  imports: [TypeOrmModule.forFeature([ViewingRequestEntity])],
  controllers: [ViewingsController],
  providers: [ViewingClock, ViewingRequestRepository, ViewingRequestService, ViewingRequestPageModels, ViewingRequestFormView],
})
export class ViewingsModule {}
