import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { AppConfig, loadConfig } from '../../src/config/config.js';
import { createApp } from '../../src/create-app.js';
import { EstateSyncScheduler } from '../../src/estates/persistence/estate-sync.scheduler.js';
import { JobQueueService } from '../../src/jobs/job-queue.service.js';
import { createMigratedDatabase } from './scratch-database.js';

export interface TestApp {
  readonly app: NestFastifyApplication;
  readonly server: Server;
  readonly config: AppConfig;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Wait for the sync job that fills an empty cache (default); off to test start-up itself. */
  readonly waitForCache?: boolean;
  /** Always the embedded database, even in CI's PostgreSQL run (the out-of-the-box demo is what is tested). */
  readonly embedded?: boolean;
}

const JOB_WAIT_MS = 45_000;

function testSettings(env: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    LOG_REQUESTS: 'false',
    DATA_DIR: 'memory://',
    PUBLIC_BASE_URL: 'http://immo.test',
    SEED_DEMO_DATA: 'true',
    SYNC_INTERVAL_MINUTES: '0',
    JOBS_POLL_INTERVAL_SECONDS: '0.5',
    SHUTDOWN_DELAY_MS: '0',
    ...env,
  };
}

/** Polls a job until it has run (completed or failed); start-up no longer waits for the first sync. */
export async function waitForJob(app: NestFastifyApplication, queue: string, id: string, timeoutMs = JOB_WAIT_MS): Promise<string | null> {
  const jobs = app.get(JobQueueService);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = await jobs.state(queue, id);
    if (state === 'completed' || state === 'failed' || state === 'cancelled' || state === null) return state;
    if (Date.now() > until) throw new Error(`job ${queue} ${id} still ${state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function boot(settings: Record<string, string>, options: StartOptions): Promise<NestFastifyApplication> {
  const app = await createApp(loadConfig(settings));
  if (options.waitForCache !== false) await app.get(EstateSyncScheduler).waitForFill(JOB_WAIT_MS);
  return app;
}

/**
 * The real app on a real database: embedded PGlite in memory by default; with DATABASE_URL set
 * (CI's second run), a scratch database on that server, migrated as an admin would.
 */
export async function startTestApp(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestApp> {
  let dropDatabase: (() => Promise<void>) | undefined;
  const settings = testSettings(env);
  if (process.env.DATABASE_URL && !env.DATABASE_URL && !options.embedded) {
    const scratch = await createMigratedDatabase(process.env.DATABASE_URL);
    settings.DATABASE_URL = scratch.url;
    dropDatabase = scratch.drop;
  }
  const app = await boot(settings, options);
  return {
    app,
    server: app.getHttpServer() as Server,
    config: app.get(AppConfig),
    close: async () => {
      try {
        await app.close();
      } finally {
        await dropDatabase?.();
      }
    },
  };
}

/**
 * Several instances of the app on one database, as replicas would run: on PostgreSQL one scratch
 * database; on the embedded database one named in-memory PGlite that every instance of this
 * process shares (PGlite serves one process, so two apps in it stand for two replicas).
 * Started one after the other, the first fills the cache.
 */
export async function startReplicas(count: number, env: Record<string, string> = {}): Promise<{ replicas: TestApp[]; close(): Promise<void> }> {
  let dropDatabase: (() => Promise<void>) | undefined;
  const shared: Record<string, string> = { DATA_DIR: `memory://replicas-${randomBytes(4).toString('hex')}` };
  if (process.env.DATABASE_URL && !env.DATABASE_URL) {
    const scratch = await createMigratedDatabase(process.env.DATABASE_URL);
    shared.DATABASE_URL = scratch.url;
    dropDatabase = scratch.drop;
  }
  const replicas: TestApp[] = [];
  for (let i = 0; i < count; i++) {
    const settings = testSettings({ ...env, ...shared });
    const app = await boot(settings, {});
    replicas.push({ app, server: app.getHttpServer() as Server, config: app.get(AppConfig), close: () => app.close() });
  }
  return {
    replicas,
    close: async () => {
      for (const replica of replicas) await replica.close().catch(() => undefined);
      await dropDatabase?.();
    },
  };
}
