import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Logger } from 'nestjs-pino';
import { loggerModule } from '../runtime/logging.js';
import { startupFailureText } from '../runtime/startup-error.js';
import { type AppConfig, loadConfig } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { complianceReport, describeComplianceReport, liveListingCount } from './display/compliance-report.js';
import { EstateEntity } from './persistence/estate.entity.js';
import { EstateRepository } from './persistence/estate.repository.js';

@Module({})
class ListingsCheckModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ListingsCheckModule, imports: [ConfigModule.forRoot(config), loggerModule(config), DatabaseModule, JobsModule, TypeOrmModule.forFeature([EstateEntity])], providers: [EstateRepository] };
  }
}

/**
 * `npm run listings:check`: lists each live cached listing that lacks data a Belgian listing rule needs (energy,
 * planning, flood scores, rental charges), grouped by rule, with its CRM reference, so the agency can complete it in
 * its CRM. Read-only; on the embedded database run it while the site is stopped (one process per data directory).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(ListingsCheckModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  try {
    const estates = await app.get(EstateRepository).findAll();
    const groups = complianceReport(estates, { planningInfoUrl: config.AGENCY_PLANNING_INFO_URL ?? null });
    console.log(describeComplianceReport(groups, liveListingCount(estates)));
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('listings:check failed:', startupFailureText(error));
    process.exit(1);
  });
}
