import request from 'supertest';
import { DataSource } from 'typeorm';
import { ChangeFeedService } from '../../src/database/change-feed.service.js';
import { EstateDetailService } from '../../src/detail/estate-detail.service.js';
import { CatalogueVersionService } from '../../src/estates/persistence/catalogue-version.service.js';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { LOCALES } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { SectionCacheService } from '../../src/shell/rendering/section-cache.service.js';
import { storeEstates } from '../factories/estate.factory.js';
import { until } from '../support/poll.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The searches a visitor makes: the home page (also spelled out), another order, a second page, a filter, rentals. */
const QUERIES = ['', '?sort=newest&page=1', '?sort=price-asc', '?page=2', '?transaction=sale&types=HOUSE', '?transaction=rent'];

/** The landing searches a results page links to ("houses for sale in Gent"): indexed pages of their own. */
function landingLinks(html: string): string[] {
  const nav = /<nav class="landing-links"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...nav.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}

/** The cards of a results page, in order: their listing ids. */
function cardIds(html: string): number[] {
  return [...html.matchAll(/<article class="estate-card[^"]*" data-estate-id="(\d+)"/g)].map((match) => Number(match[1]));
}

/**
 * The search page's cards as kept sections (views/components/estate-card.tsx) with the render cache off, so every
 * request renders the page: the kept cards must give the bytes rendering them in place gives, follow a listing's
 * version, the locale and the badge settings, and leave each heart's return path to its request.
 */
describe('search page cards kept between renders', () => {
  let sut: TestApp;
  let sections: SectionCacheService;

  beforeAll(async () => {
    sut = await startTestApp({ RENDER_CACHE_MB: '0' });
    sections = sut.app.get(SectionCacheService);
  });

  afterAll(async () => {
    await sut?.close();
  });

  const get = async (path: string) => {
    const response = await request(sut.server).get(path);
    expect(response.status).toBe(200);
    return response.text;
  };

  /** The page with every card rendered in place (as SECTION_CACHE_MB=0 renders it): the reference bytes. */
  async function inPlace(path: string): Promise<string> {
    const off = jest.spyOn(sections, 'enabled', 'get').mockReturnValue(false);
    try {
      return await get(path);
    } finally {
      off.mockRestore();
    }
  }

  it('gives the bytes of rendering every card, the form and the landing links in place, first and kept, for every search in every locale', async () => {
    for (const locale of LOCALES) {
      const landing = landingLinks(await inPlace(urlFor('home', locale)));
      expect(landing.length).toBeGreaterThan(2);
      for (const path of [...QUERIES.map((query) => urlFor('home', locale) + query), ...landing.slice(0, 2)]) {
        const first = await get(path);
        const stored = jest.spyOn(sections, 'set');
        let kept: string;
        try {
          kept = await get(path);
          // The second render renders no card, and no form of an indexed search: each one is copied from the store.
          expect(stored).not.toHaveBeenCalled();
        } finally {
          stored.mockRestore();
        }
        const reference = await inPlace(path);
        expect(cardIds(reference).length).toBeGreaterThan(0);
        expect(first).toBe(reference);
        expect(kept).toBe(reference);
      }
    }
  });

  it('keeps the form of the home page and the landing pages only, never of a visitor’s own search', async () => {
    const formsStored = async (path: string) => {
      const stored = jest.spyOn(sections, 'set');
      try {
        await get(path);
        return stored.mock.calls.filter(([key]) => key.includes('\u0000form ')).length;
      } finally {
        stored.mockRestore();
      }
    };
    const home = urlFor('home', 'en');
    // One the test above did not ask for: each indexed search's form kept once, then copied.
    const landing = landingLinks(await get(home)).at(-1)!;
    expect(await formsStored(landing)).toBe(1);
    expect(await formsStored(landing)).toBe(0);
    for (let price = 1; price <= 3; price++) {
      const own = `${home}?transaction=buy&priceMin=${price * 123_457}`;
      expect(await formsStored(own)).toBe(0);
      expect(await get(own)).toContain(`<option value="${price * 123_457}" selected="">`);
    }
  });

  it('shares a card between searches, with each heart returning to its own search', async () => {
    const home = urlFor('home', 'nl');
    const byPrice = `${home}?sort=price-desc`;
    const first = await get(home);
    const stored = jest.spyOn(sections, 'set');
    let other: string;
    let renderedBodies: number[];
    try {
      other = await get(byPrice);
      renderedBodies = stored.mock.calls.flatMap(([key]) => /card:(\d+):body:/.exec(key)?.slice(1).map(Number) ?? []);
    } finally {
      stored.mockRestore();
    }
    // The cards both searches show were copied, not rendered again (a photo only where its loading changed: the
    // first two cards of a page load eagerly).
    const shared = cardIds(first).filter((candidate) => cardIds(other).includes(candidate));
    expect(shared.length).toBeGreaterThan(0);
    expect(renderedBodies.filter((rendered) => shared.includes(rendered))).toEqual([]);
    const id = shared[0]!;
    const heart = (html: string) => new RegExp(`data-favorite-id="${id}"[^>]*><input type="hidden" name="intent" value="add"/><input type="hidden" name="back" value="([^"]*)"/>`).exec(html)?.[1];
    expect(heart(first)).toBe(home);
    expect(heart(other)).toMatch(/^\/nl\?(.+&amp;)?sort=price-desc$/);
    expect(other).toBe(await inPlace(byPrice));
  });

  it('shows a listing’s new version and new badge settings on the next search, in the kept cards too', async () => {
    const home = urlFor('home', 'nl');
    const before = await get(home);
    const id = cardIds(before)[0]!;
    const found = (await sut.app.get(EstateDetailService).find(id))!;
    const original = found.estate;
    const newTitle = 'Herenhuis met stadstuin en atelier';
    // As a sync does: the row, then the change on the feed; the catalogue's version (which names the search page)
    // is read again from the database after it, asynchronously, so the next search waits for it as a replica would.
    const catalogue = sut.app.get(CatalogueVersionService);
    const synced = async (estate: typeof original) => {
      const was = catalogue.current;
      await storeEstates(sut.app.get(DataSource), [estate]);
      await sut.app.get(ChangeFeedService).publish('estates', { ids: [estate.id] });
      await until('the catalogue version moves', async () => catalogue.current, (version) => version !== was);
    };
    await synced({ ...original, title: { ...original.title, nl: newTitle } });
    try {
      const after = await get(home);
      expect(after).toContain(`>${newTitle}</a>`);
      expect(after).toBe(await inPlace(home));
    } finally {
      await synced(original);
    }
    expect(await get(home)).toBe(before);

    // The demo's listings came in with this run's sync: each card says "new" until the setting turns it off.
    expect(before).toContain('history-badge--new');
    const settings = sut.app.get(SettingsService);
    const { newBadgeDays } = await settings.current();
    await settings.set('newBadgeDays', 0);
    try {
      const off = await get(home);
      expect(off).not.toContain('history-badge--new');
      expect(off).toBe(await inPlace(home));
    } finally {
      await settings.set('newBadgeDays', newBadgeDays);
    }
    expect(await get(home)).toBe(before);
  });

  it('never gives a locale another locale’s card', async () => {
    const rows = await sut.app.get(DataSource).getRepository(EstateEntity).count();
    expect(rows).toBeGreaterThan(0);
    await get(urlFor('home', 'nl'));
    for (const locale of LOCALES.filter((other) => other !== 'nl')) {
      const path = urlFor('home', locale);
      const html = await get(path);
      // Every card links to the listing's page in the page's locale.
      const links = [...html.matchAll(/class="estate-card__link"[^>]*href="([^"]+)"|href="([^"]+)" class="estate-card__link"/g)].map((match) => match[1] ?? match[2]);
      expect(links.length).toBe(cardIds(html).length);
      for (const link of links) expect(link!.startsWith(`/${locale}/`)).toBe(true);
      expect(html).toBe(await inPlace(path));
    }
  });
});
