import type { Browser, Page, BrowserContextOptions } from 'playwright-core';
import { DataSource } from 'typeorm';
import { LOCALES } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { fileTranslator } from '../support/file-translator.js';
import { accessibilityViolations, collectPageErrors, screenshot, VIEWPORTS } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';
import { until } from '../support/poll.js';
import { mkdirSync } from 'node:fs';

const nl = fileTranslator('nl');

/** Issue 38's screenshots, for the report (outside the repository). */
const SHOTS = '/tmp/shots/search-layout';
/** The first card must start well within a phone's first screen (844 px high; it started at about 1,100 px). */
const FIRST_CARD_MAX_TOP_PX = 600;

/** Where an element's top is on the page (not the viewport), in CSS px. */
function pageTop(page: Page, selector: string): Promise<number> {
  return page.evaluate((css) => {
    const box = document.querySelector(css)!.getBoundingClientRect();
    return box.top + window.scrollY;
  }, selector);
}

/**
 * One app (with the local tile server) and one Chromium for both describes: the search in a browser, and issue 38's
 * search layout (once a file of its own, which started an app and a browser of its own).
 */
let app: ServedApp;
let browser: Browser;
let served: BrowserApp;

beforeAll(async () => {
  ({ app, browser } = served = await startBrowserApp({}, { tiles: true }));
});

afterAll(() => served?.close());

