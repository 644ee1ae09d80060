import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { I18nModule } from 'nestjs-i18n';
import { AppointmentEntity } from './appointments/appointment.entity.js';
import { AppointmentsController } from './appointments/appointments.controller.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { loggerModule } from './common/logging.js';
import { AssetsService } from './common/assets.service.js';
import { ErrorPages } from './common/error-pages.service.js';
import { PageContextService } from './common/page-context.service.js';
import { BuildInfo } from './common/rendering/build-info.js';
import { RenderCache } from './common/rendering/render-cache.js';
import { ViewInterceptor } from './common/rendering/view.interceptor.js';
import { ViewRenderer } from './common/rendering/view-renderer.service.js';
import { I18N_DIR } from './common/paths.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { ConsentController } from './consent/consent.controller.js';
import { EstateAjaxController } from './detail/estate-ajax.controller.js';
import { EstateDetailPageModels } from './detail/estate-detail-page.model.js';
import { EstateDetailController } from './detail/estate-detail.controller.js';
import { EstateDetailService } from './detail/estate-detail.service.js';
import { BotCheckService } from './forms/bot-check.service.js';
import { FormGuard } from './forms/form.guard.js';
import { FormsController } from './forms/forms.controller.js';
import { ExtraInfoFormView, SendToFriendFormView } from './forms/inquiry-form.views.js';
import { RateLimits } from './forms/rate-limits.service.js';
import { SubmissionLedger } from './forms/submission-ledger.service.js';
import { AppValidationPipe } from './forms/validation.pipe.js';
import { InquiryService } from './forms/inquiry.service.js';
import { MailOutboxService } from './mail/mail-outbox.service.js';
import { SeoController } from './seo/seo.controller.js';
import { DatabaseModule } from './database/database.module.js';
import { EstatesModule } from './estates/estates.module.js';
import { CatalogueVersion } from './estates/persistence/catalogue-version.service.js';
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
import { ThemeController } from './theme/theme.controller.js';
import { ThemeService } from './theme/theme.service.js';

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
        ThemeController,
      ],
      providers: [
        AssetsService,
        TranslationService,
        PageContextService,
        ViewRenderer,
        BuildInfo,
        RenderCache,
        ThemeService,
        CatalogueVersion,
        ErrorPages,
        AllExceptionsFilter,
        SettingsService,
        SeedService,
        EstateSyncScheduler,
        EstateDetailService,
        EstateDetailPageModels,
        BotCheckService,
        MailOutboxService,
        InquiryService,
        RateLimits,
        SubmissionLedger,
        FormGuard,
        ExtraInfoFormView,
        SendToFriendFormView,
        { provide: APP_FILTER, useExisting: AllExceptionsFilter },
        { provide: APP_PIPE, useClass: AppValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: ViewInterceptor },
      ],
    };
  }
}
