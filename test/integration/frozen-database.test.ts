// @own-database: this file runs on the embedded database or on a server of its own whatever DATABASE_URL says, so CI's PostgreSQL pass leaves it out (.ci/run).
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { routerPaths } from '../../src/routing/routes.js';
import { startPostgres, type Postgres } from '../support/disposable-postgres.js';
import { migrate } from '../support/scratch-database.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

/** The bound of this test's app (REQUEST_DEADLINE_MS): small, so walking every route takes seconds. */
const DEADLINE_MS = 2_000;
/**
 * What a route may take beyond the deadline on a loaded 2-core machine (all requests run at once). The old code hung
 * 40 s on the compare page and for good on the short detail URL, so this margin still tells the two apart.
 */
const SLACK_MS = 8_000;

interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: string;
}

/** Every route of every Nest controller, from the routes' own decorators: a new route is walked without editing this test. */
function routeTable(test: TestApp): Route[] {
  const routes: Route[] = [];
  for (const module of test.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined ?? ''].flat();
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        // By descriptor: reading a getter on the prototype would run it without an instance.
        const handler: unknown = Object.getOwnPropertyDescriptor(controller.prototype, name)?.value;
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
        if (method !== RequestMethod.GET && method !== RequestMethod.POST) throw new Error(`${controller.name}.${name}: walk ${RequestMethod[method]} too`);
        for (const prefix of prefixes) {
          for (const path of [paths].flat()) routes.push({ method: method === RequestMethod.GET ? 'GET' : 'POST', path: `/${prefix}/${path}`.replace(/\/+/g, '/') });
        }
      }
    }
  }
  return routes;
}

/** A realistic value for each route parameter (an unknown one fails the test, so a new parameter gets one). */
function fill(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no test value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * The database hanging (a server that stops answering, a network that drops packets): every route still answers
 * within the request deadline, with the 503 page or a page it can serve without the database, and the site serves
 * again once the database answers. A real PostgreSQL server behind a proxy that stops forwarding, whatever
 * DATABASE_URL says: the embedded database cannot hang.
 */
describe('with the database frozen', () => {
  let postgres: Postgres;
  let proxy: TcpProxy;
  let sut: TestApp;

  beforeAll(async () => {
    postgres = await startPostgres();
    await migrate(postgres.url);
    const target = new URL(postgres.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const viaProxy = new URL(postgres.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    sut = await startTestApp({ DATABASE_URL: viaProxy.toString(), REQUEST_DEADLINE_MS: String(DEADLINE_MS) });
  }, 120_000);

  afterAll(async () => {
    proxy?.thaw();
    try {
      await sut?.close();
    } finally {
      await proxy?.stop();
      await postgres?.stop();
    }
  });

  it('answers every route within the deadline, never a 5xx but 503, and serves again once it answers', async () => {
    const listings = await sut.app.get(DataSource).query<{ id: number }[]>(`SELECT id FROM estates WHERE parent_id IS NULL ORDER BY id LIMIT 4`);
    const [estate] = listings;
    const comparePaths = routerPaths('favoritesCompare');
    const [unit] = await sut.app.get(DataSource).query<{ id: number }[]>(`SELECT id FROM estates WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1`);
    const values: Record<string, string> = {
      estateId: String(estate!.id),
      slug: 'villa',
      entityId: String(unit?.id ?? estate!.id),
      rentalUnitId: String(estate!.id),
      appointmentId: 'a7f3c1d2e4b5',
      token: 'k3Jd9sLq0pWz',
      accountId: '1',
      size: 'large',
      file: 'photo.jpg',
      origin: 'aHR0cHM6Ly9waG90b3MuZXhhbXBsZS9hLmpwZw',
      key: 'a1b2c3',
    };
    const routes = routeTable(sut);
    // The routes the symptom was seen on are among those walked.
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(['/nl/aanbod/:estateId', '/nl/favorieten/vergelijken']));
    const home = fill('/nl', values);
    expect((await request(sut.server).get(home)).status).toBe(200);

    proxy.freeze();
    try {
      const answers = await Promise.all(
        routes.map(async (route) => {
          // The compare page needs two to four listings to read.
          const path = fill(route.path, values) + (comparePaths.includes(route.path) ? `?${listings.map(({ id }) => `ids=${id}`).join('&')}` : '');
          const started = performance.now();
          const call = route.method === 'GET' ? request(sut.server).get(path) : request(sut.server).post(path).type('form').set('Origin', sut.config.PUBLIC_BASE_URL).send({ email: 'visitor@example.com', name: 'Visitor', message: 'Hello' });
          const response = await call.timeout(DEADLINE_MS + SLACK_MS * 2).catch(() => ({ status: 0, headers: {} as Record<string, string> }));
          return { route: `${route.method} ${path}`, status: response.status, retryAfter: response.headers['retry-after'], ms: Math.round(performance.now() - started) };
        }),
      );
      const late = answers.filter((answer) => answer.status === 0 || answer.ms > DEADLINE_MS + SLACK_MS);
      // A 503 says when to come back (the page itself is the usual localized error page).
      const broken = answers.filter((answer) => answer.status >= 500 && (answer.status !== 503 || answer.retryAfter !== '30'));
      expect({ late, broken }).toEqual({ late: [], broken: [] });
      // The deadline's answer is the localized error page, as any 503 of the database.
      const page = await request(sut.server).get(fill('/fr/offre/:estateId/:slug/:entityId', values));
      expect(page.status).toBe(503);
      expect(page.text).toContain('<html lang="fr"');
      expect(page.text).toContain('Momentanément indisponible');
    } finally {
      proxy.thaw();
    }

    // The short URL redirects to the detail page: both read the database.
    const detail = fill('/nl/aanbod/:estateId', values);
    await until('the detail page served again', async () => (await request(sut.server).get(detail).redirects(1)).status === 200, Boolean, { timeoutMs: 30_000 });
  }, 120_000);
});
