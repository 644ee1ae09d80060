import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/config.js';
import { createApp } from '../../src/create-app.js';
import { EmbeddedDatabaseInUseError, EmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { PendingMigrationsError, pendingMigrations, prepareSchema } from '../../src/database/migration-state.js';
import { type DatabaseTarget, typeOrmOptions } from '../../src/database/typeorm-options.js';
import { MIGRATIONS } from '../../migrations/index.js';
import { urlFor } from '../../src/routing/routes.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { startTestApp } from '../support/test-app.js';

const MIGRATION_NAMES = MIGRATIONS.map((migration) => migration.name);

/** An empty database on the configured server, or on a fresh embedded PGlite when there is none. */
async function emptyDatabase(): Promise<{ target: DatabaseTarget; dispose: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL);
    return { target: { url: scratch.url }, dispose: scratch.drop };
  }
  const embedded = await EmbeddedPostgres.open('memory://');
  return { target: { embedded }, dispose: () => embedded.release() };
}

async function tableExists(dataSource: DataSource, table: string): Promise<boolean> {
  const [{ exists }] = await dataSource.query(`SELECT to_regclass($1) IS NOT NULL AS exists`, [table]);
  return exists;
}

describe('database', () => {
  describe('against a server that is not migrated', () => {
    let database: { target: DatabaseTarget; dispose: () => Promise<void> };

    beforeEach(async () => {
      database = await emptyDatabase();
    });

    afterEach(async () => {
      await database.dispose();
    });

    it('refuses to start and names the pending migrations', async () => {
      const dataSource = await new DataSource(typeOrmOptions(database.target)).initialize();
      try {
        // What the app does against a server an admin has not migrated yet.
        const start = prepareSchema(dataSource, false);
        await expect(start).rejects.toBeInstanceOf(PendingMigrationsError);
        await expect(start).rejects.toThrow(MIGRATION_NAMES[0]);
      } finally {
        await dataSource.destroy();
      }
      if ('url' in database.target) {
        const app = createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.target.url }));
        await expect(app).rejects.toBeInstanceOf(PendingMigrationsError);
      }
    });

    it('migrates up and reverts down again', async () => {
      const dataSource = await new DataSource(typeOrmOptions(database.target)).initialize();
      try {
        expect(await pendingMigrations(dataSource)).toEqual(MIGRATION_NAMES);
        await dataSource.runMigrations({ transaction: 'each' });
        expect(await pendingMigrations(dataSource)).toEqual([]);
        expect(await tableExists(dataSource, 'settings')).toBe(true);

        for (let i = 0; i < MIGRATION_NAMES.length; i++) await dataSource.undoLastMigration({ transaction: 'each' });
        expect(await tableExists(dataSource, 'settings')).toBe(false);
        expect(await pendingMigrations(dataSource)).toEqual(MIGRATION_NAMES);
      } finally {
        await dataSource.destroy();
      }
    });
  });

  describe('when the database goes away', () => {
    it('answers a localized 503 page with Retry-After, without a stack trace, and reports not ready', async () => {
      const sut = await startTestApp();
      try {
        const healthy = await request(sut.server).get('/readyz');
        expect(healthy.status).toBe(200);

        await sut.app.get(DataSource).destroy();

        const page = await request(sut.server).get(
          urlFor('cancelAppointment', 'fr', { appointmentId: 'q0Vh3xW1d2Zr8TnB6yLm4KsP9cJf5GaE7uNi2HoQ1bX' }),
        );
        expect(page.status).toBe(503);
        expect(page.headers['retry-after']).toBe('30');
        expect(page.headers['content-type']).toMatch(/text\/html/);
        expect(page.text).toContain('<html lang="fr"');
        expect(page.text).toContain('<h1>Momentanément indisponible</h1>');
        expect(page.text).not.toMatch(/at \w+ \(|TypeORM|\.ts:\d+/);

        const ready = await request(sut.server).get('/readyz');
        expect(ready.status).toBe(503);
      } finally {
        await sut.app.close().catch(() => undefined);
      }
    });
  });

  describe('embedded database files', () => {
    it('refuses a second process on the same data directory, naming it', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'immo-lock-'));
      try {
        // A live process (our parent) holds the lock, as a running site would.
        writeFileSync(join(dataDir, 'pg.lock'), String(process.ppid));
        const start = EmbeddedPostgres.open(dataDir);
        await expect(start).rejects.toBeInstanceOf(EmbeddedDatabaseInUseError);
        await expect(start).rejects.toThrow(`process ${process.ppid}`);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('takes over a lock left by a process that is gone, and releases it at stop', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'immo-lock-'));
      try {
        const lockFile = join(dataDir, 'pg.lock');
        writeFileSync(lockFile, '2147483646');
        const embedded = await EmbeddedPostgres.open(dataDir);
        // Taken over: the lock now names this process, so another process would be refused.
        expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
        await embedded.release();
        // Released: no lock file is left, so another process (the lock names a live pid until then) may open the files,
        // and the database is closed, not just handed back (an open in this process would otherwise have joined it).
        expect(existsSync(lockFile)).toBe(false);
        expect(embedded.pglite.closed).toBe(true);
        const again = await EmbeddedPostgres.open(dataDir);
        try {
          expect(await again.pool.query('SELECT 1 AS one').then((result) => result.rows)).toEqual([{ one: 1 }]);
        } finally {
          await again.release();
        }
        expect(existsSync(lockFile)).toBe(false);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
