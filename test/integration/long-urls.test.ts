import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { parseSitemap } from 'sitemap';
import request from 'supertest';
import { FIXTURES_DIR } from '../../src/utils/paths.js';
import { MAX_SLUG_LENGTH } from '../../src/estates/domain/slug.js';
import { photoKey } from '../../src/estates/images/photo-keys.js';
import { urlFor } from '../../src/routing/routes.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { FakePhotoHost } from '../support/fake-photo-host.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PHOTO = readFileSync(join(FIXTURES_DIR, 'photos/large/house-01.jpg'));
const PROJECT_ID = 5023;
const LISTING_ID = 5001;
/** 140 characters, as a CRM's project name can be: its slug was a path parameter of ~130, which the router refused (414). */
const LONG_TITLE = 'Residentie De Nieuwe Kaai aan het water met zicht op de jachthaven en het oude dok, wonen tussen stad en natuur in een groen en rustig kader';
/** A long street for a standalone listing's slug. */
const LONG_STREET = 'Burgemeester Aloïs van de Vyvere en Gravin Isabella de Merode-Westerloo Promenade langs de oude vestingen';

/**
 * URLs of any length a CRM produces work: a listing with a 140-character title or a long street is reachable from its
 * card and the sitemap, and a photo URL of 130 characters is served through the proxy (its key no longer grows with it).
 */
describe('long titles, streets and photo URLs', () => {
  const crm = new FakeCrmServer();
  const photoHost = new FakePhotoHost();
  let sut: TestApp;
  let photoPath: string;

  beforeAll(async () => {
    await Promise.all([crm.start(), photoHost.start()]);
    // 130 characters with the host's origin, like Whise's picture URLs on blob storage.
    photoPath = `/pictures/4668/estates/${'2026-11-28'}/original/${'a1b2c3d4e5f6'.repeat(4)}/`;
    photoPath += `${'woning-gevel-'.repeat(10)}`.slice(0, 130 - photoHost.url.length - photoPath.length - 4) + '.jpg';
    photoHost.put(photoPath, PHOTO);
    crm.sourceB.listings = crm.sourceB.listings.map((listing) =>
      listing.id === PROJECT_ID
        ? { ...listing, title: { nl: LONG_TITLE, fr: LONG_TITLE, en: LONG_TITLE, de: LONG_TITLE } }
        : listing.id === LISTING_ID
          ? { ...listing, address: { ...listing.address!, street: { nl: LONG_STREET, fr: LONG_STREET } }, pictures: [{ file: `${photoHost.url}${photoPath}`, index: 0 }] }
          : listing,
    );
    sut = await startTestApp({ ...fakeCrmEnv(crm), PHOTO_HOSTS: `files.zabun.be,${photoHost.url}`, IMAGE_CONCURRENCY: '1' });
  });

  afterAll(async () => {
    await sut?.close();
    await Promise.all([crm.stop(), photoHost.stop()]);
  });

  const get = (path: string) => request(sut.server).get(path).buffer(true);
  /** The path's page after the redirects the site answers with (the short path, an old slug). */
  const follow = async (path: string) => {
    let response = await get(path);
    for (let hops = 0; hops < 3 && response.status === 301; hops++) response = await get(response.headers.location as string);
    return response;
  };
  const cardLinks = async (id: number) => {
    const links: string[] = [];
    for (let page = 1; page <= 10 && links.length === 0; page++) {
      const html = (await get(`${urlFor('home', 'nl')}${page > 1 ? `?page=${page}` : ''}`)).text;
      if (!html.includes('data-estate-id')) break;
      links.push(...[...html.matchAll(new RegExp(`href="(/nl/aanbod/${id}/[^"?#]*)"`, 'g'))].map((match) => match[1]!));
    }
    return links;
  };

  it.each([
    ['a project with a 140-character title', PROJECT_ID],
    ['a listing on a long street', LISTING_ID],
  ])('links the card and the sitemap of %s to a page that answers 200', async (_, id) => {
    expect(LONG_TITLE).toHaveLength(140);
    const links = await cardLinks(id);
    expect(links.length).toBeGreaterThan(0);
    const sitemap = [...(await parseSitemap(Readable.from([(await get('/sitemaps/listings.xml')).text]))), ...(await parseSitemap(Readable.from([(await get('/sitemaps/projects.xml')).text])))]
      .flatMap((item) => [item.url, ...item.links.map((link) => link.url)])
      .map((url) => new URL(url).pathname)
      .filter((path) => path.startsWith(`/nl/aanbod/${id}/`) || new RegExp(`^/(fr|en|de)/[^/]+/${id}/`).test(path));
    expect(sitemap.length).toBeGreaterThanOrEqual(4);
    for (const path of new Set([...links, ...sitemap])) {
      expect(path.split('/')[4]!.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
      const response = await get(path);
      expect([path, response.status]).toEqual([path, 200]);
    }
  });

  it('answers the longer slug an older release linked to (over the router’s default 100 characters) with a 301 to the page', async () => {
    const longSlug = `${LONG_TITLE.toLowerCase().replaceAll(',', '').replaceAll(' ', '-')}-in-9000-gent`;
    expect(longSlug.length).toBeGreaterThan(100);
    const response = await get(`/nl/aanbod/${PROJECT_ID}/${longSlug}`);
    expect(response.status).toBe(301);
    expect((await follow(response.headers.location as string)).status).toBe(200);
  });

  it('shows a 130-character photo URL on the detail page, by its key, and the proxy answers it with the image', async () => {
    const original = `${photoHost.url}${photoPath}`;
    expect(original).toHaveLength(130);
    const page = await follow(urlFor('detailShort', 'nl', { estateId: LISTING_ID }));
    expect(page.status).toBe(200);
    const keyed = `/property-images/h/${photoKey(original)}/`;
    const photos = [...page.text.matchAll(/(?:src|srcset|srcSet)="([^"]+)"/g)]
      .flatMap((match) => match[1]!.replace(/&amp;/g, '&').split(/,\s*/).map((item) => item.split(' ')[0]!))
      .filter((url) => url.startsWith(keyed));
    expect(photos.length).toBeGreaterThan(0);
    for (const url of photos.slice(0, 3)) {
      expect(new URL(url, 'http://immo.test').pathname.length).toBeLessThan(100);
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\//);
      expect((await sharp(response.body as Buffer).metadata()).width).toBeGreaterThan(0);
    }
    expect(photoHost.hitsOf(photoPath)).toBe(1);
  });
});
