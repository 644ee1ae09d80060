import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startPostgres, type Postgres } from '../support/disposable-postgres.js';
import { migrate } from '../support/scratch-database.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { demoAppointmentPath } from '../support/demo-appointment.js';
import { eventually, startTestApp, type TestApp } from '../support/test-app.js';

/** The request deadline of this test; production's default is in docs/OPERATIONS.md. */
const DEADLINE_MS = 2_000;
/** Generous slack over the deadline for a loaded 2-core machine; a hang (the bug) lasts far longer. */
const ANSWER_WITHIN_MS = DEADLINE_MS + 8_000;

interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: string;
}

/** Every route of the app, read from Nest's controllers, so a route added later is walked too. */
function routesOf(app: TestApp): Route[] {
  const routes: Route[] = [];
  for (const module of app.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!type) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, type) ?? ''].flat() as string[];
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = Object.getOwnPropertyDescriptor(type.prototype, name)?.value as unknown;
        if (name === 'constructor' || typeof handler !== 'function') continue; // getters are not handlers
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (paths === undefined || (method !== RequestMethod.GET && method !== RequestMethod.POST)) continue;
        for (const prefix of prefixes)
          for (const path of [paths].flat()) routes.push({ method: method === RequestMethod.GET ? 'GET' : 'POST', path: `/${prefix}/${path}`.replace(/\/+/g, '/') });
      }
    }
  }
  return routes;
}

describe('with the database frozen', () => {
  let postgres: Postgres;
  let proxy: TcpProxy;
  let app: TestApp;

  beforeAll(async () => {
    // Freezing needs a server that goes silent: our own PostgreSQL 15 behind a proxy, whatever DATABASE_URL says.
    postgres = await startPostgres();
    await migrate(postgres.url);
    const target = new URL(postgres.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const viaProxy = new URL(postgres.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    app = await startTestApp({ DATABASE_URL: viaProxy.toString(), REQUEST_DEADLINE_MS: String(DEADLINE_MS) });
  }, 120_000);

  afterAll(async () => {
    proxy?.thaw();
    await app?.close();
    await proxy?.stop();
    await postgres?.stop();
  });

  it('answers every route within the deadline (503 at worst) and serves again once it thaws', async () => {
    const { server } = app;
    const db = app.app.get(DataSource);
    const estates = (await db.query('SELECT id FROM estates ORDER BY id LIMIT 2')) as { id: number }[];
    const estate = estates[0];
    const appointment = (await demoAppointmentPath(app.app, 'nl')).split('/').pop()!;
    const params: Record<string, string> = { estateId: String(estate!.id), entityId: String(estate!.id), appointmentId: appointment, slug: 'x' };
    const routes = routesOf(app);
    // The routes of the symptom are among them, so the walk cannot silently miss them.
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(['/nl/aanbod/:estateId', '/nl/aanbod/:estateId/:slug']));
    const urls = routes.map(({ method, path }) => ({
      method,
      url: path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'x') + (/compar|vergelijk|vergleich/.test(path) ? `?ids=${estates[0]!.id}&ids=${estates[1]!.id}` : ''),
    }));
    const detail = `/nl/aanbod/${estate!.id}`;
    // The short URL redirects to the canonical one (it reads the database to know the slug).
    expect((await request(server).get(detail).redirects(1)).status).toBe(200);

    proxy.freeze();
    try {
      const answers = await Promise.all(
        urls.map(async ({ method, url }) => {
          const started = Date.now();
          const call = method === 'GET' ? request(server).get(url) : request(server).post(url).type('form').send({ email: 'a@example.com' });
          try {
            const response = await call.timeout(ANSWER_WITHIN_MS);
            return { method, url, status: response.status, retryAfter: response.headers['retry-after'] as string | undefined, ms: Date.now() - started };
          } catch {
            return { method, url, status: 'no answer', retryAfter: undefined, ms: Date.now() - started };
          }
        }),
      );
      const wrong = answers.filter(({ status }) => status === 'no answer' || (typeof status === 'number' && status >= 500 && status !== 503));
      expect(wrong).toEqual([]);
      expect(answers.length).toBeGreaterThan(40);
      // A 503 says when to come back; the frozen database really was waited on (not every page answered without it).
      const unavailable = answers.filter(({ status }) => status === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      expect(unavailable.filter(({ retryAfter }) => retryAfter !== '30')).toEqual([]);
    } finally {
      proxy.thaw();
    }

    await eventually(async () => (await request(server).get(detail).redirects(1)).status === 200, 30_000, 'detail page served again');
  }, 120_000);
});
