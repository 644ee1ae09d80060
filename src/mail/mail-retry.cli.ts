import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Logger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { loggerModule } from '../runtime/logging.js';
import { type CliOutput, EXIT_DONE, EXIT_FAILED, exitWith, runCommand, UsageError } from '../runtime/cli.js';
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

const USAGE = 'usage: npm run mail:retry [-- --id <mail id> ...]';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The mail ids after each `--id`; none means every failed mail. A mail id is a UUID (the `mails.id` column). */
export function mailIdsFrom(args: readonly string[]): string[] {
  const ids: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const id = args[i] === '--id' ? args[++i] : args[i]!.startsWith('--id=') ? args[i]!.slice('--id='.length) : undefined;
    if (id === undefined && args[i - 1] === '--id') throw new UsageError(`--id needs a mail id; ${USAGE}`);
    if (id === undefined) throw new UsageError(`unknown argument ${args[i]}; ${USAGE}`);
    if (!UUID.test(id)) throw new UsageError(`${JSON.stringify(id)} is no mail id (a UUID, as in the mails table); ${USAGE}`);
    ids.push(id.toLowerCase());
  }
  return ids;
}

/**
 * `npm run mail:retry [-- --id <mail id>]`: queues failed mails again (or the given ones). On the embedded database
 * run it while the site is stopped (one process per data directory); the site sends them when it starts. Exit 1 when
 * a mail asked for by id was not re-queued (no such mail, already sent, or being sent now), 2 on a wrong argument.
 */
export async function runMailRetry(args: readonly string[], env: NodeJS.ProcessEnv = process.env, out: CliOutput = console): Promise<number> {
  return runCommand('mail:retry', out, async (out) => {
    const ids = mailIdsFrom(args);
    const config = loadConfig(env);
    const app = await NestFactory.createApplicationContext(MailRetryModule.forRoot(config), { bufferLogs: true, abortOnError: false });
    app.useLogger(app.get(Logger));
    try {
      const requeued = await requeueMails(app.get(DataSource), app.get(JobQueueService), config, ids);
      out.log(requeued.length === 0 ? 'no mail to re-queue' : `re-queued ${requeued.length} mail(s):\n${requeued.map((id) => `  ${id}`).join('\n')}`);
      const missing = ids.filter((id) => !requeued.includes(id));
      if (missing.length === 0) return EXIT_DONE;
      out.error(`not re-queued (no such mail, already sent, or being sent now): ${missing.join(', ')}`);
      return EXIT_FAILED;
    } finally {
      await app.close();
    }
  });
}

if (require.main === module) exitWith(runMailRetry(process.argv.slice(2)));
