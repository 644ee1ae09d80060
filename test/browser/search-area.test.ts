import { join } from 'node:path';
import { until } from '../support/poll.js';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { fileTranslator } from '../support/file-translator.js';
import { accessibilityViolations, collectPageErrors, VIEWPORTS, SCREENSHOT_DIR } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

/** Beside the other browser tests' screenshots (test-output/, not committed). */
const SCREENS = join(SCREENSHOT_DIR, 'area');
/** The catalogue name of the place the radius is drawn around, and its name per locale. */
const PLACE = 'Brussel';
const PLACE_LABEL: Record<'nl' | 'fr', string> = { nl: 'Brussel', fr: 'Bruxelles' };
const LOCALES_TESTED = ['nl', 'fr'] as const;


describe('search by area in a browser', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
    ({ app, browser } = served = await startBrowserApp({}, { tiles: true }));
  });

  afterAll(() => served?.close());

  async function newPage(options: { width: number; javaScript: boolean }) {
    const viewport = options.width === VIEWPORTS.phone.width ? VIEWPORTS.phone : VIEWPORTS.desktop;
    const context = await browser.newContext({ viewport, javaScriptEnabled: options.javaScript });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { page, close: () => context.close(), errors: collectPageErrors(page) };
  }

  /** On a phone the form is folded under "Filters" (results first): unfolded as the visitor would. */
  const openFilters = async (page: Page) => {
    const toggle = page.locator('summary.search-filters__toggle');
    if (await toggle.isVisible()) await toggle.click();
  };

  /**
   * Axe runs in the page, so not where JavaScript is off: the same URL in a context that runs no script of the
   * site (its bundles refused), as a browser without JavaScript shows it.
   */
  const violationsWithoutScripts = async (url: string, width: number) => {
    const viewport = width === VIEWPORTS.phone.width ? VIEWPORTS.phone : VIEWPORTS.desktop;
    const context = await browser.newContext({ viewport });
    try {
      await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
      const page = await context.newPage();
      await page.goto(url);
      return await accessibilityViolations(page);
    } finally {
      await context.close();
    }
  };
  /**
   * Axe's checks leave empty `style=""` attributes on the form's fields; htmx keeps them in its history and on Back
   * the CSP refuses to apply them: a console error of the test's own making. Its hash is that of the empty string;
   * any real inline style (Leaflet's, say) has another and still fails the test.
   */
  const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
  const realErrors = (errors: readonly string[]) => errors.filter((error) => !(error.includes("'style-src-attr 'none''") && error.includes(EMPTY_STYLE_HASH)));
  const total = (page: Page) => page.locator('#search-results').getAttribute('data-total').then(Number);
  const noOverflow = async (page: Page) => {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  };
  const shot = async (page: Page, name: string) => {
    await page.locator('#search-area').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/${name}.png` });
  };

  for (const locale of LOCALES_TESTED) {
    const t = fileTranslator(locale);
    for (const viewport of Object.values(VIEWPORTS)) {
      it(`without JavaScript (${locale}, ${viewport.width} px): the radius control searches with the GET form; a drawn area can be removed`, async () => {
        const { page, close } = await newPage({ width: viewport.width, javaScript: false });
        try {
          await page.goto(`${app.baseUrl}${urlFor('home', locale as Locale)}`);
          await openFilters(page);
          const everything = await total(page);
          await page.getByLabel(t.t('area.form.within'), { exact: true }).selectOption('5');
          await page.getByLabel(t.t('area.form.near'), { exact: true }).selectOption({ label: PLACE_LABEL[locale] });
          await page.getByRole('button', { name: t.t('search.form.submit') }).click();
          await page.waitForURL(new RegExp(`near=${PLACE}`));
          expect(page.url()).toContain('within=5');
          const near = await total(page);
          expect(near).toBeGreaterThan(0);
          expect(near).toBeLessThan(everything);
          // The form says what was searched.
          expect(await page.getByLabel(t.t('area.form.near'), { exact: true }).inputValue()).toBe(PLACE);
          expect(await page.getByLabel(t.t('area.form.within'), { exact: true }).inputValue()).toBe('5');
          expect(await violationsWithoutScripts(page.url(), viewport.width)).toEqual([]);
          await noOverflow(page);
          await shot(page, `area-${locale}-${viewport.width}-nojs`);

          // An area drawn on the map (a shared link): said in words, removed by a link.
          await page.goto(`${app.baseUrl}${urlFor('home', locale as Locale)}?polygon=50.87,4.3;50.87,4.42;50.8,4.42;50.8,4.3`);
          await openFilters(page);
          await page.getByText(t.t('area.describe.polygon')).first().waitFor();
          const drawn = await total(page);
          expect(drawn).toBeLessThan(everything);
          expect(await violationsWithoutScripts(page.url(), viewport.width)).toEqual([]);
          await noOverflow(page);
          await shot(page, `area-${locale}-${viewport.width}-nojs-drawn`);
          await page.getByRole('link', { name: t.t('area.form.remove') }).click();
          await page.waitForURL((url) => !url.search.includes('polygon'));
          expect(await total(page)).toBe(everything);
        } finally {
          await close();
        }
      });

      it(`with JavaScript (${locale}, ${viewport.width} px): the radius follows live, an area drawn on the map searches, Back restores`, async () => {
        const { page, close, errors } = await newPage({ width: viewport.width, javaScript: true });
        try {
          await page.goto(`${app.baseUrl}${urlFor('home', locale as Locale)}`);
          await page.locator('#search-form[data-island-state="mounted"]').waitFor({ state: 'attached' });
          await openFilters(page);
          const everything = await total(page);
          // Keyboard alone: focus the place, choose with the arrow keys.
          await page.getByLabel(t.t('area.form.near'), { exact: true }).focus();
          await page.getByLabel(t.t('area.form.near'), { exact: true }).selectOption({ label: PLACE_LABEL[locale] });
          await page.waitForURL(new RegExp(`near=${PLACE}`));
          const near = await until('results within 5 km', () => total(page), (count) => count < everything, { timeoutMs: 10_000 });
          // Screen readers hear the new count.
          await until('the count announced', () => page.locator('#search-status').textContent(), (text) => !!text && text.includes(String(near)), { timeoutMs: 10_000 });

          await page.getByRole('button', { name: t.t('search.map.show') }).click();
          await page.locator('.results-map[data-map-state="ready"]').waitFor();
          // The radius is drawn on the map.
          expect(await page.locator('.results-map__canvas path').count()).toBeGreaterThan(0);
          await page.getByRole('button', { name: t.t('area.map.draw') }).click();
          // The panel above the map moves it down: measured once drawing has begun.
          await page.locator('.area-draw__panel').waitFor();
          const map = page.locator('.results-map__canvas');
          const box = (await map.boundingBox())!;
          // Scrolled into view first: a click is where the visitor would click, on the map.
          const corner = (x: number, y: number) => map.click({ position: { x: box.width * x, y: box.height * y } });
          await corner(0.08, 0.3);
          await corner(0.5, 0.3);
          await corner(0.5, 0.92);
          await until('three corners', () => page.locator('.area-draw__status').textContent(), (text) => !!text && text.includes('3'), { timeoutMs: 10_000 });
          await corner(0.08, 0.92);
          await until('four corners', () => page.locator('.area-draw__status').textContent(), (text) => !!text && text.includes('4'), { timeoutMs: 10_000 });
          expect(await accessibilityViolations(page)).toEqual([]);
          await page.screenshot({ path: `${SCREENS}/area-${locale}-${viewport.width}-drawing.png` });
          await page.getByRole('button', { name: t.t('area.map.finish') }).click();
          await page.waitForURL(/polygon=/);
          expect(page.url()).not.toMatch(/near=[^&]/);
          await page.getByText(t.t('area.describe.polygon')).first().waitFor();
          const drawn = await until('results in the drawn area', () => total(page), (count) => count <= everything, { timeoutMs: 10_000 });
          await page.locator('.results-map[data-map-state="ready"]').waitFor();
          expect(await page.locator('.results-map__canvas path').count()).toBeGreaterThan(0);
          expect(await accessibilityViolations(page)).toEqual([]);
          await noOverflow(page);
          await page.screenshot({ path: `${SCREENS}/area-${locale}-${viewport.width}-map.png` });
          await shot(page, `area-${locale}-${viewport.width}`);
          expect(await page.locator('.estate-card').count()).toBe(Math.min(drawn, 12));

          // Back: the radius search again, its form and its results.
          await page.goBack();
          await page.waitForURL((url) => url.search.includes(`near=${PLACE}`) && !url.search.includes('polygon'));
          await until('the radius results again', () => total(page), (count) => count === near, { timeoutMs: 10_000 });
          expect(await page.getByLabel(t.t('area.form.near'), { exact: true }).inputValue()).toBe(PLACE);
          expect(realErrors(errors)).toEqual([]);
        } finally {
          await close();
        }
      });
    }
  }
});
