import request from 'supertest';
import { parseSitemap, parseSitemapIndex } from 'sitemap';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { LOCALES } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { searchHref } from '../../src/search/search-page.model.js';
import { SearchService } from '../../src/search/search.service.js';
import { estatePath } from '../../src/estates/domain/slug.js';
import { visibleListings } from '../../src/estates/domain/visibility.js';
import { EstateRepository } from '../../src/estates/persistence/estate.repository.js';
import { TranslationService } from '../../src/i18n/translation.service.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { until } from '../support/poll.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('sitemap index', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(async () => {
    await sut.close();
  });

  const get = (path: string) => request(sut.server).get(path);
  const entries = async (path: string) => parseSitemap(Readable.from([(await get(path)).text]));

  it('is an index of the listings, projects, holiday units and pages sitemaps, each with a lastmod', async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const index = await parseSitemapIndex(Readable.from([response.text]));
    expect(index.map((item) => item.url)).toEqual(['listings', 'projects', 'holiday', 'pages'].map((name) => `http://immo.test/sitemaps/${name}.xml`));
    for (const item of index) expect(Date.parse(item.lastmod ?? '')).not.toBeNaN();
  });

  it('lists every holiday unit in the four locales with hreflang alternates (x-default nl) and lastmod', async () => {
    const items = await entries('/sitemaps/holiday.xml');
    const urls = items.map((item) => item.url);
    expect(urls).toHaveLength(6 * 4);
    for (const locale of LOCALES) expect(urls).toContain(`http://immo.test${urlFor('holiday', locale, { rentalUnitId: 104 })}`);
    const knokke = items.find((item) => item.url === `http://immo.test${urlFor('holiday', 'fr', { rentalUnitId: 101 })}`);
    expect(knokke?.links?.map((link) => [link.lang, link.url])).toEqual([
      ...LOCALES.map((locale) => [locale, `http://immo.test${urlFor('holiday', locale, { rentalUnitId: 101 })}`]),
      ['x-default', `http://immo.test${urlFor('holiday', 'nl', { rentalUnitId: 101 })}`],
    ]);
    expect(Date.parse(knokke?.lastmod ?? '')).not.toBeNaN();
  });

  it('lists the site’s pages (home, holiday overview, contact, privacy, terms, keep me informed) in every locale', async () => {
    const urls = (await entries('/sitemaps/pages.xml')).map((item) => item.url);
    for (const route of ['home', 'holidayOverview', 'contact', 'privacy', 'terms', 'subscribe']) {
      for (const locale of LOCALES) expect(urls).toContain(`http://immo.test${urlFor(route, locale)}`);
    }
  });

  it('leaves the noindex pages out: favourites and token pages', async () => {
    const urls = (await entries('/sitemaps/pages.xml')).map((item) => item.url);
    for (const locale of LOCALES) expect(urls).not.toContain(`http://immo.test${urlFor('favorites', locale)}`);
    expect(urls.filter((url) => url.includes(urlFor('subscribe', 'nl')) && url !== `http://immo.test${urlFor('subscribe', 'nl')}`)).toEqual([]);
  });

  it('lists every search landing page in the four locales with hreflang alternates (x-default nl)', async () => {
    const landing = await sut.app.get(SearchService).landingPages();
    expect(landing.length).toBeGreaterThan(0);
    const items = await entries('/sitemaps/pages.xml');
    for (const page of landing) {
      for (const locale of LOCALES) {
        const item = items.find((entry) => entry.url === `http://immo.test${searchHref(locale, page.query)}`);
        expect(item?.links?.map((link) => [link.lang, link.url])).toEqual([
          ...LOCALES.map((other) => [other, `http://immo.test${searchHref(other, page.query)}`]),
          ['x-default', `http://immo.test${searchHref('nl', page.query)}`],
        ]);
        expect(Date.parse(item?.lastmod ?? '')).not.toBeNaN();
      }
    }
    // Every landing URL is a page that says it may be indexed.
    const first = await get(searchHref('fr', landing[0]!.query));
    expect(first.status).toBe(200);
    expect(first.text).not.toMatch(/<meta name="robots" content="noindex/);
  });

  it('keeps listings and projects apart: a project and its units are in the projects sitemap only', async () => {
    const listings = (await entries('/sitemaps/listings.xml')).map((item) => item.url);
    const projects = (await entries('/sitemaps/projects.xml')).map((item) => item.url);
    expect(listings.length).toBeGreaterThan(0);
    expect(projects.length).toBeGreaterThan(0);
    expect(listings.filter((url) => projects.includes(url))).toEqual([]);
    for (const item of await entries('/sitemaps/listings.xml')) expect(item.links).toHaveLength(5);
  });

  it('names every visible listing and unit by the path its page has, in every locale (the sitemap reads only the path’s fields)', async () => {
    const urls = new Set([...(await entries('/sitemaps/listings.xml')), ...(await entries('/sitemaps/projects.xml'))].map((item) => item.url));
    const { hiddenStatus } = await sut.app.get(SettingsService).current();
    const expected = visibleListings(await sut.app.get(EstateRepository).findAll(), hiddenStatus).flatMap((estate) =>
      LOCALES.flatMap((locale) => {
        const t = sut.app.get(TranslationService).forLocale(locale);
        return [estatePath(estate, t), ...estate.children.map((unit) => estatePath(unit, t, estate))].map((path) => `http://immo.test${path}`);
      }),
    );
    expect(expected.length).toBeGreaterThan(100);
    expect([...urls].sort()).toEqual(expected.sort());
  });

  it('answers 404 for a sitemap that does not exist', async () => {
    expect((await get('/sitemaps/other.xml')).status).toBe(404);
    expect((await get('/sitemaps/holiday')).status).toBe(404);
  });

  it('answers 404 for a part past the last one (the demo catalogue fits in one), and for part "1", which is the sitemap itself', async () => {
    expect((await get('/sitemaps/listings-2.xml')).status).toBe(404);
    expect((await get('/sitemaps/listings-1.xml')).status).toBe(404);
  });
});

