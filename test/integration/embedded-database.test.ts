import { DataSource } from 'typeorm';
import { DatabaseUnavailableError } from '../../src/database/database-unavailable.error.js';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { type DatabaseTarget, typeOrmOptions } from '../../src/database/typeorm-options.js';
import { createScratchDatabase, migrate } from '../support/scratch-database.js';

describe(EmbeddedPostgres.name, () => {
  it('shares a named in-memory database within the process while it is open; memory:// alone is always new', async () => {
    const name = `memory://shared-${process.pid}`;
    const first = await EmbeddedPostgres.open(name);
    const second = await EmbeddedPostgres.open(name);
    const anonymous = await EmbeddedPostgres.open('memory://');
    try {
      expect(second).toBe(first);
      expect(anonymous).not.toBe(first);
      await first.pool.query('CREATE TABLE marks (id int)');
      await first.release();
      // The second open still holds it: the table is there.
      expect((await second.pool.query(`SELECT to_regclass('marks') IS NOT NULL AS present`)).rows[0].present).toBe(true);
    } finally {
      await second.release();
      await anonymous.release();
    }
    const reopened = await EmbeddedPostgres.open(name);
    try {
      expect((await reopened.pool.query(`SELECT to_regclass('marks') IS NOT NULL AS present`)).rows[0].present).toBe(false);
    } finally {
      await reopened.release();
    }
  });

  it('keeps the transactions of two data sources on one database apart', async () => {
    const embedded = await EmbeddedPostgres.open('memory://');
    const one = await new DataSource(typeOrmOptions({ embedded })).initialize();
    const other = await new DataSource(typeOrmOptions({ embedded })).initialize();
    try {
      await one.query('CREATE TABLE leads (id int)');
      const writer = one.createQueryRunner();
      await writer.startTransaction();
      await writer.query('INSERT INTO leads VALUES (1)');
      // PGlite is one session: the other data source must wait for the transaction, not run inside it.
      const count: Promise<Array<{ n: number }>> = other.query('SELECT count(*)::int AS n FROM leads');
      const queued = (async () => {
        while (embedded.pool.waitingCount === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      })();
      await Promise.race([count, queued]);
      await writer.rollbackTransaction();
      await writer.release();
      expect((await count)[0].n).toBe(0);
    } finally {
      await other.destroy();
      await one.destroy();
      await embedded.release();
    }
  });
});

describe('database time-outs', () => {
  it('gives up on a query the database does not answer in time, as "unavailable"', async () => {
    let target: DatabaseTarget;
    let dispose: () => Promise<void>;
    if (process.env.DATABASE_URL) {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL);
      await migrate(scratch.url);
      target = { url: scratch.url };
      dispose = scratch.drop;
    } else {
      const embedded = await EmbeddedPostgres.open('memory://', { connectTimeoutMs: 200 });
      target = { embedded };
      dispose = () => embedded.release();
    }
    const dataSource = await new DataSource(typeOrmOptions(target, { statementTimeoutMs: 200, connectTimeoutMs: 200 })).initialize();
    try {
      const started = Date.now();
      let slow: Promise<unknown>;
      if ('url' in target) {
        // The server cancels a statement that runs longer than statement_timeout.
        slow = dataSource.query('SELECT pg_sleep(5)');
      } else {
        // The embedded database's session is busy: waiting for it longer than the connect time-out fails.
        const holder = dataSource.createQueryRunner();
        await holder.startTransaction();
        slow = dataSource.query('SELECT 1').finally(() => holder.rollbackTransaction().then(() => holder.release()));
      }
      const error = await slow.then(() => null, (failure: unknown) => failure);
      expect(DatabaseUnavailableError.from(error)).toBeInstanceOf(DatabaseUnavailableError);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await dataSource.destroy();
      await dispose();
    }
  });
});
