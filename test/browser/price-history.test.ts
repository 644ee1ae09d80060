import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { accessibilityViolations, collectPageErrors, VIEWPORTS, SCREENSHOT_DIR, screenshot } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';
import { DataSource } from 'typeorm';
import type { Estate } from '../../src/estates/domain/estate.js';
import { CatalogueVersionService } from '../../src/estates/persistence/catalogue-version.service.js';
import { buildEstate, storeEstates } from '../factories/estate.factory.js';
import { fileTranslator } from '../support/file-translator.js';
import { until } from '../support/poll.js';

/** Looked at by hand after each run (issue 23: the tools' screenshots at both widths). */
/** Beside the other browser tests' screenshots (test-output/, not committed). */
const SCREENS = join(SCREENSHOT_DIR, 'history');

/** Demo listings the demo's backdated history (fixtures/demo-history.json) gives a price reduction and a history. */
const REDUCED_DEMO_LISTING = 1018;

type Width = keyof typeof VIEWPORTS;

const CASES: ReadonlyArray<{ locale: Locale; width: Width; js: boolean }> = [
  { locale: 'nl', width: 'desktop', js: true },
  { locale: 'fr', width: 'phone', js: true },
  { locale: 'nl', width: 'phone', js: false },
  { locale: 'fr', width: 'desktop', js: false },
];

const TEXTS: Record<'nl' | 'fr', { reduced: string; sort: string; title: string; line: RegExp }> = {
  nl: { reduced: 'Prijs verlaagd', sort: 'Recent in prijs verlaagd', title: 'Historiek van dit pand', line: /^Prijs verlaagd op \d\d\/\d\d\/\d{4}: was € 285\.000,00$/ },
  fr: { reduced: 'Prix en baisse', sort: 'Baisse de prix récente', title: 'Historique de ce bien', line: /^Prix baissé le \d\d\/\d\d\/\d{4} : était de € 285\.000,00$/ },
};

/**
 * Issue 38 in a browser: the new filters and orders of the "more filters" disclosure run the search with htmx and
 * push their URL (with JavaScript), submit and come back filled in (without), and the place suggestions count the
 * listings of the transaction chosen in the form, as the search finds them.
 */
const nl = fileTranslator('nl');
const TOWN = { id: 9982, zip: '9982', name: 'Filterdorp', alias: {}, lat: 51.2, lon: 4.6 };

let nextId = 982_000;
function listing(overrides: Parameters<typeof buildEstate>[0]): Estate {
  const id = nextId++;
  return buildEstate({
    id,
    sourceId: String(id),
    reference: `FD-${id}`,
    address: { city: TOWN, geoLocation: { lat: TOWN.lat + (id % 10) / 500, lon: TOWN.lon } },
    comfort: { garden: null, gardenSurface: null, terraceSurface: null },
    layoutRooms: [],
    pictures: [],
    updatedAt: new Date(Date.UTC(2026, 8, 1) + (id % 100) * 60_000).toISOString(),
    ...overrides,
  });
}

const LISTINGS = [
  listing({ price: { value: 400_000 }, comfort: { garden: 'FULLY_LANDSCAPED' }, energy: { energyLabel: 'B' }, dimensions: { areaBuild: 200 } }),
  listing({ price: { value: 360_000 }, comfort: { gardenSurface: 150 }, energy: { energyLabel: 'E' }, dimensions: { areaBuild: 120 } }),
  listing({ headType: 'APARTMENT', subType: 'FLAT', price: { value: 250_000 }, energy: { energyLabel: 'A' }, dimensions: { areaBuild: 80 } }),
  listing({ headType: 'APARTMENT', subType: 'FLAT', transaction: { statusId: 2, status: 'TO_RENT', forRent: true }, price: { value: 950, period: 'MONTH' } }),
];

/**
 * One app and one Chromium for both describes: the price history, and issue 38's search filters (once a file of its
 * own, which started an app and a browser of its own). The filters' describe comes last: it adds listings to the
 * catalogue, which the price history's pages must not show.
 */
let app: ServedApp;
let browser: Browser;
let served: BrowserApp;

beforeAll(async () => {
  ({ app, browser } = served = await startBrowserApp());
});

afterAll(() => served?.close());

