import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { typeOrmOptions } from '../../src/database/typeorm-options.js';
import { migrateJobQueue } from '../../src/jobs/job-queue.service.js';

/**
 * A fresh, empty database on the PostgreSQL server of `serverUrl`, so test files running in
 * parallel never see each other's rows. Dropped by `drop()`.
 */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `immo_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** What an admin does with `npm run migration:run` before starting the app against a real server: the app's tables and the job queue's. */
export async function migrate(url: string): Promise<void> {
  const dataSource = await new DataSource(typeOrmOptions({ url })).initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
  await migrateJobQueue(url);
}
