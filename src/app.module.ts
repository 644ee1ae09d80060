import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { I18nModule } from 'nestjs-i18n';
import { AppointmentSyncModule } from './appointments/appointment-sync.module.js';
import { AppointmentEntity } from './appointments/appointment.entity.js';
import { AppointmentRepository } from './appointments/appointment.repository.js';
import { AppointmentsController } from './appointments/appointments.controller.js';
import { AppointmentCancellationService } from './appointments/appointment-cancellation.service.js';
import { AppointmentConfirmationService } from './appointments/appointment-confirmation.service.js';
import { CancelAppointmentFormView, CancelAppointmentPageModels } from './appointments/cancel-appointment-page.model.js';
import { ContactController } from './contact/contact.controller.js';
import { ContactPageModels } from './contact/contact-page.model.js';
import { ContactFormView } from './contact/contact-form.views.js';
import { LeadRepository } from './leads/lead.repository.js';
import { LeadsService } from './leads/leads.service.js';
import { RetentionScheduler } from './privacy/retention.scheduler.js';
import { FavoritesService } from './favorites/favorites.service.js';
import { FavoritesMailFormView, FavoritesPageModels } from './favorites/favorites-page.model.js';
import { ErrorResponder, ViewResponder } from './web/responders.js';
import { AllExceptionsFilter } from './shell/all-exceptions.filter.js';
import { loggerModule } from './runtime/logging.js';
import { AssetsService } from './web/assets.service.js';
import { ErrorPagesService } from './shell/error-pages.service.js';
import { PageContextService } from './shell/page-context.service.js';
import { BuildInfoService } from './shell/rendering/build-info.service.js';
import { KnownPagesService } from './shell/rendering/known-pages.service.js';
import { RenderCacheService } from './shell/rendering/render-cache.service.js';
import { ViewInterceptor } from './shell/rendering/view.interceptor.js';
import { ViewRendererService } from './shell/rendering/view-renderer.service.js';
import { FIXTURES_DIR, I18N_DIR } from './utils/paths.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { ConsentController } from './consent/consent.controller.js';
import { EstateAjaxController } from './detail/estate-ajax.controller.js';
import { EstateDetailPageModels } from './detail/estate-detail-page.model.js';
import { EstateDetailController } from './detail/estate-detail.controller.js';
import { EstateDetailService } from './detail/estate-detail.service.js';
import { BotCheckService } from './forms/bot-check.service.js';
import { FormGuard } from './forms/form.guard.js';
import { InquiriesController } from './inquiries/inquiries.controller.js';
import { ExtraInfoFormView, SendToFriendFormView } from './inquiries/inquiry-form.views.js';
import { RateLimitService } from './forms/rate-limit.service.js';
import { SubmissionLedgerService } from './forms/submission-ledger.service.js';
import { AppValidationPipe } from './forms/validation.pipe.js';
import { InquiryRepository } from './inquiries/inquiry.repository.js';
import { InquiryService } from './inquiries/inquiry.service.js';
import { MailOutboxService } from './mail/mail-outbox.service.js';
import { MailRepository } from './mail/mail.repository.js';
import { SeoController } from './seo/seo.controller.js';
import { DatabaseModule } from './database/database.module.js';
import { EstatesModule } from './estates/estates.module.js';
import { CatalogueVersionService } from './estates/persistence/catalogue-version.service.js';
import { PropertyImagesController } from './estates/images/property-images.controller.js';
import { EstateSyncScheduler } from './estates/persistence/estate-sync.scheduler.js';
import { FavoritesController } from './favorites/favorites.controller.js';
import { HealthController } from './health/health.controller.js';
import { BookingFormView } from './holiday/booking-form.view.js';
import { HolidayBookingService } from './holiday/holiday-booking.service.js';
import { HolidayCatalogueService } from './holiday/holiday-catalogue.service.js';
import { HolidayPageModels } from './holiday/holiday-page.model.js';
import { HolidayController } from './holiday/holiday.controller.js';
import { HolidayIcalImporterService } from './holiday/ical/holiday-ical-importer.service.js';
import { HolidayRepository } from './holiday/persistence/holiday.repository.js';
import { demoHolidayFile, FixtureHolidaySource } from './holiday/sources/fixture-holiday-source.js';
import { HOLIDAY_SOURCE } from './holiday/sources/holiday-source.port.js';
import { HomeController } from './home/home.controller.js';
import { TranslationService } from './i18n/translation.service.js';
import { LegalController } from './legal/legal.controller.js';
import { DEFAULT_LOCALE } from './routing/locales.js';
import { SearchPageModels } from './search/search-page.model.js';
import { SearchController } from './search/search.controller.js';
import { SearchRepository } from './search/search.repository.js';
import { SearchService } from './search/search.service.js';
import { SettingEntity } from './settings/setting.entity.js';
import { SettingsService } from './settings/settings.service.js';
import { SubscriptionsController } from './subscriptions/subscriptions.controller.js';
import { EditSubscriptionFormView, SubscribeFormView } from './subscriptions/subscription-form.views.js';
import { SubscriptionPageModels } from './subscriptions/subscription-page.model.js';
import { DigestScheduler } from './subscriptions/digest.scheduler.js';
import { DigestService } from './subscriptions/digest.service.js';
import { SubscriptionRepository } from './subscriptions/subscription.repository.js';
import { SubscriptionService } from './subscriptions/subscription.service.js';
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
          // Pages translate through TranslationService with the locale of their route: no per-request context.
          disableMiddleware: true,
          logging: false,
        }),
        DatabaseModule,
        EstatesModule.forRoot(AppointmentSyncModule),
        TypeOrmModule.forFeature([SettingEntity, AppointmentEntity]),
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
        InquiriesController,
        ThemeController,
        SearchController,
        ContactController,
      ],
      providers: [
        AssetsService,
        TranslationService,
        PageContextService,
        ViewRendererService,
        BuildInfoService,
        RenderCacheService,
        KnownPagesService,
        ThemeService,
        CatalogueVersionService,
        ErrorPagesService,
        AllExceptionsFilter,
        SettingsService,
        MailRepository,
        LeadRepository,
        InquiryRepository,
        AppointmentRepository,
        EstateSyncScheduler,
        EstateDetailService,
        EstateDetailPageModels,
        BotCheckService,
        MailOutboxService,
        InquiryService,
        RateLimitService,
        SubmissionLedgerService,
        FormGuard,
        ExtraInfoFormView,
        SendToFriendFormView,
        SearchRepository,
        SearchService,
        SearchPageModels,
        LeadsService,
        ContactPageModels,
        ContactFormView,
        AppointmentCancellationService,
        AppointmentConfirmationService,
        CancelAppointmentPageModels,
        CancelAppointmentFormView,
        FavoritesService,
        FavoritesPageModels,
        FavoritesMailFormView,
        RetentionScheduler,
        SubscriptionRepository,
        SubscriptionService,
        SubscriptionPageModels,
        SubscribeFormView,
        EditSubscriptionFormView,
        DigestService,
        DigestScheduler,
        { provide: HOLIDAY_SOURCE, useFactory: () => new FixtureHolidaySource(demoHolidayFile(FIXTURES_DIR), config.holidayIcalFeeds) },
        HolidayRepository,
        HolidayCatalogueService,
        HolidayIcalImporterService,
        HolidayPageModels,
        HolidayBookingService,
        BookingFormView,
        { provide: ViewResponder, useExisting: ViewRendererService },
        { provide: ErrorResponder, useExisting: AllExceptionsFilter },
        { provide: APP_FILTER, useExisting: AllExceptionsFilter },
        { provide: APP_PIPE, useClass: AppValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: ViewInterceptor },
      ],
    };
  }
}