describe('sitemap after a sync (Zabun fake)', () => {
  let crm: FakeCrmServer;
  let sut: TestApp;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    sut = await startTestApp(fakeCrmEnv(crm));
  });

  afterAll(async () => {
    await sut?.close();
    await crm?.stop();
  });

  it('names a listing the sync brought in, and no longer one it removed (the listings are kept per catalogue version)', async () => {
    const listings = async () => (await request(sut.server).get('/sitemaps/listings.xml')).text;
    const [first] = crm.sourceA.properties;
    const firstId = (await sut.app.get(EstateRepository).findAll()).find((estate) => estate.source === 'A' && estate.sourceId === String(first!.property_id))!.id;
    expect(await listings()).toContain(`/nl/aanbod/${firstId}/`);

    const added = { ...first!, property_id: 910_001, reference: 'NEW-1', changed: new Date().toISOString() };
    crm.sourceA.properties = [...crm.sourceA.properties.filter((property) => property !== first), added];
    crm.sourceA.media['14'] = [...(crm.sourceA.media['14'] ?? []), 910_001];
    await sut.app.get(EstateSyncService).syncAll(undefined, { full: true });
    const addedId = (await sut.app.get(EstateRepository).findAll()).find((estate) => estate.sourceId === '910001')!.id;
    const xml = await until('the sitemap after the sync', listings, (text) => text.includes(`/nl/aanbod/${addedId}/`));
    expect(xml).not.toContain(`/nl/aanbod/${firstId}/`);
  });
});

describe('sitemap of a site without holiday units', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
    await sut.app.get(DataSource).query('DELETE FROM holiday_rental_units');
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('leaves the empty holiday sitemap out of the index, and its file is a 404 (a sitemap needs at least one url)', async () => {
    const index = await parseSitemapIndex(Readable.from([(await request(sut.server).get('/sitemap.xml')).text]));
    expect(index.map((item) => item.url)).toEqual(['listings', 'projects', 'pages'].map((name) => `http://immo.test/sitemaps/${name}.xml`));
    expect((await request(sut.server).get('/sitemaps/holiday.xml')).status).toBe(404);
  });
});
