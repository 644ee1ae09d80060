import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DigestScheduler } from './digest.scheduler.js';
import { DigestService } from './digest.service.js';
import { SubscriptionDeliveryEntity } from './subscription-delivery.entity.js';
import { EditSubscriptionFormView, SubscribeFormView } from './subscription-form.views.js';
import { SubscriptionPageModels } from './subscription-page.model.js';
import { SubscriptionTokenEntity } from './subscription-token.entity.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionRepository } from './subscription.repository.js';
import { SubscriptionService } from './subscription.service.js';
import { SubscriptionsController } from './subscriptions.controller.js';

/** Keep-me-informed alerts: subscribing, confirming, editing, unsubscribing and the digests. */
@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionEntity, SubscriptionDeliveryEntity, SubscriptionTokenEntity])],
  controllers: [SubscriptionsController],
  providers: [SubscriptionRepository, SubscriptionService, SubscriptionPageModels, SubscribeFormView, EditSubscriptionFormView, DigestService, DigestScheduler],
})
export class SubscriptionsModule {}
