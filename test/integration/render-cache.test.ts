import zlib from 'node:zlib';
import request from 'supertest';
import { EstateDetailPageModels } from '../../src/detail/estate-detail-page.model.js';
import { EstateDetailService } from '../../src/detail/estate-detail.service.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { startReplicas, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

/** A listing of source B and one of source A, both standalone and for sale in the demo catalogue. */
const CHANGED = 5001;
const UNCHANGED = 1001;

describe('the hot path: versions, 304 before rendering, the render cache and its invalidation', () => {
  let crm: FakeCrmServer;
  let cluster: Awaited<ReturnType<typeof startReplicas>>;
  let a: TestApp;
  let b: TestApp;
  const paths = new Map<number, string>();

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    cluster = await startReplicas(2, fakeCrmEnv(crm));
    [a, b] = cluster.replicas;
    for (const id of [CHANGED, UNCHANGED]) {
      const found = await a.app.get(EstateDetailService).find(id);
      paths.set(id, found!.paths.nl);
    }
  });

  afterAll(async () => {
    await cluster?.close();
    await crm.stop();
  });

  /** Counts the detail page models built by a replica: a page served from the cache or as 304 builds none. */
  function countRenders(replica: TestApp): { readonly count: number; restore(): void } {
    const spy = jest.spyOn(replica.app.get(EstateDetailPageModels), 'pageModel');
    return {
      get count() {
        return spy.mock.calls.length;
      },
      restore: () => spy.mockRestore(),
    };
  }

  const get = (replica: TestApp, id: number, etag?: string) => {
    const call = request(replica.server).get(paths.get(id)!);
    return etag ? call.set('If-None-Match', etag) : call;
  };

  it('answers If-None-Match with 304 before rendering anything, on any replica of the same build', async () => {
    const first = await get(a, UNCHANGED);
    expect(first.status).toBe(200);
    const renders = countRenders(b);
    try {
      const revalidated = await get(b, UNCHANGED, first.headers.etag);
      expect(revalidated.status).toBe(304);
      expect(revalidated.text).toBe('');
      expect(renders.count).toBe(0);
    } finally {
      renders.restore();
    }
  });

  it('serves an unchanged page from the render cache, with the same bytes and a CDN-friendly Cache-Control', async () => {
    const first = await get(a, UNCHANGED);
    const renders = countRenders(a);
    try {
      const again = await get(a, UNCHANGED);
      expect(renders.count).toBe(0);
      expect(again.text).toBe(first.text);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['cache-control']).toMatch(/^public, max-age=0, must-revalidate, s-maxage=\d+, stale-while-revalidate=\d+$/);
      expect(again.headers.vary).toMatch(/^HX-Request, accept-encoding$/i);
    } finally {
      renders.restore();
    }
  });

  it('sends a page as its UTF-8 bytes, first and from the cache: "€" arrives whole and Content-Length counts bytes', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await get(a, UNCHANGED)
        .set('Accept-Encoding', 'identity')
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      const bytes = response.body as Buffer;
      expect(Number(response.headers['content-length'])).toBe(bytes.length);
      expect(bytes.toString('utf8')).toContain('€');
      expect(Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes)).toBe(true);
    }
  });

  it('answers a page it answered before without routing it to the controller (no listing lookup at all)', async () => {
    const first = await get(a, UNCHANGED);
    const lookups = jest.spyOn(a.app.get(EstateDetailService), 'find');
    try {
      const again = await get(a, UNCHANGED);
      const revalidated = await get(a, UNCHANGED, first.headers.etag);
      expect(lookups).not.toHaveBeenCalled();
      expect(again.text).toBe(first.text);
      expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      expect(again.headers['x-request-id']).toBeDefined();
      expect(revalidated.status).toBe(304);
      // A fragment of the same URL is another answer: the controller decides it.
      await get(a, UNCHANGED).set('HX-Request', 'true');
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it('keeps a page compressed once per encoding the browser accepts, and never compresses it again', async () => {
    const plain = await get(a, UNCHANGED);
    const compress = jest.spyOn(zlib, 'brotliCompressSync');
    try {
      for (let i = 0; i < 3; i++) {
        // supertest decodes the body by its Content-Encoding.
        const response = await get(a, UNCHANGED).set('Accept-Encoding', 'gzip, deflate, br');
        expect(response.headers['content-encoding']).toBe('br');
        expect(response.text).toBe(plain.text);
      }
      expect(compress.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      compress.mockRestore();
    }
  });

  it('a sync that changes one listing re-renders that listing on every replica, and only that one', async () => {
    const before = new Map<number, request.Response>();
    for (const id of [CHANGED, UNCHANGED]) {
      const [fromA, fromB] = [await get(a, id), await get(b, id)];
      // Replicas of one build agree on every page's ETag.
      expect(fromB.headers.etag).toBe(fromA.headers.etag);
      before.set(id, fromA);
    }
    const listing = crm.sourceB.listings.find((candidate) => candidate.id === CHANGED)!;
    Object.assign(listing, { title: { ...listing.title, nl: 'Lichtrijk appartement in Ukkel, nu met lift' } });
    await a.app.get(EstateSyncService).syncAll();

    for (const replica of [a, b]) {
      const renders = countRenders(replica);
      try {
        await until('the changed listing re-rendered', async () => (await get(replica, CHANGED)).text.includes('nu met lift'), Boolean, { timeoutMs: 10_000 });
        const rendered = renders.count;
        expect(rendered).toBeGreaterThanOrEqual(1);
        const changedAgain = await get(replica, CHANGED, before.get(CHANGED)!.headers.etag);
        expect(changedAgain.status).toBe(200);
        const unchanged = await get(replica, UNCHANGED, before.get(UNCHANGED)!.headers.etag);
        expect(unchanged.status).toBe(304);
        const unchangedFull = await get(replica, UNCHANGED);
        expect(unchangedFull.text).toBe(before.get(UNCHANGED)!.text);
        // The changed page once (then cached); the unchanged one never.
        expect(renders.count).toBe(rendered);
      } finally {
        renders.restore();
      }
    }
  });

  it('a settings change (hidden statuses) reaches every replica: a hidden listing is gone at once', async () => {
    await a.app.get(SettingsService).set('hiddenStatus', ['FOR_SALE']);
    try {
      for (const replica of [a, b]) await until('hidden everywhere', async () => (await get(replica, UNCHANGED)).status === 404, Boolean, { timeoutMs: 10_000 });
    } finally {
      await a.app.get(SettingsService).set('hiddenStatus', []);
    }
    for (const replica of [a, b]) await until('shown again', async () => (await get(replica, UNCHANGED)).status === 200, Boolean, { timeoutMs: 10_000 });
  });
});