/** The price history on the demo site: the sort, the cards' badges and the detail page's history. */
describe('price history in a browser', () => {
  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
  });

  async function withPage(width: Width, js: boolean, run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext({ viewport: VIEWPORTS[width], javaScriptEnabled: js });
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await run(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true });

  it.each(CASES)('sorts by the latest reduction and badges the cards ($locale, $width, js: $js)', async ({ locale, width, js }) => {
    const texts = TEXTS[locale as 'nl' | 'fr'];
    await withPage(width, js, async (page) => {
      await page.goto(`${app.baseUrl}${urlFor('home', locale)}?transaction=buy`);
      // The visitor picks the order in the sort control: with JavaScript that alone searches (htmx swaps the results,
      // 300 ms after the change); without, the visitor then presses Search (a GET). Pressing Search as well with
      // JavaScript would race the delayed change, whose request replaces (aborts) the first.
      // On a phone the form is folded under "Filters" (issue 38: results first); the visitor opens it first.
      const filters = page.locator('summary.search-filters__toggle');
      if (await filters.isVisible()) await filters.click();
      await page.locator('select[name="sort"]').selectOption({ label: texts.sort });
      if (!js) await page.locator('#search-form button[type="submit"]').click();
      await page.waitForURL(/[?&]sort=/);
      await page.waitForFunction(() => document.querySelector('.search-results .estate-card')?.getAttribute('data-estate-id') === '5014');
      const first = page.locator('.search-results .estate-card').first();
      await first.locator('.history-badge--reduced').waitFor();
      await expect(first.locator('.history-badge--reduced').textContent()).resolves.toBe(texts.reduced);
      await expect(first.getAttribute('data-estate-id')).resolves.toBe('5014');

      await shot(page, `history-${locale}-${VIEWPORTS[width].width}${js ? '' : '-nojs'}`);
      // The first cards up close (a phone's full page is too long to judge a badge on).
      await first.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENS, `history-cards-${locale}-${VIEWPORTS[width].width}${js ? '' : '-nojs'}.png`) });
      // Measured in the page (and axe runs in it): with JavaScript on; the markup and styles are the same without.
      if (!js) return;
      // Each badge is inside its photo and clear of the sticker and status at the photo's top.
      const overlaps = await page.locator('.estate-card').evaluateAll((cards) =>
        cards.flatMap((card) => {
          const media = card.querySelector('.estate-card__media')!.getBoundingClientRect();
          const top = [...card.querySelectorAll('.estate-card__badges > *, .estate-card__favorite')].map((element) => element.getBoundingClientRect());
          return [...card.querySelectorAll('.history-badge')].flatMap((badge) => {
            const box = badge.getBoundingClientRect();
            const outside = box.left < media.left || box.right > media.right || box.bottom > media.bottom || box.top < media.top;
            const hit = top.some((other) => box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom);
            return outside || hit ? [`${card.getAttribute('data-estate-id')}: ${badge.textContent}`] : [];
          });
        }),
      );
      expect(overlaps).toEqual([]);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  });

  it.each(CASES)('shows the listing\'s history on its page ($locale, $width, js: $js)', async ({ locale, width, js }) => {
    const texts = TEXTS[locale as 'nl' | 'fr'];
    await withPage(width, js, async (page) => {
      await page.goto(`${app.baseUrl}${urlFor('detailShort', locale, { estateId: REDUCED_DEMO_LISTING })}`);
      const section = page.locator('section.price-history');
      await expect(section.locator('h2').textContent()).resolves.toBe(texts.title);
      const lines = await section.locator('li').allTextContents();
      expect(lines[0]!.replace(/\u00a0/g, ' ')).toMatch(texts.line);
      expect(lines).toHaveLength(3);
      if (js) expect(await accessibilityViolations(page)).toEqual([]);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENS, `history-detail-${locale}-${VIEWPORTS[width].width}${js ? '' : '-nojs'}.png`) });
    });
  });
});

