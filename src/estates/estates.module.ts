import { type DynamicModule, Global, Module, type Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/config.js';
import { countListingsWithGaps } from './display/compliance-report.js';
import { PropertyImagesController } from './images/property-images.controller.js';
import { CatalogueVersionService } from './persistence/catalogue-version.service.js';
import { DemoHistoryService } from './persistence/demo-history.service.js';
import { EstateEntity } from './persistence/estate.entity.js';
import { EstateSyncScheduler } from './persistence/estate-sync.scheduler.js';
import { ListingEventEntity } from './persistence/listing-event.entity.js';
import { ListingIdEntity } from './persistence/listing-id.entity.js';
import { SourceSyncStateEntity } from './persistence/source-sync-state.entity.js';
import { EstateRepository } from './persistence/estate.repository.js';
import { ESTATE_SOURCES, EstateSyncService, LISTING_RULE_GAPS, type ListingRuleGaps } from './persistence/estate-sync.service.js';
import { createEstateSources } from './sources/create-estate-sources.js';
import { usePhotoUrlPolicy } from './sources/image-url.js';

/** What only the web app runs: the sync's schedule, the catalogue version pages are cached by, the photos. */
const WEB_PROVIDERS = [EstateSyncScheduler, CatalogueVersionService, DemoHistoryService];

/** The cached catalogue and its sync, for the web app and for `npm run sync` (`web: false`: no schedule, no photos). */
@Global()
@Module({})
export class EstatesModule {
  /** `appointments` is the module that provides the AppointmentStore the sync hands each source's appointments to. */
  static forRoot(appointments: Type<unknown>, { web }: { readonly web: boolean }): DynamicModule {
    return {
      module: EstatesModule,
      imports: [TypeOrmModule.forFeature([EstateEntity, ListingEventEntity, ListingIdEntity, SourceSyncStateEntity]), appointments],
      controllers: web ? [PropertyImagesController] : [],
      providers: [
        ...(web ? WEB_PROVIDERS : []),
        EstateRepository,
        EstateSyncService,
        {
          provide: ESTATE_SOURCES,
          inject: [AppConfig],
          useFactory: (config: AppConfig) => {
            // The mappers' photo URLs follow PHOTO_HOSTS from the first sync on, in the web app and `npm run sync` alike.
            usePhotoUrlPolicy(config.photoHosts, config.PROPERTY_IMAGES_URL ?? null);
            return createEstateSources(config);
          },
        },
        {
          provide: LISTING_RULE_GAPS,
          inject: [AppConfig],
          useFactory: (config: AppConfig): ListingRuleGaps => (estates) => countListingsWithGaps(estates, { planningInfoUrl: config.AGENCY_PLANNING_INFO_URL ?? null }),
        },
      ],
      exports: [EstateRepository, EstateSyncService, ...(web ? [CatalogueVersionService] : [])],
    };
  }
}
