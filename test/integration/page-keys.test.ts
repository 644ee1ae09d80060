import request from 'supertest';
import { RenderCacheService } from '../../src/shell/rendering/render-cache.service.js';
import { EstateDetailService } from '../../src/detail/estate-detail.service.js';
import { urlFor } from '../../src/routing/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A standalone listing of the demo catalogue and a demo holiday unit. */
const LISTING = 1001;
const HOLIDAY_UNIT = 101;

/**
 * A page is keyed by the query parameters it reads: a loop of GETs with a parameter nobody reads is one page,
 * one ETag and one render-cache entry, not a new entry per URL that evicts the pages visitors want.
 */
describe('pages are keyed by the parameters they read', () => {
  let sut: TestApp;
  /** Each page's path, and a query parameter it reads (which must make another page). */
  const pages = new Map<string, { path: string; read: string | null }>();

  beforeAll(async () => {
    sut = await startTestApp();
    const detail = (await sut.app.get(EstateDetailService).find(LISTING))!.paths.nl;
    pages.set('detail page', { path: detail, read: '?sent=extra-info' });
    pages.set('holiday unit page', { path: urlFor('holiday', 'nl', { rentalUnitId: HOLIDAY_UNIT }), read: '?sent=1' });
    pages.set('holiday overview', { path: urlFor('holidayOverview', 'nl'), read: '?guests=4' });
    pages.set('home/search page', { path: urlFor('home', 'nl'), read: '?priceMax=300000' });
    pages.set('privacy page', { path: urlFor('privacy', 'nl'), read: null });
  });

  afterAll(async () => {
    await sut?.close();
  });

  it.each(['detail page', 'holiday unit page', 'holiday overview', 'home/search page', 'privacy page'])('%s: `?x=<i>` gives the same ETag and no new render-cache entry; a parameter it reads does', async (name) => {
    const { path, read } = pages.get(name)!;
    const first = await request(sut.server).get(path);
    expect({ name, status: first.status }).toEqual({ name, status: 200 });
    const stored = jest.spyOn(sut.app.get(RenderCacheService), 'set');
    try {
      for (let i = 0; i < 20; i++) {
        const response = await request(sut.server).get(`${path}?x=${i}&utm_source=loop${i}`);
        expect({ name, i, status: response.status, etag: response.headers.etag }).toEqual({ name, i, status: 200, etag: first.headers.etag });
      }
      expect({ name, stored: stored.mock.calls.length }).toEqual({ name, stored: 0 });
      if (read) {
        const other = await request(sut.server).get(`${path}${read}&x=1`);
        expect(other.status).toBe(200);
        expect(other.headers.etag).not.toBe(first.headers.etag);
      }
    } finally {
      stored.mockRestore();
    }
  });
});

describe('a cached page carries nothing of the first URL but what it reads', () => {
  let sut: TestApp;

  afterAll(async () => {
    await sut?.close();
  });

  it("a search's hearts return to the search itself, not to the first visitor's extra parameters", async () => {
    sut = await startTestApp();
    const first = await request(sut.server).get(`${urlFor('home', 'nl')}?transaction=buy&headTypes=HOUSE&utm_source=cheap-pills.example&x=%3Cb%3E`);
    const later = await request(sut.server).get(`${urlFor('home', 'nl')}?transaction=buy&headTypes=HOUSE`);
    expect(later.headers.etag).toBe(first.headers.etag);
    const backs = [...later.text.matchAll(/name="back" value="([^"]*)"/g)].map((match) => match[1]);
    expect(backs.length).toBeGreaterThan(0);
    for (const back of backs) expect(back).toBe(`${urlFor('home', 'nl')}?transaction=buy&amp;headTypes=HOUSE`);
  });
});
