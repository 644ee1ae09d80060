import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { loggerModule } from '../runtime/logging.js';
import { startupFailureText } from '../runtime/startup-error.js';
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

class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The one address to erase. */
export function emailFrom(args: readonly string[]): string {
  if (args.length !== 1 || !args[0]!.includes('@')) throw new UsageError('usage: npm run gdpr:erase -- <email>');
  return args[0]!;
}

/**
 * `npm run gdpr:erase -- <email>`: removes a visitor's data everywhere and prints what it removed. On the embedded
 * database run it while the site is stopped (one process per data directory).
 */
async function main(): Promise<void> {
  const email = emailFrom(process.argv.slice(2));
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(GdprEraseModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  try {
    const report = await eraseVisitor(app.get(DataSource), email);
    console.log(`erased ${email}: ${describeRemoval(report)}`);
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof UsageError ? error.message : `gdpr:erase failed: ${startupFailureText(error)}`);
    process.exit(1);
  });
}
