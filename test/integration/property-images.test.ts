import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { FIXTURES_DIR } from '../../src/utils/paths.js';
import { IMAGE_WIDTHS } from '../../src/estates/images/image-variants.js';
import { PropertyImagesController } from '../../src/estates/images/property-images.controller.js';
import type { PropertyImageService } from '../../src/estates/images/property-image.service.js';
import { FakePhotoHost } from '../support/fake-photo-host.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DEMO_PHOTO = readFileSync(join(FIXTURES_DIR, 'photos/large/house-01.jpg'));
const UPSTREAM_ACCOUNT = '5000';

async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 160 } } }).jpeg().toBuffer();
}

const isAvif = (body: Buffer) => body.subarray(4, 12).toString('latin1') === 'ftypavif';
const isWebp = (body: Buffer) => body.subarray(0, 4).toString('latin1') === 'RIFF' && body.subarray(8, 12).toString('latin1') === 'WEBP';
const SCRIPTED_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(1)</script><rect width="800" height="600"/></svg>';
const isJpeg = (body: Buffer) => body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff;

describe('property images', () => {
  let sut: TestApp;
  let images: PropertyImageService;
  let cacheDir: string;
  const host = new FakePhotoHost();

  beforeAll(async () => {
    await host.start();
    host.put(`/${UPSTREAM_ACCOUNT}/small.jpg`, await jpeg(600, 400));
    host.put(`/${UPSTREAM_ACCOUNT}/villa.jpg`, DEMO_PHOTO);
    host.put(`/${UPSTREAM_ACCOUNT}/garden.jpg`, readFileSync(join(FIXTURES_DIR, 'photos/large/garden-01.jpg')));
    host.put(`/${UPSTREAM_ACCOUNT}/thumbs/villa.jpg`, readFileSync(join(FIXTURES_DIR, 'photos/thumb/house-01.jpg')));
    // A phone photo: taken sideways (EXIF orientation 6), with camera data the site must not pass on.
    host.put(
      `/${UPSTREAM_ACCOUNT}/sideways.jpg`,
      await sharp(await jpeg(600, 400)).withExif({ IFD0: { Copyright: 'Agency', Make: 'PhoneCo' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer(),
    );
    host.put(`/${UPSTREAM_ACCOUNT}/truncated.jpg`, DEMO_PHOTO.subarray(0, Math.floor(DEMO_PHOTO.length / 2)));
    host.put(`/${UPSTREAM_ACCOUNT}/not-a-photo.jpg`, Buffer.from('<html>Moved</html>'), 200, 'text/html');
    host.put(`/${UPSTREAM_ACCOUNT}/down.jpg`, Buffer.from('upstream error'), 502, 'text/plain');
    // An SVG with script, named .jpg and served as image/jpeg: sharp would decode it, a browser would run it.
    host.put(`/${UPSTREAM_ACCOUNT}/scripted.jpg`, Buffer.from(SCRIPTED_SVG), 200, 'image/jpeg');
    cacheDir = mkdtempSync(join(tmpdir(), 'immo-images-test-'));
    sut = await startTestApp({ PROPERTY_IMAGES_URL: host.url, IMAGE_CACHE_DIR: cacheDir, IMAGE_CONCURRENCY: '1', SEED_DEMO_DATA: 'false' });
    images = sut.app.get(PropertyImagesController).images;
  });

  afterAll(async () => {
    await sut.close();
    await host.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const get = (path: string) => request(sut.server).get(path).buffer(true);
  /** Every cached file of the upstream account a day and more old, as if fetched yesterday. */
  const ageCache = () => {
    const dayAndMore = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (const dir of ['originals', 'variants']) {
      for (const entry of readdirSync(join(cacheDir, dir, UPSTREAM_ACCOUNT), { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) utimesSync(join(entry.parentPath, entry.name), dayAndMore, dayAndMore);
      }
    }
  };

  describe('formats', () => {
    it.each([
      ['avif', 'image/avif', isAvif],
      ['webp', 'image/webp', isWebp],
      ['jpg', 'image/jpeg', isJpeg],
    ] as const)('a .%s variant is %s, by its content type and its first bytes', async (format, type, looksRight) => {
      const response = await get(`/property-images/1042/480w/house-01.jpg.${format}`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(looksRight(response.body)).toBe(true);
      expect([isAvif, isWebp, isJpeg].filter((check) => check(response.body))).toHaveLength(1);
    });

    it('variants are turned upright and carry no metadata of the original', async () => {
      expect(await sharp(await (await fetch(`${host.url}/${UPSTREAM_ACCOUNT}/sideways.jpg`)).arrayBuffer()).metadata()).toMatchObject({ orientation: 6 });
      const response = await get(`/property-images/${UPSTREAM_ACCOUNT}/320w/sideways.jpg.jpg`);
      const meta = await sharp(response.body).metadata();
      expect(meta).toMatchObject({ width: 320, height: 480 });
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    });
  });

  describe('widths', () => {
    it.each(IMAGE_WIDTHS.map((width) => [width]))('%iw is a photo that wide, in proportion', async (width) => {
      const response = await get(`/property-images/1042/${width}w/house-03.jpg.jpg`);
      expect(response.status).toBe(200);
      const meta = await sharp(response.body).metadata();
      expect(meta.width).toBe(width);
      expect(Math.abs(meta.height! - (width * 1067) / 1600)).toBeLessThan(1);
    });

    it.each([[768], [1024], [1600]])('a 600 px original is never enlarged (%iw gives 600 px)', async (width) => {
      const response = await get(`/property-images/${UPSTREAM_ACCOUNT}/${width}w/small.jpg.webp`);
      expect(response.status).toBe(200);
      expect(await sharp(response.body).metadata()).toMatchObject({ width: 600, height: 400 });
    });

    it.each([
      ['a width off the list', '/property-images/1042/500w/house-01.jpg.avif'],
      ['a huge width', '/property-images/1042/9999w/house-01.jpg.jpg'],
      ['a width without its unit', '/property-images/1042/480/house-01.jpg.jpg'],
      ['a format that is not offered', '/property-images/1042/480w/house-01.jpg.png'],
      ['a variant without the original extension', '/property-images/1042/480w/house-01.avif'],
      ['a path escape', '/property-images/1042/480w/..%2F..%2Fetc.jpg.jpg'],
      ['a malformed version', '/property-images/1042/480w/house-01.jpg.jpg?v=a.b'],
    ])('%s is a 404 and resizes nothing', async (_, path) => {
      const before = images.variantsProduced;
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(images.variantsProduced).toBe(before);
    });
  });

  describe('caching', () => {
    it('an unversioned URL is cached for a day, a versioned one for a year', async () => {
      const plain = await get('/property-images/1042/320w/house-02.jpg.webp');
      expect(plain.headers['cache-control']).toBe('public, max-age=86400');
      const versioned = await get('/property-images/1042/320w/house-02.jpg.webp?v=20261123a');
      expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('answers 304 to a matching If-None-Match, and 200 to a stale one', async () => {
      const path = '/property-images/1042/480w/house-02.jpg.avif';
      const first = await get(path);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const revalidated = await get(path).set('If-None-Match', etag);
      expect(revalidated.status).toBe(304);
      expect(Object.keys(revalidated.body)).toHaveLength(0);
      expect(revalidated.headers.etag).toBe(etag);
      expect((await get(path).set('If-None-Match', `W/${etag}, "other"`)).status).toBe(304);
      expect((await get(path).set('If-None-Match', '"stale"')).status).toBe(200);
    });

    it('the second request is served from the disk cache', async () => {
      const path = '/property-images/1042/768w/kitchen-01.jpg.webp';
      const first = await get(path);
      const produced = images.variantsProduced;
      const [cached] = readdirSync(join(cacheDir, 'variants/1042/kitchen-01.jpg')).filter((name) => name.startsWith('768w-'));
      const file = join(cacheDir, 'variants/1042/kitchen-01.jpg', cached);
      expect(readFileSync(file)).toEqual(first.body);
      const { mtimeMs } = statSync(file);
      const second = await get(path);
      expect(second.body).toEqual(first.body);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(statSync(file).mtimeMs).toBe(mtimeMs);
      expect(images.variantsProduced).toBe(produced);
    });

    it('concurrent first requests for the same variant produce it once', async () => {
      const before = images.variantsProduced;
      const responses = await Promise.all(Array.from({ length: 6 }, () => get('/property-images/1042/1024w/living-01.jpg.avif')));
      expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200));
      expect(new Set(responses.map((response) => response.body.toString('base64'))).size).toBe(1);
      expect(images.variantsProduced).toBe(before + 1);
    });
  });

  describe('load', () => {
    it('resizes at most IMAGE_CONCURRENCY photos at once, however many are asked for', async () => {
      const responses = await Promise.all(
        [320, 480, 768, 1024].flatMap((width) => ['webp', 'jpg'].map((format) => get(`/property-images/2077/${width}w/terrace-01.jpg.${format}`))),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
      expect(images.encodingPeak).toBe(1);
    });
  });

  describe('upstream account', () => {
    it('fetches the original once for all its variants, even when asked concurrently', async () => {
      const before = images.variantsProduced;
      const responses = await Promise.all(
        ['avif', 'webp', 'jpg'].flatMap((format) => [320, 768].map((width) => get(`/property-images/${UPSTREAM_ACCOUNT}/${width}w/villa.jpg.${format}`))),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200));
      expect(host.hitsOf(`/${UPSTREAM_ACCOUNT}/villa.jpg`)).toBe(1);
      expect(images.variantsProduced).toBe(before + 6);
      expect((await get(`/property-images/${UPSTREAM_ACCOUNT}/1200w/villa.jpg.jpg`)).status).toBe(200);
      expect(host.hitsOf(`/${UPSTREAM_ACCOUNT}/villa.jpg`)).toBe(1);
    });

    it('fetches an original once whatever its versions, again after a day, and keeps the variants of unchanged bytes', async () => {
      const original = `/${UPSTREAM_ACCOUNT}/garden.jpg`;
      const unversioned = `/property-images/${UPSTREAM_ACCOUNT}/480w/garden.jpg.jpg`;
      const versioned = `${unversioned}?v=3`;
      await get(unversioned);
      await get(versioned);
      await get(`${unversioned}?v=4`);
      // A version says how long browsers may keep the answer, not which bytes to fetch: one original, one variant.
      expect(host.hitsOf(original)).toBe(1);
      const produced = images.variantsProduced;
      ageCache();
      expect((await get(versioned)).status).toBe(200);
      expect(host.hitsOf(original)).toBe(2);
      expect((await get(unversioned)).status).toBe(200);
      expect(host.hitsOf(original)).toBe(2);
      expect(images.variantsProduced).toBe(produced);
    });

    it('keeps serving the day-old original while its host is down', async () => {
      const path = `/${UPSTREAM_ACCOUNT}/garden-down.jpg`;
      host.put(path, readFileSync(join(FIXTURES_DIR, 'photos/large/garden-01.jpg')));
      expect((await get(`/property-images/${UPSTREAM_ACCOUNT}/320w/garden-down.jpg.webp?v=1`)).status).toBe(200);
      ageCache();
      host.put(path, Buffer.from('upstream error'), 502, 'text/plain');
      const response = await get(`/property-images/${UPSTREAM_ACCOUNT}/320w/garden-down.jpg.webp?v=1`);
      expect(response.status).toBe(200);
      expect(isWebp(response.body)).toBe(true);
      expect(host.hitsOf(path)).toBe(2);
    });

    it('keeps the CRM-sized large and thumb URLs working through the same cache', async () => {
      const large = await get(`/property-images/${UPSTREAM_ACCOUNT}/large/villa.jpg`);
      expect(large.status).toBe(200);
      expect(large.headers['content-type']).toBe('image/jpeg');
      expect(large.body).toEqual(DEMO_PHOTO);
      const thumb = await get(`/property-images/${UPSTREAM_ACCOUNT}/thumb/villa.jpg`);
      expect(await sharp(thumb.body).metadata()).toMatchObject({ width: 400 });
      expect(host.hitsOf(`/${UPSTREAM_ACCOUNT}/thumbs/villa.jpg`)).toBe(1);
      expect((await get(`/property-images/${UPSTREAM_ACCOUNT}/large/villa.jpg`).set('If-None-Match', large.headers.etag)).status).toBe(304);
    });
  });

  describe('photos that cannot be shown', () => {
    it.each([
      ['a truncated JPEG', `/property-images/${UPSTREAM_ACCOUNT}/480w/truncated.jpg.webp`, 'image/webp'],
      ['an HTML page named .jpg', `/property-images/${UPSTREAM_ACCOUNT}/480w/not-a-photo.jpg.avif`, 'image/avif'],
      ['a photo the upstream does not have', `/property-images/${UPSTREAM_ACCOUNT}/480w/gone.jpg.jpg`, 'image/jpeg'],
      ['a demo photo that does not exist', '/property-images/1042/480w/nothing-01.jpg.avif', 'image/avif'],
      ['a missing CRM-sized photo', '/property-images/1042/large/nothing-01.jpg', 'image/jpeg'],
      ['an SVG named .jpg served as image/jpeg', `/property-images/${UPSTREAM_ACCOUNT}/480w/scripted.jpg.webp`, 'image/webp'],
      ['an SVG named .jpg served as image/jpeg, asked as the original', `/property-images/${UPSTREAM_ACCOUNT}/large/scripted.jpg`, 'image/jpeg'],
      ['an HTML page named .jpg, asked as the original', `/property-images/${UPSTREAM_ACCOUNT}/large/not-a-photo.jpg`, 'image/jpeg'],
    ])('%s gives a 404 with a placeholder image, cached briefly', async (_, path, type) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers.etag).toBeUndefined();
      const meta = await sharp(response.body).metadata();
      expect(meta.width).toBeGreaterThan(0);
      // Never the upstream's bytes: no markup leaves the site's origin as an image.
      expect((response.body as Buffer).toString('latin1')).not.toMatch(/<svg|<html|<script/i);
    });

    it('a failing upstream gives a 503 placeholder that nobody stores', async () => {
      const response = await get(`/property-images/${UPSTREAM_ACCOUNT}/320w/down.jpg.jpg`);
      expect(response.status).toBe(503);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['retry-after']).toBe('30');
      expect(isJpeg(response.body)).toBe(true);
    });
  });
});
