import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Server } from 'node:http';
import { type AppConfig, loadConfig } from '../../src/config/config.js';
import { createApp } from '../../src/create-app.js';
import { createScratchDatabase, migrate } from './scratch-database.js';

export interface TestApp {
  readonly app: NestFastifyApplication;
  readonly server: Server;
  readonly config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real app on a real database: embedded PGlite in memory by default; with DATABASE_URL set
 * (CI's second run), a scratch database on that server, migrated as an admin would.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  let dropDatabase: (() => Promise<void>) | undefined;
  const settings: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    LOG_REQUESTS: 'false',
    DATA_DIR: 'memory://',
    PUBLIC_BASE_URL: 'http://immo.test',
    SEED_DEMO_DATA: 'true',
    SYNC_INTERVAL_MINUTES: '0',
    ...env,
  };
  if (process.env.DATABASE_URL && !env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL);
    await migrate(scratch.url);
    settings.DATABASE_URL = scratch.url;
    dropDatabase = scratch.drop;
  }
  const config = loadConfig(settings);
  const app = await createApp(config);
  return {
    app,
    server: app.getHttpServer() as Server,
    config,
    close: async () => {
      await app.close();
      await dropDatabase?.();
    },
  };
}
