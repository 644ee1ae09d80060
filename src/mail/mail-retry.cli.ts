import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Logger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { loggerModule } from '../runtime/logging.js';
import { startupFailureText } from '../runtime/startup-error.js';
import { type AppConfig, loadConfig } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { JobQueueService } from '../jobs/job-queue.service.js';
import { MailEntity } from './mail.entity.js';
import { requeueMails } from './mail-queue.js';

@Module({})
class MailRetryModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: MailRetryModule, imports: [ConfigModule.forRoot(config), loggerModule(config), DatabaseModule, JobsModule, TypeOrmModule.forFeature([MailEntity])] };
  }
}

/** The mail ids after each `--id`; none means every failed mail. */
export function mailIdsFrom(args: readonly string[]): string[] {
  const ids: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--id' && args[i + 1]) ids.push(args[++i]);
    else if (args[i].startsWith('--id=')) ids.push(args[i].slice('--id='.length));
    else throw new Error(`unknown argument ${args[i]}; usage: npm run mail:retry [-- --id <mail id> ...]`);
  }
  return ids;
}

/**
 * `npm run mail:retry [-- --id <mail id>]`: queues failed mails again (or the given ones). On the
 * embedded database run it while the site is stopped (one process per data directory); the site
 * sends them when it starts.
 */
async function main(): Promise<void> {
  const ids = mailIdsFrom(process.argv.slice(2));
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(MailRetryModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  try {
    const requeued = await requeueMails(app.get(DataSource), app.get(JobQueueService), config, ids);
    console.log(requeued.length === 0 ? 'no mail to re-queue' : `re-queued ${requeued.length} mail(s):\n${requeued.map((id) => `  ${id}`).join('\n')}`);
    const missing = ids.filter((id) => !requeued.includes(id));
    if (missing.length > 0) console.log(`not re-queued (unknown, sent, or being sent now): ${missing.join(', ')}`);
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('mail:retry failed:', startupFailureText(error));
    process.exit(1);
  });
}
