import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { FIXTURES_DIR } from '../../src/utils/paths.js';
import { DataSource } from 'typeorm';
import { photoKey } from '../../src/estates/images/photo-keys.js';
import { EstateRepository } from '../../src/estates/persistence/estate.repository.js';
import { encodePhotoOrigin, urlFor } from '../../src/routing/routes.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { FakePhotoHost } from '../support/fake-photo-host.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PHOTO = readFileSync(join(FIXTURES_DIR, 'photos/large/house-01.jpg'));
const THUMB = readFileSync(join(FIXTURES_DIR, 'photos/thumb/house-01.jpg'));
const LISTING_ID = 5001;

/**
 * Listing photos on a CRM photo host of PHOTO_HOSTS (a local server, listed as an explicit origin: host names never
 * match an IP address) reach the page only as /property-images/h/<key>/… URLs (the URL stored by the sync), the older
 * /property-images/u/<base64url>/… URLs still work, and the proxy fetches nothing off the list.
 */
describe('photos from an allowed CRM host', () => {
  let sut: TestApp;
  const crm = new FakeCrmServer();
  const photoHost = new FakePhotoHost();
  /** Not on PHOTO_HOSTS: the proxy must never ask it anything. */
  const offList = new FakePhotoHost();

  beforeAll(async () => {
    await Promise.all([crm.start(), photoHost.start(), offList.start()]);
    photoHost.put('/upload/77/images/villa.jpg', PHOTO);
    photoHost.put('/upload/77/images/villa_tn.jpg', THUMB);
    photoHost.put('/upload/77/images/rep.jpg', THUMB);
    photoHost.redirect('/upload/77/images/moved.jpg', `${offList.url}/upload/77/images/villa.jpg`);
    offList.put('/upload/77/images/villa.jpg', PHOTO);
    const index = crm.sourceB.listings.findIndex((item) => item.id === LISTING_ID);
    const listing = crm.sourceB.listings[index]!;
    crm.sourceB.listings[index] = {
      ...listing,
      pictures: [
        { file: `${photoHost.url}/upload/77/images/villa.jpg`, thumbnail: `${photoHost.url}/upload/77/images/villa_tn.jpg`, index: 0 },
        { file: `${offList.url}/upload/77/images/villa.jpg`, index: 1 },
        { file: 'https://cdn.elsewhere.test/upload/77/images/other.jpg', index: 2 },
        { file: `${photoHost.url}/upload/77/images/moved.jpg`, index: 3 },
      ],
      salesRep: { ...listing.salesRep!, picture: `${photoHost.url}/upload/77/images/rep.jpg` },
    };
    sut = await startTestApp({ ...fakeCrmEnv(crm), PHOTO_HOSTS: `files.zabun.be,${photoHost.url}`, IMAGE_CONCURRENCY: '1' });
  });

  afterAll(async () => {
    await sut?.close();
    await Promise.all([crm.stop(), photoHost.stop(), offList.stop()]);
  });

  const get = (path: string) => request(sut.server).get(path).buffer(true);
  const page = async () => (await get((await get(urlFor('detailShort', 'nl', { estateId: LISTING_ID }))).headers.location)).text;
  /** Every image address of the page: src, srcset candidates and links to photos. */
  const keyed = (url: string) => `/property-images/h/${photoKey(url)}/`;
  const imageUrls = (html: string) =>
    [...html.matchAll(/(?:src|srcset|srcSet)="([^"]+)"/g)].flatMap((match) => match[1].replace(/&amp;/g, '&').split(/,\s*/).map((item) => item.split(' ')[0]));

  it('shows the listing photo, its thumbnail and the sales rep through the proxy, and leaves out photos off the list', async () => {
    const html = await page();
    const remote = keyed(`${photoHost.url}/upload/77/images/villa.jpg`);
    const images = imageUrls(html).filter((url) => url.includes('/property-images/'));
    expect(images.some((url) => url.startsWith(`${remote}480w/villa.jpg.avif`))).toBe(true);
    expect(images.some((url) => url.includes(keyed(`${photoHost.url}/upload/77/images/rep.jpg`)))).toBe(true);
    expect(images.filter((url) => url.includes('/property-images/u/'))).toEqual([]);
    expect(html).not.toContain(photoHost.url);
    expect(html).not.toContain(offList.url);
    expect(html).not.toContain(photoKey(`${offList.url}/upload/77/images/villa.jpg`));
    expect(html).not.toContain('cdn.elsewhere.test');
    expect(imageUrls(html).filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);
    // The gallery makes its thumbnails from the large photo; the CRM's own thumbnail is kept, proxied, for the rest.
    const stored = (await sut.app.get(EstateRepository).findById(LISTING_ID))!;
    expect(stored.pictures.map((picture) => picture.thumbnail).slice(0, 1)).toEqual([
      expect.stringMatching(new RegExp(`^${keyed(`${photoHost.url}/upload/77/images/villa_tn.jpg`)}thumb/villa_tn\\.jpg\\?v=\\w+$`)),
    ]);
  });

  it('fetches the original once and serves the resized variants the page asks for', async () => {
    const html = await page();
    const srcset = imageUrls(html).filter((url) => url.includes('/villa.jpg.webp'));
    expect(srcset.length).toBeGreaterThan(0);
    for (const url of srcset) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      const width = Number(/\/(\d+)w\//.exec(url)![1]);
      expect((await sharp(response.body).metadata()).width).toBe(Math.min(width, (await sharp(PHOTO).metadata()).width!));
    }
    expect(photoHost.hitsOf('/upload/77/images/villa.jpg')).toBe(1);
    const original = await get(`${keyed(`${photoHost.url}/upload/77/images/villa.jpg`)}large/villa.jpg`);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(original.body as Buffer, PHOTO)).toBe(0);
  });

  it('still serves the older /u/<base64url> URL of the same photo (caches and mails hold them)', async () => {
    const before = photoHost.hitsOf('/upload/77/images/villa.jpg');
    const response = await get(`/property-images/u/${encodePhotoOrigin(`${photoHost.url}/upload/77/images/villa.jpg`)}/large/villa.jpg`);
    expect(response.status).toBe(200);
    expect(Buffer.compare(response.body as Buffer, PHOTO)).toBe(0);
    // The same original on disk as its keyed URL's: no second download.
    expect(photoHost.hitsOf('/upload/77/images/villa.jpg')).toBe(before);
  });

  it('answers 404 without any fetch for a key the sync never stored, or one whose host is off the list', async () => {
    const database = sut.app.get(DataSource);
    const offListUrl = `${offList.url}/upload/77/images/villa.jpg`;
    // As if an earlier PHOTO_HOSTS had allowed it: the list is checked again on every request.
    await database.query(`INSERT INTO photo_originals (key, url) VALUES ($1, $2)`, [photoKey(offListUrl), offListUrl]);
    const before = photoHost.totalHits + offList.totalHits;
    for (const path of [`/property-images/h/${photoKey('https://files.zabun.be/never.jpg')}/large/never.jpg`, `${keyed(offListUrl)}large/villa.jpg`, `${keyed(offListUrl)}480w/villa.jpg.jpg`, '/property-images/h/short/large/villa.jpg']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).not.toMatch(/^image\//);
    }
    // A stored key under another file name than its own.
    expect((await get(`${keyed(`${photoHost.url}/upload/77/images/villa.jpg`)}large/other.jpg`)).status).toBe(404);
    expect(photoHost.totalHits + offList.totalHits).toBe(before);
  });

  it.each([
    ['a host off the list', () => `${offList.url}/upload/77/images/villa.jpg`, 'villa.jpg'],
    ['user info before the allowed origin', () => `http://x@${photoHost.url.slice(7)}/upload/77/images/villa.jpg`, 'villa.jpg'],
    ['localhost on the allowed port', () => photoHost.url.replace('127.0.0.1', 'localhost') + '/upload/77/images/villa.jpg', 'villa.jpg'],
    ['a non-http scheme', () => 'file:///etc/passwd', 'passwd.jpg'],
    ['an allowed URL under another file name', () => `${photoHost.url}/upload/77/images/villa.jpg`, 'other.jpg'],
    ['an allowed URL spelled unlike the mappers would', () => `${photoHost.url}/upload/77/images/../images/villa.jpg`, 'villa.jpg'],
  ])('answers 404 without any fetch for a path crafted with %s', async (_, original, file) => {
    const before = photoHost.totalHits + offList.totalHits;
    const base = `/property-images/u/${encodePhotoOrigin(original())}`;
    for (const path of [`${base}/large/${file}`, `${base}/480w/${file}.jpg`]) {
      const response = await get(path);
      // Refused by the route itself (a page, not the proxy's placeholder image).
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).not.toMatch(/^image\//);
    }
    expect(photoHost.totalHits + offList.totalHits).toBe(before);
  });

  it('answers 404 for an origin segment that is not base64url of a URL', async () => {
    for (const segment of ['%2e%2e', 'not*base64', encodePhotoOrigin('https://files.zabun.be/a.jpg') + '=']) {
      expect((await get(`/property-images/u/${segment}/large/a.jpg`)).status).toBe(404);
    }
  });

  it('does not follow an allowed host’s redirect to a host off the list, by key or by the older URL', async () => {
    const moved = `${photoHost.url}/upload/77/images/moved.jpg`;
    for (const [path, hits] of [
      [`${keyed(moved)}320w/moved.jpg.jpg`, 1],
      [`/property-images/u/${encodePhotoOrigin(moved)}/480w/moved.jpg.jpg`, 2],
    ] as const) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(photoHost.hitsOf('/upload/77/images/moved.jpg')).toBe(hits);
    }
    expect(offList.totalHits).toBe(0);
  });
});
