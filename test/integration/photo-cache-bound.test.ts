import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { encodePhotoOrigin } from '../../src/routing/routes.js';
import { FakePhotoHost } from '../support/fake-photo-host.js';
import { until } from '../support/poll.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Bytes of every file under `dir`. */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** IMAGE_CACHE_MAX_MB bounds the photo cache folder: past it the least recently used files are deleted. */
describe('photo cache bound', () => {
  const BOUND = 1024 * 1024;
  let sut: TestApp;
  let photoBytes = 0;
  const host = new FakePhotoHost();
  const cacheDir = mkdtempSync(join(tmpdir(), 'immo-cache-bound-'));

  beforeAll(async () => {
    await host.start();
    for (let i = 0; i < 6; i++) {
      // Noise does not compress: each about 0.4 MB, six of them well over the 1 MB bound.
      const photo = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
        .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
        .toBuffer();
      photoBytes += photo.length;
      host.put(`/p/photo-${i}.jpg`, photo);
    }
    sut = await startTestApp({ PHOTO_HOSTS: `files.zabun.be,${host.url}`, IMAGE_CACHE_DIR: cacheDir, IMAGE_CACHE_MAX_MB: '1' });
  });

  afterAll(async () => {
    await sut?.close();
    await host.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('keeps the cache folder under IMAGE_CACHE_MAX_MB while serving more photos than fit', async () => {
    expect(photoBytes).toBeGreaterThan(2 * BOUND);
    for (let i = 0; i < 6; i++) {
      const response = await request(sut.server).get(`/property-images/u/${encodePhotoOrigin(`${host.url}/p/photo-${i}.jpg`)}/large/photo-${i}.jpg`).buffer(true);
      expect(response.status).toBe(200);
    }
    // Evicted files are deleted in the background.
    await until('the cache folder under its bound', async () => folderBytes(cacheDir), (bytes) => bytes <= BOUND);
    // The most recent photo is still there: served again without a download.
    const again = await request(sut.server).get(`/property-images/u/${encodePhotoOrigin(`${host.url}/p/photo-5.jpg`)}/large/photo-5.jpg`).buffer(true);
    expect(again.status).toBe(200);
    expect(host.hitsOf('/p/photo-5.jpg')).toBe(1);
  });
});
