import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { LOCALES } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { fileTranslator } from '../support/file-translator.js';
import { until } from '../support/poll.js';
import { collectPageErrors, VIEWPORTS } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

/** Issue 38's screenshots, for the report (outside the repository). */
const SHOTS = '/tmp/shots/search-layout';
/** The first card must start well within a phone's first screen (844 px high; it started at about 1,100 px). */
const FIRST_CARD_MAX_TOP_PX = 600;

const nl = fileTranslator('nl');

/** Where an element's top is on the page (not the viewport), in CSS px. */
function pageTop(page: Page, selector: string): Promise<number> {
  return page.evaluate((css) => {
    const box = document.querySelector(css)!.getBoundingClientRect();
    return box.top + window.scrollY;
  }, selector);
}

describe('the search page’s layout (issue 38)', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ app, browser } = served = await startBrowserApp({}, { tiles: true }));
  });

  afterAll(() => served?.close());

  /** A fresh context, closed whatever the test does. */
  async function withPage(options: BrowserContextOptions, run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext(options);
    try {
      await run(await context.newPage());
    } finally {
      await context.close();
    }
  }

  const islandsMounted = (page: Page) => page.locator('#search-form[data-island-state="mounted"]').waitFor({ state: 'attached' });

  describe.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ] as const)('on a phone (390 px) %s', (state, javaScriptEnabled) => {
    it('shows the results first, under a "Filters" control that unfolds the form, in every locale', async () => {
      await withPage({ viewport: VIEWPORTS.phone, javaScriptEnabled }, async (page) => {
        const errors = collectPageErrors(page);
        for (const locale of LOCALES) {
          const t = fileTranslator(locale);
          await page.goto(`${app.baseUrl}${urlFor('home', locale)}`);
          if (javaScriptEnabled) await islandsMounted(page);
          const cardTop = await pageTop(page, '.estate-card');
          expect({ locale, cardTop: cardTop < FIRST_CARD_MAX_TOP_PX }).toEqual({ locale, cardTop: true });
          // The count (and the map's button) come before the cards, the form is folded away behind "Filters".
          expect(await pageTop(page, '#search-results-heading')).toBeLessThan(cardTop);
          const toggle = page.locator('summary.search-filters__toggle');
          expect(await toggle.isVisible()).toBe(true);
          expect(await toggle.textContent()).toBe(t.t('search.filters.toggle'));
          expect(await page.locator('#search-location').isVisible()).toBe(false);
          await page.screenshot({ path: `${SHOTS}/phone-${locale}-${javaScriptEnabled ? 'js' : 'nojs'}.png` });
          await toggle.click();
          await page.locator('#search-location').waitFor();
          if (locale === 'nl') await page.screenshot({ path: `${SHOTS}/phone-nl-${javaScriptEnabled ? 'js' : 'nojs'}-filters-open.png` });
        }
        // A search with filters says how many, in the words of a screen reader too.
        const toggle = page.locator('summary.search-filters__toggle');
        await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}?transaction=buy&headTypes=HOUSE&priceMax=500000&bedroomsMin=2`);
        expect(await toggle.textContent()).toBe(`${nl.t('search.filters.toggle')}3${nl.t('search.filters.active', { count: 3 })}`);
        if (javaScriptEnabled) {
          // The count follows the live search, and searching folds the filters away: the results come first again.
          await islandsMounted(page);
          await toggle.click();
          await page.locator('#search-location').fill('Gent');
          await page.waitForURL(/locations=Gent/);
          // A box checked last: the place field's change is sent with it, none is left for the button's click.
          await page.getByRole('checkbox', { name: 'Appartement', exact: true }).check();
          await page.waitForURL(/headTypes=APARTMENT/);
          await until('the count of filters', () => toggle.textContent(), (text) => text === `${nl.t('search.filters.toggle')}4${nl.t('search.filters.active', { count: 4 })}`, { timeoutMs: 10_000 });
          await page.getByRole('button', { name: nl.t('search.form.submit') }).click();
          await page.locator('#search-location').waitFor({ state: 'hidden' });
          expect(await page.evaluate(() => document.querySelector('#search-results')!.getBoundingClientRect().top)).toBeLessThan(FIRST_CARD_MAX_TOP_PX);
        }
        expect(errors).toEqual([]);
      });
    });
  });

  describe('on a desktop (1280 px)', () => {
    it('without JavaScript shows the form beside a list that takes the whole results column', async () => {
      await withPage({ viewport: VIEWPORTS.desktop, javaScriptEnabled: false }, async (page) => {
        await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}?transaction=buy`);
        expect(await page.locator('#search-location').isVisible()).toBe(true);
        expect(await page.locator('summary.search-filters__toggle').isVisible()).toBe(false);
        const [list, results] = await Promise.all([page.locator('.search-results__list').boundingBox(), page.locator('#search-results').boundingBox()]);
        // No column is kept for a map that needs JavaScript.
        expect(list!.width).toBeGreaterThan(results!.width - 2);
        await page.screenshot({ path: `${SHOTS}/desktop-nl-nojs.png` });
        // A radius search says so in its heading (test/integration/search-title.test.ts checks every locale).
        await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}?transaction=buy&near=Gent&within=10`);
        expect(await page.locator('h1').textContent()).toBe('Te koop binnen 10 km van Gent');
        await page.screenshot({ path: `${SHOTS}/desktop-nl-nojs-radius.png` });
      });
    });

    it('with JavaScript shows the map beside the list, held in view while the list scrolls', async () => {
      await withPage({ viewport: VIEWPORTS.desktop }, async (page) => {
        const errors = collectPageErrors(page);
        await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}?transaction=buy`);
        await islandsMounted(page);
        expect(await page.locator('#search-location').isVisible()).toBe(true);
        await page.getByRole('button', { name: nl.t('search.map.show') }).click();
        await page.locator('.results-map[data-map-state="ready"]').waitFor();
        const map = page.locator('.results-map__canvas');
        const [list, canvas] = await Promise.all([page.locator('.search-results__list').boundingBox(), map.boundingBox()]);
        // Side by side: the map to the right of the list, at the height of its first cards.
        expect(canvas!.x).toBeGreaterThanOrEqual(list!.x + list!.width);
        expect(canvas!.y).toBeLessThan(list!.y + 200);
        expect(canvas!.width).toBeGreaterThan(300);
        await page.screenshot({ path: `${SHOTS}/desktop-nl-js.png` });
        await page.mouse.wheel(0, 1500);
        await page.waitForFunction(() => window.scrollY > 1000);
        const held = await map.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        });
        expect(held).toBe(true);
        await page.screenshot({ path: `${SHOTS}/desktop-nl-js-scrolled.png` });
        expect(errors).toEqual([]);
      });
    });
  });

  describe.each(Object.entries(VIEWPORTS))('the place field typed in right after the page loads (%s)', (name, viewport) => {
    it('keeps the focus and every letter while its island mounts, and never searches for the first letter alone', async () => {
      await withPage({ viewport }, async (page) => {
        const errors = collectPageErrors(page);
        const searched: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname === urlFor('home', 'nl') && url.searchParams.has('locations')) searched.push(url.searchParams.get('locations')!);
        });
        // The combobox's code arrives only once the first letter is typed: its island mounts while the visitor types.
        let release!: () => void;
        const typed = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/chunks/city-combobox-*.js', async (route) => {
          await typed;
          await route.continue();
        });
        await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`, { waitUntil: 'commit' });
        const field = page.locator('#search-location');
        if (name === 'phone') await page.locator('summary.search-filters__toggle').click();
        await field.focus();
        await page.keyboard.type('G');
        release();
        await page.locator('.search-form__location[data-island-state="mounted"]').waitFor({ state: 'attached' });
        await page.keyboard.type('ent', { delay: 30 });
        expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
        expect(await field.inputValue()).toBe('Gent');
        await page.waitForURL(/locations=Gent/);
        expect(searched.filter((place) => place !== 'Gent')).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/combobox-${name}.png` });
        expect(errors).toEqual([]);
      });
    });
  });
});