describe('search filters of issue 38 in a browser', () => {
  beforeAll(async () => {
    await storeEstates(app.app.get(DataSource), LISTINGS);
    await app.app.get(CatalogueVersionService).refresh();
  });

  async function newPage(options: { width?: number; javaScript?: boolean } = {}): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
    const viewport = options.width === VIEWPORTS.phone.width ? VIEWPORTS.phone : VIEWPORTS.desktop;
    const context = await browser.newContext({ viewport, javaScriptEnabled: options.javaScript ?? true });
    const page = await context.newPage();
    return { page, close: () => context.close(), errors: collectPageErrors(page) };
  }

  const total = (page: Page) => page.locator('#search-results').getAttribute('data-total').then(Number);
  const islandsMounted = (page: Page) => page.locator('#search-form[data-island-state="mounted"]').waitFor();
  const inTown = `${urlFor('home', 'nl')}?transaction=buy&locations=${TOWN.zip}`;

  it('with JavaScript, a new filter or order runs the search and pushes its URL (1280 px)', async () => {
    const { page, close, errors } = await newPage();
    try {
      await page.goto(`${app.baseUrl}${inTown}`);
      await islandsMounted(page);
      expect(await total(page)).toBe(3);
      await page.locator('.search-form__more > summary').click();
      await page.getByRole('checkbox', { name: nl.t('search.form.features.garden') }).check();
      await page.waitForURL(/garden=1/);
      await until('two with a garden', () => total(page), (count) => count === 2, { timeoutMs: 10_000 });
      await page.getByLabel(nl.t('search.form.epc')).selectOption('B');
      await page.waitForURL(/epc=B/);
      await until('one with a garden and EPC B or better', () => total(page), (count) => count === 1, { timeoutMs: 10_000 });
      await page.getByRole('checkbox', { name: nl.t('search.form.features.garden') }).uncheck();
      await page.getByLabel(nl.t('search.form.epc')).selectOption('');
      await page.getByLabel(nl.t('search.form.sort')).selectOption('price-per-m2');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price-per-m2' && !url.searchParams.get('epc') && !url.searchParams.get('garden'));
      await until('the three by price per m²', () => page.locator('#search-results [data-estate-id]').evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-estate-id')))), (ids) => ids.join() === [LISTINGS[0], LISTINGS[1], LISTINGS[2]].map((estate) => estate.id).join(), { timeoutMs: 10_000 });
      await page.getByLabel(nl.t('search.form.livingAreaMin')).selectOption('100');
      await page.waitForURL(/livingAreaMin=100/);
      await until('two of 100 m² or more', () => total(page), (count) => count === 2, { timeoutMs: 10_000 });
      await page.locator('.search-form__more').scrollIntoViewIfNeeded();
      await screenshot(page, 'search-filters-1280-js', false);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('suggests a place with the count of the transaction chosen in the form', async () => {
    const { page, close, errors } = await newPage();
    try {
      await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`);
      await islandsMounted(page);
      const location = page.getByRole('combobox', { name: nl.t('search.form.location') });
      const suggestion = async () => {
        const option = page.locator('.combobox__list [role="option"]').first();
        return `${await option.locator('.combobox__label').textContent()} ${await option.locator('.combobox__count').textContent()}`;
      };
      await location.pressSequentially('Filterd');
      await until('the suggestion to buy', suggestion, (text) => text === `${TOWN.name} (${TOWN.zip}) 3 panden`, { timeoutMs: 10_000 });
      await location.fill('');
      await page.getByRole('radio', { name: nl.t('search.form.rent') }).check();
      await page.waitForURL(/transaction=rent/);
      await location.pressSequentially('Filterd');
      await until('the suggestion to rent', suggestion, (text) => text === `${TOWN.name} (${TOWN.zip}) 1 pand`, { timeoutMs: 10_000 });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('without JavaScript, the filters submit with the form and come back filled in (390 px)', async () => {
    const { page, close } = await newPage({ width: VIEWPORTS.phone.width, javaScript: false });
    try {
      await page.goto(`${app.baseUrl}${inTown}`);
      // On a phone the whole form is folded under "Filters" (the search layout), the new ones again under "More filters".
      const filters = page.locator('.search-filters__toggle');
      if (await filters.isVisible()) await filters.click();
      await page.locator('.search-form__more > summary').click();
      await page.getByRole('checkbox', { name: nl.t('search.form.features.garden') }).check();
      await page.getByLabel(nl.t('search.form.livingAreaMin')).selectOption('150');
      await page.getByRole('button', { name: nl.t('search.form.submit') }).click();
      await page.waitForURL(/garden=1/);
      expect(new URL(page.url()).search).toContain('livingAreaMin=150');
      expect(await total(page)).toBe(1);
      // Back folded on a phone ("Filters 3"), filled in: the garden ticked, 150 m² chosen, "more filters" open.
      expect(await page.locator('input[name="garden"]').isChecked()).toBe(true);
      expect(await page.locator('select[name="livingAreaMin"]').inputValue()).toBe('150');
      expect(await page.locator('.search-form__more').getAttribute('open')).toBe('');
      if (await filters.isVisible()) await filters.click();
      await page.locator('.search-form__more').scrollIntoViewIfNeeded();
      await screenshot(page, 'search-filters-390-nojs', false);
    } finally {
      await close();
    }
  });
});
