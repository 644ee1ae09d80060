import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { addDays, todayInBelgium } from '../../src/holiday/domain/stay.js';
import { LOCALES, type Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { collectPageErrors, screenshot, VIEWPORTS } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';
import { DataSource, IsNull } from 'typeorm';
import { CONSENT_COOKIE } from '../../src/consent/consent.js';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { encodeFavorites, FAVORITES_COOKIE } from '../../src/favorites/favorites-cookie.js';

/** The Knokke studio: a holiday unit with a season price table. */
const UNIT = 101;

/** Where an element is against the viewport: in it when its top and bottom are on screen. */
function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const box = document.querySelector(css)?.getBoundingClientRect();
    return !!box && box.top >= 0 && box.bottom <= window.innerHeight;
  }, selector);
}

type Box = { left: number; right: number; top: number; bottom: number };
const overlaps = (a: Box, b: Box, gap: number) => a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap;

/**
 * One app (with the local tile server) and one Chromium for both describes: the visitor polish, and issue 38's cards
 * and favourites (once a file of its own, which started an app and a browser of its own, the same but for the tile
 * server: its maps now load their tiles locally instead of failing to reach openstreetmap.org).
 */
let app: ServedApp;
let browser: Browser;
let served: BrowserApp;

beforeAll(async () => {
  ({ app, browser } = served = await startBrowserApp({ FORM_RATE_LIMIT: '100' }, { tiles: true }));
});

afterAll(() => served?.close());

