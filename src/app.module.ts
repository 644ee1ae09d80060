import { type DynamicModule, Module, ValidationPipe } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { I18nModule } from 'nestjs-i18n';
import { AppointmentEntity } from './appointments/appointment.entity.js';
import { AppointmentsController } from './appointments/appointments.controller.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { loggerModule } from './common/logging.js';
import { AssetsService } from './common/assets.service.js';
import { PageContextService } from './common/page-context.service.js';
import { PageResponder } from './common/page-responder.service.js';
import { I18N_DIR } from './common/paths.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { ConsentController } from './consent/consent.controller.js';
import { EstateAjaxController } from './detail/estate-ajax.controller.js';
import { EstateDetailPageRenderer } from './detail/estate-detail-page.renderer.js';
import { EstateDetailController } from './detail/estate-detail.controller.js';
import { EstateDetailService } from './detail/estate-detail.service.js';
import { BotCheckService } from './forms/bot-check.service.js';
import { FormsController } from './forms/forms.controller.js';
import { InquiryService } from './forms/inquiry.service.js';
import { MailOutboxService } from './mail/mail-outbox.service.js';
import { SeoController } from './seo/seo.controller.js';
import { DatabaseModule } from './database/database.module.js';
import { EstatesModule } from './estates/estates.module.js';
import { PropertyImagesController } from './estates/images/property-images.controller.js';
import { EstateSyncScheduler } from './estates/persistence/estate-sync.scheduler.js';
import { FavoritesController } from './favorites/favorites.controller.js';
import { HealthController } from './health/health.controller.js';
import { HolidayRentalUnitEntity } from './holiday/holiday-rental-unit.entity.js';
import { HolidayController } from './holiday/holiday.controller.js';
import { HomeController } from './home/home.controller.js';
import { PathLocaleResolver } from './i18n/path-locale.resolver.js';
import { TranslationService } from './i18n/translation.service.js';
import { LegalController } from './legal/legal.controller.js';
import { DEFAULT_LOCALE } from './routing/locales.js';
import { SeedService } from './seed/seed.service.js';
import { SettingEntity } from './settings/setting.entity.js';
import { SettingsService } from './settings/settings.service.js';
import { SubscriptionsController } from './subscriptions/subscriptions.controller.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        loggerModule(config),
        I18nModule.forRoot({
          fallbackLanguage: DEFAULT_LOCALE,
          loaderOptions: { path: I18N_DIR, watch: false },
          resolvers: [PathLocaleResolver],
          logging: false,
        }),
        DatabaseModule,
        ScheduleModule.forRoot(),
        // Per-IP limit for the forms (the only routes with the ThrottlerGuard).
        ThrottlerModule.forRoot([{ ttl: config.FORM_RATE_WINDOW_SECONDS * 1000, limit: config.FORM_RATE_LIMIT }]),
        EstatesModule,
        TypeOrmModule.forFeature([SettingEntity, AppointmentEntity, HolidayRentalUnitEntity]),
      ],
      controllers: [
        HomeController,
        HealthController,
        ConsentController,
        LegalController,
        FavoritesController,
        SubscriptionsController,
        AppointmentsController,
        HolidayController,
        PropertyImagesController,
        EstateDetailController,
        EstateAjaxController,
        SeoController,
        FormsController,
      ],
      providers: [
        AssetsService,
        TranslationService,
        PageContextService,
        PageResponder,
        SettingsService,
        SeedService,
        EstateSyncScheduler,
        EstateDetailService,
        EstateDetailPageRenderer,
        BotCheckService,
        MailOutboxService,
        InquiryService,
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        {
          provide: APP_PIPE,
          useValue: new ValidationPipe({ whitelist: true, transform: true, forbidUnknownValues: false }),
        },
      ],
    };
  }
}
