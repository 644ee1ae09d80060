import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EstateRepository } from '../../src/estates/persistence/estate.repository.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import type { SourceBListing } from '../../src/estates/sources/source-b/source-b.types.js';
import { formatDate } from '../../src/estates/domain/format.js';
import { urlFor } from '../../src/routing/routes.js';
import { encodeFavorites, FAVORITES_COOKIE } from '../../src/favorites/favorites-cookie.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type Writable<T> = { -readonly [K in keyof T]: T[K] };
type Listing = Writable<SourceBListing> & { price: { value: number; visible?: boolean } };

/** A listing of the fake feed, changed in place as the CRM would. */
function listingB(crm: FakeCrmServer, reference: string): Listing {
  const listing = crm.sourceB.listings.find((item) => item.reference === reference);
  if (!listing) throw new Error(`no listing ${reference} in the fake feed`);
  return listing as Listing;
}

/** The ids of the search's result cards, in order. */
function cardIds(html: string): number[] {
  return [...html.matchAll(/<article class="estate-card[^"]*" data-estate-id="(\d+)"/g)].map((match) => Number(match[1]));
}

/** The badges of one card of a results page. */
function badgesOf(html: string, id: number): string[] {
  const card = html.match(new RegExp(`<article class="estate-card[^"]*" data-estate-id="${id}".*?</article>`, 's'))?.[0];
  if (!card) throw new Error(`no card ${id} on the page`);
  return [...card.matchAll(/history-badge--(\w+)">([^<]+)</g)].map((match) => `${match[1]}:${match[2]}`);
}

describe('price history: two real syncs through the CRM boundary', () => {
  let crm: FakeCrmServer;
  let sut: TestApp;
  let idOf: (reference: string) => Promise<number>;
  /** The day of the syncs that changed prices, as the page writes it: the day they began and the day they ended, which
   * differ when they straddle midnight in Brussels (a pattern: a date holds only digits and slashes). */
  let syncDay: string;
  const get = (path: string) => request(sut.server).get(path).redirects(1);
  const detail = async (reference: string, locale: 'nl' | 'fr' = 'nl') => get(urlFor('detail', locale, { estateId: await idOf(reference), slug: 'x' }));
  const search = (query: string, locale: 'nl' | 'fr' = 'nl') => get(`${urlFor('home', locale)}?${query}`);

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    // Sync 1: the empty cache's first fill. Every listing was on offer before the site knew it: none is "new".
    sut = await startTestApp(fakeCrmEnv(crm));
    idOf = async (reference) => (await sut.app.get(EstateRepository).findIdByReference(reference))!;

    // The CRM changes, then sync 2: a price drop, a rise, a new listing, a price hidden after its drop.
    const dropped = listingB(crm, 'B-5004');
    dropped.price = { ...dropped.price, value: 260_000 };
    const risen = listingB(crm, 'B-5014');
    risen.price = { ...risen.price, value: risen.price.value + 10_000 };
    const hidden = listingB(crm, 'B-5010');
    hidden.price = { ...hidden.price, value: hidden.price.value - 20_000 };
    crm.sourceB.listings.push({ ...structuredClone(crm.sourceB.listings[0]!), id: 5950, guid: randomUUID(), reference: 'B-5950' });
    const began = formatDate(new Date());
    await sut.app.get(EstateSyncService).syncAll(undefined, { full: true });
    syncDay = `(?:${[...new Set([began, formatDate(new Date())])].join('|')})`;
    // Sync 3: the agency hides B-5010's price after its drop ("price on request").
    hidden.price = { ...hidden.price, visible: false };
    await sut.app.get(EstateSyncService).syncAll(undefined, { full: true });
  });

  afterAll(async () => {
    await sut?.close();
    await crm?.stop();
  });

  it('shows a price drop on the detail page with the price it was, in the page language, newest first', async () => {
    const nl = await detail('B-5004');
    expect(nl.status).toBe(200);
    expect(nl.text).toMatch(new RegExp(`Prijs verlaagd op ${syncDay}: was €\u00a0310\\.000,00`));
    const fr = await detail('B-5004', 'fr');
    expect(fr.text).toMatch(new RegExp(`Prix baissé le ${syncDay} : était de €\u00a0310\\.000,00`));
    // A rise says so; the first fill's sighting is no "listed on".
    const risen = await detail('B-5014');
    expect(risen.text).toMatch(new RegExp(`Prijs verhoogd op ${syncDay}: was €\u00a0275\\.000,00`));
    expect(risen.text).not.toContain('Op de site gezet');
    // A listing first seen by a later sync says when it came on the site.
    expect((await detail('B-5950')).text).toMatch(new RegExp(`Op de site gezet op ${syncDay}`));
  });

  it('never shows an amount or a reduction of a price the agency hides', async () => {
    const page = await detail('B-5010');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('price-history__item--reduced');
    expect(page.text).not.toMatch(/was €/);
    expect(page.text).not.toContain('250.000');
    expect(badgesOf((await search('reference=B-5010')).text, await idOf('B-5010'))).toEqual([]);
  });

  it('puts the badges on the search cards: "price reduced" after a drop, "new" after a first sighting', async () => {
    const dropped = await idOf('B-5004');
    const fresh = await idOf('B-5950');
    expect(badgesOf((await search('reference=B-5004')).text, dropped)).toEqual(['reduced:Prijs verlaagd']);
    expect(badgesOf((await search('reference=B-5950', 'fr')).text, fresh)).toEqual(['new:Nouveau']);
    // A rise is no reduction, and a listing of the first fill is not new.
    expect(badgesOf((await search('reference=B-5014')).text, await idOf('B-5014'))).toEqual([]);
  });

  it('puts the same badges on the cards of the favourites page', async () => {
    const [dropped, fresh, risen] = await Promise.all([idOf('B-5004'), idOf('B-5950'), idOf('B-5014')]);
    const cookie = `${FAVORITES_COOKIE}=${encodeFavorites([dropped, fresh, risen], sut.config.COOKIE_SECRET)}`;
    const page = await get(urlFor('favorites', 'nl')).set('Cookie', cookie);
    expect(page.status).toBe(200);
    expect(badgesOf(page.text, dropped)).toEqual(['reduced:Prijs verlaagd']);
    expect(badgesOf(page.text, fresh)).toEqual(['new:Nieuw']);
    expect(badgesOf(page.text, risen)).toEqual([]);
  });

  it('sorts the most recent price reduction first, then the rest by newest', async () => {
    const page = await search('transaction=buy&sort=reduced');
    expect(page.status).toBe(200);
    const ids = cardIds(page.text);
    expect(ids[0]).toBe(await idOf('B-5004'));
    // The rest as "newest" orders them.
    const newest = cardIds((await search('transaction=buy')).text).filter((id) => id !== ids[0]);
    expect(ids.slice(1)).toEqual(newest.slice(0, ids.length - 1));
    expect(page.text).toMatch(/<option value="reduced" selected="">Recent in prijs verlaagd<\/option>/);
  });

  it('turns the badges off and on with the settings, and the page follows at once', async () => {
    const settings = sut.app.get(SettingsService);
    const dropped = await idOf('B-5004');
    const fresh = await idOf('B-5950');
    const before = await search('reference=B-5004');
    const similar = () => get(urlFor('ajaxSimilarEstates', 'nl', { estateId: dropped }));
    const similarBefore = await similar();
    try {
      await settings.set('reducedBadgeDays', 0);
      await settings.set('newBadgeDays', 0);
      const off = await search('reference=B-5004');
      expect(off.headers.etag).not.toBe(before.headers.etag);
      // The similar estates' cards carry badges too: their fragment's version follows the settings as well.
      const similarOff = await similar();
      expect(similarOff.status).toBe(200);
      expect(similarOff.headers.etag).not.toBe(similarBefore.headers.etag);
      expect(badgesOf(off.text, dropped)).toEqual([]);
      expect(badgesOf((await search('reference=B-5950')).text, fresh)).toEqual([]);
      await settings.set('newBadgeDays', 1);
      expect(badgesOf((await search('reference=B-5950')).text, fresh)).toEqual(['new:Nieuw']);
    } finally {
      await settings.unset('reducedBadgeDays');
      await settings.unset('newBadgeDays');
    }
  });

  it('refuses an unknown sort order without a 500 (the search drops it)', async () => {
    const page = await search('sort=cheapest-first');
    expect(page.status).toBeLessThan(500);
  });
});
