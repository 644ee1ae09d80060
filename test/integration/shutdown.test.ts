import type { AddressInfo } from 'node:net';
import { DataSource, type QueryRunner } from 'typeorm';
import { DatabaseLocationService } from '../../src/database/database-location.service.js';
import { GracefulShutdown } from '../../src/health/graceful-shutdown.js';
import { demoAppointmentPath } from '../support/demo-appointment.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

/** Makes the page's query wait: the test holds the table (PostgreSQL) or the embedded database's one session. */
async function holdDatabase(sut: TestApp): Promise<{ waiting(): Promise<boolean>; release(): Promise<void> }> {
  const dataSource = sut.app.get(DataSource);
  const holder: QueryRunner = dataSource.createQueryRunner();
  await holder.startTransaction();
  const embedded = await sut.app.get(DatabaseLocationService).embeddedDatabase();
  if (!embedded) await holder.query('LOCK TABLE appointments IN ACCESS EXCLUSIVE MODE');
  return {
    waiting: async () => {
      if (embedded) return embedded.pool.waitingCount > 0;
      const [{ n }] = await dataSource.query(
        'SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())',
      );
      return n > 0;
    },
    release: async () => {
      await holder.rollbackTransaction();
      await holder.release();
    },
  };
}

async function listening(sut: TestApp): Promise<string> {
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(sut.server.address() as AddressInfo).port}`;
}

describe(GracefulShutdown.name, () => {
  it('fails readiness first, lets the request in flight finish, then closes', async () => {
    const sut = await startTestApp({ SHUTDOWN_DELAY_MS: '300', SHUTDOWN_TIMEOUT_MS: '10000' });
    const base = await listening(sut);
    const page = await demoAppointmentPath(sut.app, 'nl');
    const database = await holdDatabase(sut);
    const inFlight = fetch(base + page);
    await until('page waiting for the database', database.waiting, Boolean, { timeoutMs: 10_000 });

    const shutdown = new GracefulShutdown(sut.app, sut.config).run('SIGTERM');
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'shutting down' });

    await database.release();
    expect((await inFlight).status).toBe(200);
    expect(await shutdown).toBe('closed');
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    await sut.close().catch(() => undefined);
  });

  it('gives up after SHUTDOWN_TIMEOUT_MS when a request does not finish', async () => {
    const sut = await startTestApp({ SHUTDOWN_DELAY_MS: '0', SHUTDOWN_TIMEOUT_MS: '1500', DATABASE_CONNECT_TIMEOUT_MS: '30000' });
    const base = await listening(sut);
    const page = await demoAppointmentPath(sut.app, 'nl');
    const database = await holdDatabase(sut);
    const inFlight = fetch(base + page).catch(() => null);
    await until('page waiting for the database', database.waiting, Boolean, { timeoutMs: 10_000 });

    // No clock: the request is held until release() below, so a shutdown that waited for it would never say
    // "timed-out" (the test's own time-out would end it).
    expect(await new GracefulShutdown(sut.app, sut.config).run('SIGTERM')).toBe('timed-out');

    // Once the request is done, the close that was under way finishes (a keep-alive left open would hold it past
    // Fastify's 72 s keepAliveTimeout, beyond the test's time-out).
    await database.release();
    await inFlight;
    await sut.close();
  });
});
