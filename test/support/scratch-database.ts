import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { typeOrmOptions } from '../../src/database/typeorm-options.js';
import { migrateJobQueue } from '../../src/jobs/job-queue.service.js';

/**
 * A fresh, empty database on the PostgreSQL server of `serverUrl`, so test files running in
 * parallel never see each other's rows. Dropped by `drop()`.
 */
export async function createScratchDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `immo_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * CI's PostgreSQL pass gives every integration file scratch databases of its own, and migrating each from nothing
 * (all migrations and pg-boss's schema) was a large part of that pass. So the first worker that needs one migrates a
 * template database on that server, under an advisory lock; every migrated scratch database is then a copy of it
 * (CREATE DATABASE … TEMPLATE: a file copy on the server). The template is named by a hash of what shapes the schema
 * (the migration files and the lock file, hence pg-boss's version): a changed migration gets a new template, and the
 * older ones are dropped when it is made. It stays on the server for the next run.
 */
function templateName(): string {
  const root = join(__dirname, '..', '..');
  const hash = createHash('sha256');
  for (const file of readdirSync(join(root, 'migrations')).sort()) hash.update(file).update(readFileSync(join(root, 'migrations', file)));
  hash.update(readFileSync(join(root, 'package-lock.json')));
  return `immo_template_${hash.digest('hex').slice(0, 16)}`;
}

async function onServer<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function makeTemplate(serverUrl: string): Promise<string> {
  const name = templateName();
  await onServer(serverUrl, async (client) => {
    await client.query(`SELECT pg_advisory_lock(hashtext('immo_template'))`);
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return;
      const { rows: stale } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'immo\\_template\\_%'`);
      for (const { datname } of stale) {
        await client.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
        await client.query(`DROP DATABASE ${datname} WITH (FORCE)`);
      }
      // Built under another name and renamed when whole: a run stopped halfway leaves no half template behind.
      const building = `${name}_building`;
      await client.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      await migrate(url.toString());
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true`);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext('immo_template'))`);
    }
  });
  return name;
}

const templates = new Map<string, Promise<string>>();

/** A scratch database with the app's schema, as `migrate` leaves it, copied from the server's template. */
export async function createMigratedDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = makeTemplate(serverUrl);
    templates.set(serverUrl, template);
    template.catch(() => templates.delete(serverUrl));
  }
  return createScratchDatabase(serverUrl, await template);
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
