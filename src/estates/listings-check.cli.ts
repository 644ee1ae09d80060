import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Logger } from 'nestjs-pino';
import { loggerModule } from '../runtime/logging.js';
import { type CliOutput, EXIT_DONE, exitWith, runCommand, UsageError } from '../runtime/cli.js';
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
 * Exit 0 with the report (listings lacking data are no failure: they are shown), 1 when the configuration or the
 * database fails, 2 on any argument (it takes none).
 */
export async function runListingsCheck(args: readonly string[], env: NodeJS.ProcessEnv = process.env, out: CliOutput = console): Promise<number> {
  return runCommand('listings:check', out, async (out) => {
    if (args.length > 0) throw new UsageError(`unknown argument ${args[0]}; usage: npm run listings:check`);
    const config = loadConfig(env);
    const app = await NestFactory.createApplicationContext(ListingsCheckModule.forRoot(config), { bufferLogs: true, abortOnError: false });
    app.useLogger(app.get(Logger));
    try {
      const estates = await app.get(EstateRepository).findAll();
      const groups = complianceReport(estates, { planningInfoUrl: config.AGENCY_PLANNING_INFO_URL ?? null });
      out.log(describeComplianceReport(groups, liveListingCount(estates)));
      return EXIT_DONE;
    } finally {
      await app.close();
    }
  });
}

if (require.main === module) exitWith(runListingsCheck(process.argv.slice(2)));
