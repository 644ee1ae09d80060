import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { loggerModule } from '../runtime/logging.js';
import { type CliOutput, EXIT_DONE, exitWith, runCommand, UsageError } from '../runtime/cli.js';
import { type AppConfig, loadConfig } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { describeRemoval, eraseVisitor } from './visitor-data.js';

@Module({})
class GdprEraseModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: GdprEraseModule, imports: [ConfigModule.forRoot(config), loggerModule(config), DatabaseModule, JobsModule] };
  }
}

/** The one address to erase. */
export function emailFrom(args: readonly string[]): string {
  if (args.length !== 1 || !args[0]!.includes('@')) throw new UsageError('usage: npm run gdpr:erase -- <email>');
  return args[0]!;
}

/**
 * `npm run gdpr:erase -- <email>`: removes a visitor's data everywhere and prints what it removed. On the embedded
 * database run it while the site is stopped (one process per data directory). Exit 2 on a wrong argument, 1 when the
 * configuration or the database fails; an address with no data is erased already (0, and the counts say so).
 */
export async function runGdprErase(args: readonly string[], env: NodeJS.ProcessEnv = process.env, out: CliOutput = console): Promise<number> {
  return runCommand('gdpr:erase', out, async (out) => {
    const email = emailFrom(args);
    const config = loadConfig(env);
    const app = await NestFactory.createApplicationContext(GdprEraseModule.forRoot(config), { bufferLogs: true, abortOnError: false });
    app.useLogger(app.get(Logger));
    try {
      const report = await eraseVisitor(app.get(DataSource), email);
      out.log(`erased ${email}: ${describeRemoval(report)}`);
      return EXIT_DONE;
    } finally {
      await app.close();
    }
  });
}

if (require.main === module) exitWith(runGdprErase(process.argv.slice(2)));
