// @own-database: this file runs on the embedded database or on a server of its own whatever DATABASE_URL says, so CI's PostgreSQL pass leaves it out (.ci/run).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { photoKey } from '../../src/estates/images/photo-keys.js';
import { PropertyImagesController } from '../../src/estates/images/property-images.controller.js';
import { encodePhotoOrigin } from '../../src/routing/routes.js';
import { FIXTURES_DIR } from '../../src/utils/paths.js';
import { FakePhotoHost } from '../support/fake-photo-host.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const MB = 1024 * 1024;
/** The audit's replay: 60 concurrent requests for one photo of about 24 MB, each under its own `?v=`. */
const REQUESTS = 60;
/**
 * Ceilings (docs/PERFORMANCE.md "Photo proxy"). The pod has 1 GiB of memory and 2 GiB of disk shared with the embedded
 * database; before the fix the replay took RSS from 367 MB to 1.62 GB and wrote 985 MB.
 * - DATA_DIR (the photo cache): grows by less than twice the original and the one variant asked for (one copy of
 *   each, with room for a temporary file while it is written).
 * - RSS: its peak (VmHWM, reset just before the replay) is less than 300 MB above where it started: one 24 MB
 *   download and one decode (sharp shrinks the JPEG on load), not sixty.
 */
const RSS_GROWTH_CEILING = 300 * MB;

/** Bytes of every file under `dir`. */
function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

/** This process's resident memory now, and its peak since the last reset (Linux /proc). */
function memory(): { rss: number; peak: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

describe('the photo proxy, bounded (issue 37)', () => {
  let sut: TestApp;
  let cacheDir: string;
  let big: Buffer;
  const host = new FakePhotoHost();
  const get = (path: string) => request(sut.server).get(path).buffer(true);

  beforeAll(async () => {
    await host.start();
    // Noise does not compress: 3,400 × 2,300 pixels at JPEG quality 100 is ~23 MB, like a camera's full-size export.
    big = await sharp({ create: { width: 3400, height: 2300, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 80 } } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    host.put('/upload/9/images/big.jpg', big);
    host.put('/upload/9/images/page.jpg', Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'));
    host.put('/upload/9/images/drawing.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>'));
    host.put('/upload/9/images/drawing-xml.jpg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 200, 'image/svg+xml');
    cacheDir = mkdtempSync(join(tmpdir(), 'immo-photo-bounds-'));
    sut = await startTestApp({ PHOTO_HOSTS: host.url, IMAGE_CACHE_DIR: cacheDir, IMAGE_CONCURRENCY: '1' });
  });

  afterAll(async () => {
    await sut?.close();
    await host.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it(`serves ${REQUESTS} concurrent requests of one ~24 MB photo (distinct ?v=, queries appended to its URL) from 1 download and 1 resize, DATA_DIR growth < 2 × (original + variant), RSS growth < 300 MB, and a normal photo answers meanwhile`, async () => {
    expect(big.length).toBeGreaterThan(20 * MB);
    expect(big.length).toBeLessThan(25 * MB);
    const url = `${host.url}/upload/9/images/big.jpg`;
    await sut.app.get(DataSource).query(`INSERT INTO photo_originals (key, url) VALUES ($1, $2)`, [photoKey(url), url]);
    const images = sut.app.get(PropertyImagesController).images;
    const produced = images.variantsProduced;
    const diskBefore = folderBytes(cacheDir);
    // Half by the key the sync stores, half by the older URL carrying the original, with a query the CRM never gave.
    const paths = Array.from({ length: REQUESTS }, (_, i) =>
      i % 2 === 0
        ? `/property-images/h/${photoKey(url)}/1200w/big.jpg.jpg?v=attack${i}`
        : `/property-images/u/${encodePhotoOrigin(`${url}?x=${i}`)}/1200w/big.jpg.jpg?v=attack${i}`,
    );
    const { rss: rssBefore } = memory();
    writeFileSync('/proc/self/clear_refs', '5');
    const burst = Promise.all(paths.map((path) => get(path)));
    const normal = await get('/property-images/1042/480w/house-01.jpg.webp');
    const responses = await burst;
    const { peak } = memory();

    expect(normal.status).toBe(200);
    expect(responses.map((response) => response.status)).toEqual(Array(REQUESTS).fill(200));
    expect(host.totalHits).toBe(1);
    expect(host.hitsOf('/upload/9/images/big.jpg')).toBe(1);
    // The big photo's variant once (whatever its version), and the normal photo's.
    expect(images.variantsProduced).toBe(produced + 2);
    const variantBytes = responses[0]!.body.length;
    expect(folderBytes(cacheDir) - diskBefore).toBeLessThan(2 * (big.length + variantBytes));
    expect(peak - rssBefore).toBeLessThan(RSS_GROWTH_CEILING);
  });

  it('fetches the URL without a query the CRM did not give, so every appended query is the same photo', async () => {
    const before = host.totalHits;
    const response = await get(`/property-images/u/${encodePhotoOrigin(`${host.url}/upload/9/images/big.jpg?cache=buster`)}/large/big.jpg`);
    expect(response.status).toBe(200);
    expect(host.totalHits).toBe(before);
    expect(host.hitsOf('/upload/9/images/big.jpg?cache=buster')).toBe(0);
  });

  it.each([
    ['an HTML page named .jpg', 'page.jpg'],
    ['an SVG with script named .jpg, served as image/jpeg', 'drawing.jpg'],
    ['an SVG behind an XML declaration', 'drawing-xml.jpg'],
  ])('never serves %s as an image from the site: the CRM-sized URL and the variants give the placeholder', async (_, file) => {
    const url = `${host.url}/upload/9/images/${file}`;
    for (const path of [`/property-images/u/${encodePhotoOrigin(url)}/large/${file}`, `/property-images/u/${encodePhotoOrigin(url)}/480w/${file}.jpg`]) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.body.toString('latin1')).not.toMatch(/<script|<svg|<html/i);
      expect((await sharp(response.body).metadata()).format).toBe('jpeg');
    }
  });
});

describe('the photo proxy in production', () => {
  let sut: TestApp;
  const host = new FakePhotoHost();

  beforeAll(async () => {
    await host.start();
    host.put('/upload/9/images/villa.jpg', readFileSync(join(FIXTURES_DIR, 'photos/large/house-01.jpg')));
    sut = await startTestApp({ NODE_ENV: 'production', PHOTO_HOSTS: host.url, SEED_DEMO_DATA: 'false' }, { embedded: true, waitForCache: false });
  });

  afterAll(async () => {
    await sut?.close();
    await host.stop();
  });

  it('refuses an explicit loopback origin on PHOTO_HOSTS: the tests’ allowance cannot reach production', async () => {
    const url = `${host.url}/upload/9/images/villa.jpg`;
    const response = await request(sut.server).get(`/property-images/u/${encodePhotoOrigin(url)}/480w/villa.jpg.jpg`).buffer(true);
    expect(response.status).toBe(404);
    expect(host.totalHits).toBe(0);
  });
});
