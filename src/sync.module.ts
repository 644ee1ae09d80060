import { type DynamicModule, Module } from '@nestjs/common';
import { AppointmentSyncModule } from './appointments/appointment-sync.module.js';
import { loggerModule } from './runtime/logging.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { EstatesModule } from './estates/estates.module.js';

/** What `npm run sync` needs: configuration, logs, the database and the estate sources; no HTTP server. */
@Module({})
export class SyncModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: SyncModule, imports: [ConfigModule.forRoot(config), loggerModule(config), DatabaseModule, JobsModule, EstatesModule.forRoot(AppointmentSyncModule, { web: false })] };
  }
}
