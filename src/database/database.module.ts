import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { ChangeFeedService } from './change-feed.service.js';
import { DatabaseLocationService } from './database-location.service.js';
import { prepareSchema } from './migration-state.js';
import { timeoutsOf, typeOrmOptions } from './typeorm-options.js';
import { UnitOfWorkService } from './unit-of-work.service.js';

@Global()
@Module({ providers: [DatabaseLocationService], exports: [DatabaseLocationService] })
class DatabaseLocationModule {}

/** Options objects of embedded databases; @nestjs/typeorm hands the same object to dataSourceFactory. */
const embeddedOptions = new WeakSet<object>();

/**
 * The database and what runs on it for every feature: TypeORM, the change feed and the job queue.
 * Global, so feature modules inject ChangeFeedService and JobQueueService without importing it.
 */
@Global()
@Module({
  imports: [
    DatabaseLocationModule,
    TypeOrmModule.forRootAsync({
      inject: [AppConfig, DatabaseLocationService],
      useFactory: async (config: AppConfig, location: DatabaseLocationService) => {
        const options = { ...typeOrmOptions(await location.target(), timeoutsOf(config)), retryAttempts: 0 };
        if (config.embeddedDatabase) embeddedOptions.add(options);
        return options;
      },
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        try {
          await prepareSchema(dataSource, embeddedOptions.has(options!));
        } catch (error) {
          await dataSource.destroy();
          throw error;
        }
        return dataSource;
      },
    }),
    JobsModule,
  ],
  providers: [ChangeFeedService, UnitOfWorkService],
  exports: [ChangeFeedService, UnitOfWorkService],
})
export class DatabaseModule {}
