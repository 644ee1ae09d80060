import { type DynamicModule, Module } from '@nestjs/common';
import { I18nModule } from 'nestjs-i18n';
import { AppointmentSyncModule } from './appointments/appointment-sync.module.js';
import { AppointmentsModule } from './appointments/appointments.module.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { cacheEntries } from './config/memory-budget.js';
import { ConsentModule } from './consent/consent.module.js';
import { ContactModule } from './contact/contact.module.js';
import { DatabaseModule } from './database/database.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { DetailModule } from './detail/detail.module.js';
import { EstatesModule } from './estates/estates.module.js';
import { FavoritesModule } from './favorites/favorites.module.js';
import { FormsModule } from './forms/forms.module.js';
import { HealthModule } from './health/health.module.js';
import { HolidayModule } from './holiday/holiday.module.js';
import { HomeModule } from './home/home.module.js';
import { TranslationModule } from './i18n/translation.module.js';
import { FILLED_TEXT_BYTES, FILLED_TEXTS } from './i18n/translation.service.js';
import { InquiriesModule } from './inquiries/inquiries.module.js';
import { ViewingsModule } from './viewings/viewings.module.js';
import { LeadsModule } from './leads/leads.module.js';
import { LegalModule } from './legal/legal.module.js';
import { MailModule } from './mail/mail.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { PrivacyModule } from './privacy/privacy.module.js';
import { DEFAULT_LOCALE, LOCALES } from './routing/locales.js';
import { loggerModule } from './runtime/logging.js';
import { SearchModule } from './search/search.module.js';
import { SitemapModule } from './sitemap/sitemap.module.js';
import { SettingsModule } from './settings/settings.module.js';
import { ShellModule } from './shell/shell.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import { ThemeModule } from './theme/theme.module.js';
import { I18N_DIR } from './utils/paths.js';
import { WebModule } from './web/web.module.js';

/**
 * The web app: configuration, logs and the database first, then the shared mechanisms, the catalogue, every feature
 * and the web shell that renders them. Each module declares its own controllers, providers and entities.
 */
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
          // Pages translate through TranslationService with the locale of their route: no per-request context
          // (its interceptor still runs on every routed request, but without an async context to set up).
          disableMiddleware: true,
          skipAsyncHook: true,
          logging: false,
        }),
        DatabaseModule,
        JobsModule,
        // Each locale's translator keeps its filled texts: the four together in the object caches' share.
        TranslationModule.forRoot(cacheEntries(config, FILLED_TEXT_BYTES * LOCALES.length, { min: 100, max: FILLED_TEXTS })),
        SettingsModule,
        ThemeModule,
        WebModule,
        MailModule,
        LeadsModule,
        FormsModule,
        EstatesModule.forRoot(AppointmentSyncModule, { web: true }),
        HomeModule,
        HealthModule,
        ConsentModule,
        LegalModule,
        DetailModule,
        SearchModule,
        InquiriesModule,
        ContactModule,
        FavoritesModule,
        SubscriptionsModule,
        AppointmentsModule,
        ViewingsModule,
        HolidayModule,
        PrivacyModule,
        SitemapModule,
        MetricsModule,
        ShellModule,
      ],
    };
  }
}
