import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/config.js';
import { ChangeFeedService } from './change-feed.service.js';
import { DatabaseLocationService } from './database-location.service.js';
import { prepareSchema } from './migration-state.js';
import { timeoutsOf, typeOrmOptions } from './typeorm-options.js';
import { UnitOfWorkService } from './unit-of-work.service.js';

@Global()
@Module({ providers: [DatabaseLocationService], exports: [DatabaseLocationService] })
class DatabaseLocationModule {}

/** The embedded database is the one reached through its own in-process driver (typeOrmOptions). */
function isEmbedded(options: DataSourceOptions): boolean {
  return 'driver' in options && options.driver !== undefined;
}

/**
 * The database for every feature: TypeORM, the change feed and the unit of work (the job queue on it is JobsModule).
 * Global, so feature modules inject ChangeFeedService and UnitOfWorkService without importing it.
 */
@Global()
@Module({
  imports: [
    DatabaseLocationModule,
    TypeOrmModule.forRootAsync({
      inject: [AppConfig, DatabaseLocationService],
      useFactory: async (config: AppConfig, location: DatabaseLocationService) => {
        // Each feature's module registers its own entities (TypeOrmModule.forFeature): this layer knows no feature.
        const options = { ...typeOrmOptions(await location.target(), timeoutsOf(config)), retryAttempts: 0, autoLoadEntities: true };
        return options;
      },
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        try {
          await prepareSchema(dataSource, isEmbedded(options!));
        } catch (error) {
          await dataSource.destroy();
          throw error;
        }
        return dataSource;
      },
    }),
  ],
  providers: [ChangeFeedService, UnitOfWorkService],
  exports: [ChangeFeedService, UnitOfWorkService],
})
export class DatabaseModule {}
