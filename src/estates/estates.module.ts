import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/config.js';
import { EstateEntity } from './persistence/estate.entity.js';
import { EstateRepository } from './persistence/estate.repository.js';
import { ESTATE_SOURCES, EstateSyncService } from './persistence/estate-sync.service.js';
import { createEstateSources } from './sources/create-estate-sources.js';
import { usePhotoUrlPolicy } from './sources/image-url.js';

/** The cached catalogue and its sync; the scheduler is added by the web app only (not by `npm run sync`). */
@Module({})
export class EstatesModule {
  /** `appointments` is the module that provides the AppointmentStore the sync hands each source's appointments to. */
  static forRoot(appointments: Type<unknown>): DynamicModule {
    return {
      module: EstatesModule,
      imports: [TypeOrmModule.forFeature([EstateEntity]), appointments],
      providers: [
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
      ],
      exports: [EstateRepository, EstateSyncService],
    };
  }
}
