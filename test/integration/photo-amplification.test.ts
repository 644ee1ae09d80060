import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { encodePhotoOrigin } from '../../src/routing/routes.js';
import { FakePhotoHost } from '../support/fake-photo-host.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Bytes of every file under `dir`. */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * The photo proxy's bounds under the amplification of issue 37: sixty concurrent requests for one ~24 MB photo,
 * each with its own `?v=` and half with a query appended to the original URL (which the CRM never gave). Before,
 * each version and each query was a new original: sixty downloads, sixty 24 MB buffers in memory, sixty files on
 * disk and sixty decodes. Ceilings (docs/PERFORMANCE.md): one download; the cache folder under twice the original
 * plus its variant; the process's RSS growth under 400 MB (one 24 MB download, one 9 MP decode; before, the sixty
 * buffered downloads alone were 1.4 GB).
 */
describe('photo proxy amplification', () => {
  const RSS_CEILING_BYTES = 400 * 1024 * 1024;
  const REQUESTS = 60;
  let sut: TestApp;
  let huge: Buffer;
  const host = new FakePhotoHost();
  const cacheDir = mkdtempSync(join(tmpdir(), 'immo-amplification-'));

  beforeAll(async () => {
    // Noise does not compress: 4000 × 2200 at quality 100 is about 24 MB, under the 25 MB download limit.
    huge = await sharp({ create: { width: 4000, height: 2200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    await host.start();
    host.put('/big/huge.jpg', huge);
    sut = await startTestApp({ PHOTO_HOSTS: `files.zabun.be,${host.url}`, IMAGE_CACHE_DIR: cacheDir, IMAGE_CONCURRENCY: '1' });
  }, 60_000);

  afterAll(async () => {
    await sut?.close();
    await host.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const get = (path: string) => request(sut.server).get(path).buffer(true);

  it(`answers ${REQUESTS} versions of one 24 MB photo with 1 download, the cache folder < 2 × (original + variant) and RSS growth < 400 MB, and a normal photo meanwhile`, async () => {
    expect(huge.length).toBeGreaterThan(20 * 1024 * 1024);
    // Warm up the encoder and the routes, so the baseline holds what any running server holds.
    expect((await get('/property-images/1042/320w/house-01.jpg.webp')).status).toBe(200);
    const before = folderBytes(cacheDir);
    global.gc?.();
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    try {
      const burst = Array.from({ length: REQUESTS }, (_, i) => {
        const original = i % 2 === 0 ? `${host.url}/big/huge.jpg` : `${host.url}/big/huge.jpg?x=${i}`;
        return get(`/property-images/u/${encodePhotoOrigin(original)}/480w/huge.jpg.webp?v=${i}`);
      });
      // A visitor's ordinary photo, asked while the burst is queued, still answers.
      const normal = get('/property-images/1042/480w/garden-01.jpg.webp');
      const responses = await Promise.all(burst);
      expect(host.totalHits).toBe(1);
      const variantBytes = (responses[0]!.body as Buffer).length;
      expect(folderBytes(cacheDir) - before).toBeLessThan(2 * (huge.length + variantBytes));
      expect((await normal).status).toBe(200);
      for (const response of responses) {
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
      }
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage.rss());
    expect(peak - baseline).toBeLessThan(RSS_CEILING_BYTES);
  }, 120_000);
});