describe('visitor polish in a browser (issue 18, defect 12)', () => {
  /** A fresh context, closed whatever the test does. */
  async function withPage(options: BrowserContextOptions, run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext(options);
    try {
      await run(await context.newPage());
    } finally {
      await context.close();
    }
  }

  /** Fills the booking form with a stay that starts in the past: refused by the server (the browser's own checks are off). */
  async function sendRefusedBooking(page: Page): Promise<void> {
    await page.goto(`${app.baseUrl}${urlFor('holiday', 'nl', { rentalUnitId: UNIT })}`);
    const form = page.locator('#booking-form');
    await form.evaluate((element: HTMLFormElement) => (element.noValidate = true));
    await form.locator('[name="arrival"]').fill(addDays(todayInBelgium(), -3));
    await form.locator('[name="departure"]').fill(addDays(todayInBelgium(), 2));
    await form.locator('[name="guests"]').fill('2');
    await form.locator('[name="name"]').fill('Els Janssens');
    await form.locator('[name="email"]').fill('els@example.be');
    await form.locator('[name="privacyConsent"]').check();
    await form.locator('button[type="submit"]:not([formaction])').click();
  }

  describe.each(Object.entries(VIEWPORTS))('a refused holiday booking (%s)', (name, viewport) => {
    it('without JavaScript opens the refused page at the error summary, which links to the fields', async () => {
      await withPage({ viewport, javaScriptEnabled: false }, async (page) => {
        await sendRefusedBooking(page);
        await page.waitForURL(/#booking-errors$/);
        const summary = page.locator('#booking-errors');
        await summary.waitFor();
        expect(await inViewport(page, '#booking-errors')).toBe(true);
        expect(await summary.getByRole('link').first().getAttribute('href')).toBe('#booking-arrival');
        await screenshot(page, `booking-refused-nojs-${name}`, false);
      });
    });

    it('with JavaScript swaps the form in place, moves the focus to the error summary and scrolls it into view', async () => {
      await withPage({ viewport }, async (page) => {
        const errors = collectPageErrors(page);
        await page.goto(`${app.baseUrl}${urlFor('holiday', 'nl', { rentalUnitId: UNIT })}`);
        await page.locator('#booking-form[data-island-state="mounted"]').waitFor();
        const url = page.url();
        await sendRefusedBooking(page);
        await page.waitForFunction(() => document.activeElement?.id === 'booking-errors');
        expect(page.url().split('#')[0]).toBe(url.split('#')[0]);
        expect(await inViewport(page, '#booking-errors')).toBe(true);
        await screenshot(page, `booking-refused-js-${name}`, false);
        // The 422 is expected (the browser logs it); nothing else may go wrong.
        expect(errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
      });
    });
  });

  it('fits the season price table in a 390 px screen: no sideways scrolling and its last column visible', async () => {
    await withPage({ viewport: VIEWPORTS.phone }, async (page) => {
      await page.goto(`${app.baseUrl}${urlFor('holiday', 'nl', { rentalUnitId: UNIT })}`);
      const table = page.locator('table.holiday__prices');
      await table.scrollIntoViewIfNeeded();
      const fit = await page.evaluate(() => {
        const prices = document.querySelector('table.holiday__prices')!;
        const cells = [...prices.querySelectorAll('tr')].map((row) => row.lastElementChild!.getBoundingClientRect());
        const frame = (prices.closest('.table-scroll') ?? prices).getBoundingClientRect();
        return {
          pageScrolls: document.scrollingElement!.scrollWidth > window.innerWidth,
          lastColumnCut: cells.some((cell) => cell.width === 0 || cell.right > Math.min(frame.right, window.innerWidth) + 0.5),
        };
      });
      expect(fit).toEqual({ pageScrolls: false, lastColumnCut: false });
      await table.screenshot({ path: `${await screenshot(page, 'holiday-prices-390', false)}`.replace(/\.png$/, '-table.png') });
    });
  });

  it.each(LOCALES)('shows the whole chosen option of every select at 390 px (%s)', async (locale: Locale) => {
    await withPage({ viewport: VIEWPORTS.phone }, async (page) => {
      const cut: string[] = [];
      for (const path of [urlFor('home', locale), urlFor('subscribe', locale)]) {
        await page.goto(`${app.baseUrl}${path}`);
        await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
        cut.push(
          ...(await page.evaluate(() => {
            const canvas = document.createElement('canvas').getContext('2d')!;
            return [...document.querySelectorAll('select')].flatMap((select) => {
              const style = getComputedStyle(select);
              canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
              // The room for the text: the box less its padding and the drop-down arrow (about 1.5 em).
              const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 0.5 * parseFloat(style.fontSize);
              const longest = Math.max(...[...select.options].map((option) => canvas.measureText(option.text).width));
              const fits = select.scrollWidth <= select.clientWidth && longest <= room;
              return fits ? [] : [`${select.name}: "${[...select.options].map((option) => option.text).join('|')}" ${Math.round(longest)} px in ${Math.round(room)} px`];
            });
          })),
        );
      }
      if (locale === 'nl') await screenshot(page, 'subscribe-selects-nl-390');
      expect(cut).toEqual([]);
    });
  });

  it.each(Object.entries(VIEWPORTS))('without JavaScript, a pressed heart comes back pressed and says it was saved (%s)', async (name, viewport) => {
    await withPage({ viewport, javaScriptEnabled: false }, async (page) => {
      await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`);
      const heart = page.locator('.estate-card .favorite-toggle').nth(2);
      const id = await heart.getAttribute('data-favorite-id');
      await heart.getByRole('button').click();
      await page.waitForURL(new RegExp(`#favorite-${id}$`));
      const flash = page.locator(`#favorite-${id} .favorite-toggle__flash--saved`);
      expect(await flash.isVisible()).toBe(true);
      expect(await flash.textContent()).toBe('Bewaard in uw favorieten.');
      expect(await inViewport(page, `#favorite-${id}`)).toBe(true);
      // The heart on screen is filled like a pressed one: the saved heart the favourites stylesheet shows (issue 38).
      const shown = page.locator(`#favorite-${id} .favorite-toggle__button:visible`);
      expect(await shown.locator('svg').evaluate((svg) => getComputedStyle(svg).fill)).not.toBe('none');
      await screenshot(page, `favorite-saved-nojs-${name}`, false);

      // Pressed again, it removes the listing, and says so.
      await shown.click();
      await page.waitForURL(new RegExp(`#favorite-${id}-removed$`));
      expect(await page.locator(`#favorite-${id}-removed`).isVisible()).toBe(true);
    });
  });
});

/** Issue 38: listing cards, hearts, the favourites count and the comparison, at the widths, locales and JS states it names. */
describe('cards and favourites in a browser (issue 38)', () => {
  let forSale: number[];

  beforeAll(async () => {
    const listings = await app.app.get(DataSource).getRepository(EstateEntity).find({ where: { parentId: IsNull(), isProject: false, status: 'FOR_SALE' }, order: { id: 'ASC' } });
    forSale = listings.map((listing) => listing.id);
  });

  /** A fresh context (the cookie question answered, favourites as given), closed whatever the test does. */
  async function withPage(options: BrowserContextOptions & { favorites?: readonly number[] }, run: (page: Page) => Promise<void>): Promise<void> {
    const { favorites, ...contextOptions } = options;
    const context = await browser.newContext(contextOptions);
    try {
      const { hostname } = new URL(app.baseUrl);
      await context.addCookies([
        { name: CONSENT_COOKIE, value: 'declined', domain: hostname, path: '/' },
        ...(favorites ? [{ name: FAVORITES_COOKIE, value: encodeFavorites(favorites, app.config.COOKIE_SECRET), domain: hostname, path: '/' }] : []),
      ]);
      await run(await context.newPage());
    } finally {
      await context.close();
    }
  }

  /** Every page of a search's results (the pagination's links), from its first. */
  async function resultPages(page: Page, first: string): Promise<string[]> {
    await page.goto(first);
    const more = await page.locator('.pagination a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    return [first, ...new Set(more.filter((href) => href !== page.url()))];
  }

  describe.each(['nl', 'de'] as const)('search cards at 1280 px (%s)', (locale) => {
    it('never slide a status sticker under the heart, on any card of the buy and rent results', async () => {
      await withPage({ viewport: VIEWPORTS.desktop }, async (page) => {
        const searches = [`${app.baseUrl}${urlFor('home', locale)}`, `${app.baseUrl}${urlFor('home', locale)}?transaction=rent`];
        const touching: string[] = [];
        let cards = 0;
        for (const search of searches) {
          for (const url of await resultPages(page, search)) {
            await page.goto(url);
            const boxes = await page.locator('.search-results .estate-card').evaluateAll((elements) =>
              elements.map((card) => {
                const box = (element: Element | null) => {
                  const rect = element!.getBoundingClientRect();
                  return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
                };
                return {
                  id: card.getAttribute('data-estate-id'),
                  heart: box(card.querySelector('.favorite-toggle__button')),
                  stickers: [...card.querySelectorAll('.estate-card__badges > *')].map((sticker) => ({ text: sticker.textContent, box: box(sticker) })),
                };
              }),
            );
            cards += boxes.length;
            // A clear gap (a quarter rem), not a sticker touching the heart's ring.
            for (const card of boxes) for (const sticker of card.stickers) if (overlaps(sticker.box, card.heart, 4)) touching.push(`${card.id}: ${sticker.text}`);
          }
        }
        expect(cards).toBeGreaterThan(12);
        expect(touching).toEqual([]);
        await page.goto(searches[0]!);
        await screenshot(page, `cards-favourites-search-${locale}-1280`);
      });
    });
  });

  it('shows the favourites count in the header on a phone (390 px, JavaScript on)', async () => {
    await withPage({ viewport: VIEWPORTS.phone, favorites: forSale.slice(0, 2) }, async (page) => {
      await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`);
      const badge = page.locator('.site-nav #favorites-badge');
      await page.waitForFunction(() => document.querySelector('#favorites-badge')?.textContent === '2');
      const box = await badge.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { width: rect.width, height: rect.height, visible: element.checkVisibility({ visibilityProperty: true }), clipped: getComputedStyle(element).clip };
      });
      expect(box.visible).toBe(true);
      expect(box.width).toBeGreaterThanOrEqual(12);
      expect(box.height).toBeGreaterThanOrEqual(12);
      expect(box.clipped).toBe('auto');
      // The label beside the icon stays for screen readers only.
      expect(await page.locator('.site-nav a[href$="/favorieten"] > span:not(.favorites-badge)').evaluate((label) => label.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
      await page.locator('.site-header').screenshot({ path: `${process.cwd()}/test-output/screenshots/cards-favourites-header-390.png` });
    });
  });

  it('keeps the keyboard focus on the heart it pressed, with JavaScript (Enter saves, Space removes)', async () => {
    await withPage({ viewport: VIEWPORTS.desktop }, async (page) => {
      const errors = collectPageErrors(page);
      await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`);
      await page.waitForFunction(() => Boolean((window as unknown as { htmx?: unknown }).htmx));
      const cards = page.locator('.search-results .estate-card');
      const second = await cards.nth(1).getAttribute('data-estate-id');
      // From the first card's title, Tab reaches the second card's heart (it comes before its title).
      await cards.nth(0).locator('.estate-card__link').focus();
      await page.keyboard.press('Tab');
      const focused = () => page.evaluate(() => {
        const active = document.activeElement;
        return { heart: active?.matches('.favorite-toggle__button') ?? false, id: active?.closest('form')?.getAttribute('data-favorite-id') ?? null, pressed: active?.getAttribute('aria-pressed') ?? null };
      });
      expect(await focused()).toEqual({ heart: true, id: second, pressed: 'false' });
      await page.keyboard.press('Enter');
      await page.locator(`form[data-favorite-id="${second}"] button[aria-pressed="true"]:not([hidden])`).waitFor();
      await page.waitForFunction(() => document.querySelector('#favorites-badge')?.textContent === '1');
      expect(await focused()).toEqual({ heart: true, id: second, pressed: 'true' });
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.keyboard.press('Space');
      await page.locator(`form[data-favorite-id="${second}"] button[aria-pressed="false"]:not([hidden])`).waitFor();
      expect(await focused()).toEqual({ heart: true, id: second, pressed: 'false' });
      expect(errors).toEqual([]);
    });
  });

  describe.each(Object.entries(VIEWPORTS))('a heart pressed without JavaScript (%s)', (name, viewport) => {
    it('shows the heart saved and the header counts it, on the page it returns to and on the next; pressed again, it removes it', async () => {
      await withPage({ viewport, javaScriptEnabled: false, favorites: [forSale[5]!] }, async (page) => {
        await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`);
        const id = await page.locator('.search-results .estate-card').first().getAttribute('data-estate-id');
        // The heart on screen (a saved listing's is another button of the same form).
        const heartOf = (listing: string | number) => page.locator(`form[data-favorite-id="${listing}"] .favorite-toggle__button:visible`);
        const state = (listing: string | number) =>
          heartOf(listing).evaluate((button) => ({ filled: getComputedStyle(button.querySelector('svg')!).fill !== 'none', pressed: button.getAttribute('aria-pressed'), label: button.getAttribute('aria-label') }));
        const saved = { filled: true, pressed: 'true', label: 'Verwijder uit favorieten' };
        const notSaved = { filled: false, pressed: 'false', label: 'Bewaar als favoriet' };
        const badge = () =>
          page.locator('.site-nav').evaluate((nav) => {
            const element = nav.querySelector('#favorites-badge')!;
            const rect = element.getBoundingClientRect();
            return { shown: rect.width > 0 && element.checkVisibility(), text: getComputedStyle(element, '::before').content };
          });
        expect(await state(id!)).toEqual(notSaved);
        expect(await badge()).toEqual({ shown: true, text: '"1"' });
        await Promise.all([page.waitForURL(new RegExp(`#favorite-${id}$`)), heartOf(id!).click()]);
        await page.locator('.search-results').waitFor();
        expect(await state(id!)).toEqual(saved);
        expect(await badge()).toEqual({ shown: true, text: '"2"' });
        await screenshot(page, `cards-favourites-nojs-saved-${name}`, false);
        // Another (cached) page: the listing saved before is shown saved, and both are counted.
        await page.goto(`${app.baseUrl}${urlFor('detailShort', 'nl', { estateId: forSale[5]! })}`);
        expect(await state(forSale[5]!)).toEqual(saved);
        expect(await badge()).toEqual({ shown: true, text: '"2"' });
        await screenshot(page, `cards-favourites-nojs-detail-${name}`, false);
        // Back on the search, the saved heart removes the listing.
        await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`);
        await Promise.all([page.waitForURL(new RegExp(`#favorite-${id}-removed$`)), heartOf(id!).click()]);
        await page.locator('.search-results').waitFor();
        expect(await state(id!)).toEqual(notSaved);
        expect(await badge()).toEqual({ shown: true, text: '"1"' });
      });
    });
  });

  describe.each(Object.entries(VIEWPORTS))('similar estates on the detail page (%s)', (name, viewport) => {
    it('show every card fact in full, the energy mention above all', async () => {
      await withPage({ viewport }, async (page) => {
        await page.goto(`${app.baseUrl}${urlFor('detailShort', 'nl', { estateId: forSale[0]! })}`);
        const block = page.locator('section.similar-estates:not([data-similar-estates])');
        await page.locator('.similar-estates').scrollIntoViewIfNeeded();
        await block.waitFor();
        const facts = await block.locator('.estate-card__facts li').evaluateAll((items) =>
          items.map((item) => {
            const list = item.closest('.estate-card__facts')!.getBoundingClientRect();
            const body = item.closest('.estate-card__body')!.getBoundingClientRect();
            const rect = item.getBoundingClientRect();
            const range = document.createRange();
            range.selectNodeContents(item);
            const text = range.getBoundingClientRect();
            const inside = (outer: DOMRect) => text.left >= outer.left - 0.5 && text.right <= outer.right + 0.5 && text.top >= outer.top - 0.5 && text.bottom <= outer.bottom + 0.5;
            return { text: item.textContent, full: item.scrollWidth <= item.clientWidth && inside(rect) && inside(list) && inside(body) };
          }),
        );
        expect(facts.filter((fact) => /kWh|CO2|EPC|EPB|PEB/.test(fact.text ?? '')).length).toBeGreaterThan(0);
        expect(facts.filter((fact) => !fact.full)).toEqual([]);
        await block.screenshot({ path: `${process.cwd()}/test-output/screenshots/cards-favourites-similar-${name}.png` });
      });
    });
  });

  describe.each(['nl', 'de'] as Locale[])('three listings compared on a phone (390 px, %s)', (locale) => {
    it('shows every listing without a hidden sideways scroll, and breaks no label mid-word', async () => {
      const three = forSale.slice(0, 3);
      await withPage({ viewport: VIEWPORTS.phone, favorites: three }, async (page) => {
        await page.goto(`${app.baseUrl}${urlFor('favoritesCompare', locale)}?${three.map((id) => `ids=${id}`).join('&')}`);
        await page.locator('table.compare-table').waitFor();
        const region = await page.locator('.compare-scroll').evaluate((scroll) => {
          const box = scroll.getBoundingClientRect();
          return {
            listings: [...scroll.querySelectorAll('.compare-table__listing')].map((listing) => {
              const rect = listing.getBoundingClientRect();
              return rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5;
            }),
            overflows: scroll.scrollWidth > scroll.clientWidth,
          };
        });
        expect(region).toEqual({ listings: [true, true, true], overflows: false });
        // Each word of a row's label on one line: a label wraps at its spaces only.
        const broken = await page.locator('.compare-row__label').evaluateAll((labels) =>
          labels.flatMap((label) => {
            const text = label.firstChild!;
            const words: string[] = [];
            for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(text, match.index);
              range.setEnd(text, match.index + match[0].length);
              if (new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size > 1) words.push(match[0]);
            }
            return words;
          }),
        );
        expect(broken).toEqual([]);
        expect(await page.locator('.compare-page__hint').count()).toBe(0);
        await screenshot(page, `cards-favourites-compare-${locale}-390`);
      });
    });

    it('says so above the table when four listings scroll sideways, the fourth showing at the edge and the names staying in view', async () => {
      const four = forSale.slice(0, 4);
      await withPage({ viewport: VIEWPORTS.phone, favorites: four }, async (page) => {
        await page.goto(`${app.baseUrl}${urlFor('favoritesCompare', locale)}?${four.map((id) => `ids=${id}`).join('&')}`);
        const scroll = page.locator('.compare-scroll');
        await scroll.waitFor();
        expect(await page.locator('.compare-page__hint').isVisible()).toBe(true);
        const edge = () =>
          scroll.evaluate((element) => {
            const box = element.getBoundingClientRect();
            const columns = [...element.querySelectorAll('.compare-table__listing')].map((listing) => listing.getBoundingClientRect());
            const name = element.querySelector('.compare-row__name')!.getBoundingClientRect();
            return { peeks: columns[3]!.left < box.right - 16, firstWhole: columns[0]!.left >= box.left - 0.5, nameInView: name.left >= box.left && name.right <= box.right };
          });
        expect(await edge()).toEqual({ peeks: true, firstWhole: true, nameInView: true });
        await scroll.evaluate((element) => (element.scrollLeft = element.scrollWidth));
        expect((await edge()).nameInView).toBe(true);
        await scroll.evaluate((element) => (element.scrollLeft = 0));
        await screenshot(page, `cards-favourites-compare-${locale}-390-four`);
      });
    });
  });
});