describe('search in a browser', () => {
  async function newPage(options: { width?: number; javaScript?: boolean } = {}): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
    const viewport = options.width === VIEWPORTS.phone.width ? VIEWPORTS.phone : VIEWPORTS.desktop;
    const context = await browser.newContext({ viewport, javaScriptEnabled: options.javaScript ?? true });
    const page = await context.newPage();
    return { page, close: () => context.close(), errors: collectPageErrors(page) };
  }

  const total = (page: Page) => page.locator('#search-results').getAttribute('data-total').then(Number);
  // Attached, not visible: on a phone the form is folded under "Filters".
  const islandsMounted = (page: Page) => page.locator('#search-form[data-island-state="mounted"]').waitFor({ state: 'attached' });

  it('looks right on desktop and phone (screenshots), with no axe violation on home and results in 4 locales', async () => {
    for (const locale of LOCALES) {
      for (const viewport of Object.values(VIEWPORTS)) {
        const { page, close, errors } = await newPage({ width: viewport.width });
        await page.goto(`${app.baseUrl}${urlFor('home', locale)}`);
        await islandsMounted(page);
        if (locale === 'nl') await screenshot(page, `search-home-${viewport.width}`, false);
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.goto(`${app.baseUrl}${urlFor('home', locale)}?transaction=buy&headTypes=HOUSE&headTypes=APARTMENT&sort=price-desc&page=2`);
        await islandsMounted(page);
        if (locale === 'nl') {
          await screenshot(page, `search-results-${viewport.width}`, false);
          await page.getByRole('button', { name: nl.t('consent.decline') }).click();
          await page.locator('#search-results').scrollIntoViewIfNeeded();
          await screenshot(page, `search-results-${viewport.width}-cards`, false);
        }
        expect(await accessibilityViolations(page)).toEqual([]);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
        expect(errors).toEqual([]);
        await close();
      }
    }
  });

  it('filters live: the results follow the form, the URL follows the results, and Back restores both', async () => {
    const { page, close, errors } = await newPage();
    await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`);
    await islandsMounted(page);
    const everything = await total(page);
    await page.getByRole('checkbox', { name: 'Woning', exact: true }).check();
    await page.waitForURL(/headTypes=HOUSE/);
    const houses = await total(page);
    expect(houses).toBeLessThan(everything);
    await page.getByRole('radio', { name: nl.t('search.form.rent') }).check();
    await page.waitForURL(/transaction=rent/);
    const rentedHouses = await total(page);
    expect(rentedHouses).toBeLessThan(houses);
    const announced = nl.t('search.results.count', { count: rentedHouses });
    await until('the count announced', () => page.locator('#search-status').textContent(), (text) => text === announced, { timeoutMs: 10_000 });

    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('transaction=rent'));
    await until('results after Back', () => total(page), (count) => count === houses, { timeoutMs: 10_000 });
    expect(await page.getByRole('checkbox', { name: 'Woning', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: nl.t('search.form.rent') }).isChecked()).toBe(false);
    await page.goBack();
    await until('results after a second Back', () => total(page), (count) => count === everything, { timeoutMs: 10_000 });
    expect(await page.getByRole('checkbox', { name: 'Woning', exact: true }).isChecked()).toBe(false);
    // The restored page's islands work again: the combobox offers cities.
    await page.getByRole('combobox', { name: nl.t('search.form.location') }).pressSequentially('gen');
    await page.getByRole('listbox', { name: nl.t('search.autocomplete.listLabel') }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('pages through the results without reloading, pushing each page’s URL', async () => {
    const { page, close } = await newPage();
    await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`);
    await islandsMounted(page);
    const first = await page.locator('.estate-card').first().getAttribute('data-estate-id');
    await page.locator('.pagination a[rel="next"]').click();
    await page.waitForURL(/page=2/);
    await until('the second page', () => page.locator('.estate-card').first().getAttribute('data-estate-id'), (id) => id !== first, { timeoutMs: 10_000 });
    await close();
  });

  it('shows every marker of the result set on the map, clustered when dense', async () => {
    const { page, close, errors } = await newPage();
    await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}?transaction=buy`);
    await islandsMounted(page);
    await page.getByRole('button', { name: nl.t('search.map.show') }).click();
    await page.locator('.results-map[data-map-state="ready"]').waitFor();
    const [expected] = await app.app.get(DataSource).query(
      `SELECT count(*)::int AS n FROM estates WHERE parent_id IS NULL AND for_rent = false AND status NOT IN ('SOLD', 'RENTED', 'TAKEN_OVER')
          AND lat IS NOT NULL AND coalesce((document->'address'->>'visible')::boolean, true)`,
    );
    expect(Number(await page.locator('.results-map__canvas').getAttribute('data-markers'))).toBe(expected.n);
    // What the map shows adds up to the markers: each cluster says how many it holds, each single marker is one.
    const shown = await page.evaluate(() => {
      const clusters = Array.from(document.querySelectorAll('.marker-cluster')).map((cluster) => Number(cluster.querySelector('[aria-hidden="true"]')?.textContent));
      const singles = document.querySelectorAll('.leaflet-marker-icon:not(.marker-cluster)').length;
      return { clusters: clusters.length, sum: clusters.reduce((a, b) => a + b, 0) + singles };
    });
    expect(shown.sum).toBe(expected.n);
    expect(shown.clusters).toBeGreaterThan(0);
    await screenshot(page, 'search-map-1280', false);
    // A marker opens a small card linking to its listing: a single one when the map shows one, else one a cluster
    // opens into (asking the page first: a click on a marker that is not there waits out the 30 s action timeout).
    if ((await page.locator('.leaflet-marker-icon:not(.marker-cluster)').count()) > 0) {
      await page.locator('.leaflet-marker-icon:not(.marker-cluster)').first().click({ force: true });
    } else {
      await page.locator('.marker-cluster').first().click();
      await page.locator('.leaflet-marker-icon:not(.marker-cluster)').first().click();
    }
    await page.locator('.map-popup a[href*="/nl/aanbod/"]').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('offers cities by keyboard in the ARIA combobox and searches the chosen one', async () => {
    const { page, close } = await newPage();
    await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`);
    await page.locator('.search-form__location[data-island-state="mounted"]').waitFor();
    const field = page.getByRole('combobox', { name: nl.t('search.form.location') });
    await field.focus();
    await page.keyboard.type('gen');
    const listbox = page.getByRole('listbox', { name: nl.t('search.autocomplete.listLabel') });
    await listbox.waitFor();
    expect(await field.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('option').first().textContent()).toContain('Gent');
    await page.keyboard.press('ArrowDown');
    const active = await field.getAttribute('aria-activedescendant');
    expect(await page.locator(`#${active}`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await field.inputValue()).toBe('Gent');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    await page.waitForURL(/locations=Gent/);
    await page.keyboard.type(', 20');
    await listbox.waitFor();
    await page.keyboard.press('Escape');
    expect(await listbox.isHidden()).toBe(true);
    await close();
  });

  it('searches a place as it is typed: after a pause, only a whole place, keeping the results until new ones arrive', async () => {
    const { page, close, errors } = await newPage();
    await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`);
    await islandsMounted(page);
    await page.locator('.search-form__location[data-island-state="mounted"]').waitFor();
    const everything = await total(page);
    // Every count the results show while the visitor types, recorded by the page itself.
    await page.evaluate(() => {
      const shown: string[] = [];
      Object.assign(window, { shownTotals: shown });
      new MutationObserver(() => shown.push(document.querySelector('#search-results')?.getAttribute('data-total') ?? 'none')).observe(document.body, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['data-total'],
      });
    });
    const field = page.getByRole('combobox', { name: nl.t('search.form.location') });
    await field.pressSequentially('Gen', { delay: 80 });
    await page.getByRole('listbox', { name: nl.t('search.autocomplete.listLabel') }).waitFor();
    await field.pressSequentially('t', { delay: 80 });
    await page.waitForURL(/locations=Gent/);
    const inGent = await until('the results for Gent', () => total(page), (count) => count > 0 && count < everything, { timeoutMs: 10_000 });
    // A part of a name ("G", "Ge", "Gen") was never searched: the results never went empty on the way.
    const shown = await page.evaluate(() => (window as unknown as { shownTotals: string[] }).shownTotals);
    expect(shown).not.toContain('0');
    expect(shown).not.toContain('none');
    expect(await page.locator('.search-empty').count()).toBe(0);
    expect(inGent).toBeGreaterThan(0);

    await field.fill('');
    await page.waitForURL((url) => !/locations=[^&]/.test(url.search));
    await until('every result again once the field is cleared', () => total(page), (count) => count === everything, { timeoutMs: 10_000 });
    expect(errors).toEqual([]);
    await close();
  });

  it('searches without JavaScript with the same form and results, and no map', async () => {
    const { page, close } = await newPage({ javaScript: false });
    await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`);
    await page.getByRole('checkbox', { name: 'Appartement' }).check();
    await page.getByLabel(nl.t('search.form.location')).fill('Gent, Brussel');
    await page.getByRole('button', { name: nl.t('search.form.submit') }).click();
    await page.waitForURL(/headTypes=APARTMENT/);
    expect(page.url()).toContain('locations=Gent%2C+Brussel');
    expect(await total(page)).toBeGreaterThan(0);
    expect(await page.locator('.estate-card').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: nl.t('search.map.show') }).isVisible()).toBe(false);
    await screenshot(page, 'search-nojs-390', false);
    await close();
  });
});

describe('the search page’s layout (issue 38)', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
  });

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
