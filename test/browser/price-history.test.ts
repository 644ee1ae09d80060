import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { accessibilityViolations, collectPageErrors, VIEWPORTS, SCREENSHOT_DIR } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

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

/** The price history on the demo site: the sort, the cards' badges and the detail page's history. */
describe('price history in a browser', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
    ({ app, browser } = served = await startBrowserApp());
  });

  afterAll(() => served?.close());

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

