import request from 'supertest';
import { DataSource, type QueryRunner } from 'typeorm';
import { createScratchDatabase, migrate } from '../support/scratch-database.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { demoAppointmentPath } from '../support/demo-appointment.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

/**
 * The database going away: on PostgreSQL a proxy between the app and the server cuts every
 * connection and refuses new ones; the embedded database lives in the process, so there it is its
 * one session held by someone else longer than the app waits for it.
 */
interface Outage {
  readonly app: TestApp;
  begin(): Promise<void>;
  end(): Promise<void>;
  close(): Promise<void>;
}

async function outageOnServer(serverUrl: string): Promise<Outage> {
  const scratch = await createScratchDatabase(serverUrl);
  await migrate(scratch.url);
  const target = new URL(scratch.url);
  const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.start();
  const viaProxy = new URL(scratch.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const app = await startTestApp({ DATABASE_URL: viaProxy.toString(), DATABASE_CONNECT_TIMEOUT_MS: '1000' });
  return {
    app,
    begin: () => proxy.stop(),
    end: () => proxy.start(),
    close: async () => {
      await app.close();
      await proxy.stop();
      await scratch.drop();
    },
  };
}

async function outageOfEmbedded(): Promise<Outage> {
  const app = await startTestApp({ DATABASE_CONNECT_TIMEOUT_MS: '300' });
  let holder: QueryRunner | undefined;
  return {
    app,
    begin: async () => {
      holder = app.app.get(DataSource).createQueryRunner();
      await holder.startTransaction();
    },
    end: async () => {
      await holder?.rollbackTransaction();
      await holder?.release();
    },
    close: () => app.close(),
  };
}

describe('when the database goes away', () => {
  let outage: Outage;

  beforeAll(async () => {
    outage = process.env.DATABASE_URL ? await outageOnServer(process.env.DATABASE_URL) : await outageOfEmbedded();
  });

  afterAll(async () => {
    await outage?.close();
  });

  it('answers a localized 503 with Retry-After, reports not ready, and serves again once it is back', async () => {
    const { server } = outage.app;
    const path = await demoAppointmentPath(outage.app.app, 'fr');
    expect((await request(server).get(path)).status).toBe(200);

    await outage.begin();
    try {
      const page = await request(server).get(path);
      expect(page.status).toBe(503);
      expect(page.headers['retry-after']).toBe('30');
      expect(page.text).toContain('<html lang="fr"');
      expect(page.text).toContain('Momentanément indisponible');
      expect(page.text).not.toMatch(/at \w+ \(|TypeORM|ECONNREFUSED|timeout exceeded/);
      expect((await request(server).get('/readyz')).status).toBe(503);
    } finally {
      await outage.end();
    }

    await until('page served again', async () => (await request(server).get(path)).status === 200, Boolean, { timeoutMs: 20_000 });
    expect((await request(server).get('/readyz')).status).toBe(200);
  });
});
