import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DataSource, IsNull } from 'typeorm';
import { CONSENT_COOKIE } from '../../src/consent/consent.js';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { encodeFavorites, FAVORITES_COOKIE } from '../../src/favorites/favorites-cookie.js';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { accessibilityViolations, collectPageErrors, screenshot, VIEWPORTS } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

type Width = keyof typeof VIEWPORTS;

describe('comparing favourites in a browser', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;
  let ids: number[];
  const withoutJavaScript = new WeakSet<Page>();

  beforeAll(async () => {
    ({ app, browser } = served = await startBrowserApp());
    // Four demo listings for sale, each in its own city where the catalogue allows: columns that differ.
    const listings = await app.app.get(DataSource).getRepository(EstateEntity).find({ where: { parentId: IsNull(), isProject: false, status: 'FOR_SALE' }, order: { id: 'ASC' } });
    ids = listings.slice(0, 4).map((listing) => listing.id);
    expect(ids).toHaveLength(4);
  });

  afterAll(() => served?.close());

  /** A visitor whose favourites are the first `count` listings (the cookie the hearts would have set). */
  async function visitor(options: { javaScript: boolean; width: Width; count?: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ javaScriptEnabled: options.javaScript, viewport: VIEWPORTS[options.width] });
    const url = new URL(app.baseUrl);
    await context.addCookies([
      { name: FAVORITES_COOKIE, value: encodeFavorites(ids.slice(0, options.count ?? 3), app.config.COOKIE_SECRET), domain: url.hostname, path: '/' },
      // The cookie question answered before: the banner does not cover what the screenshots are about.
      { name: CONSENT_COOKIE, value: 'declined', domain: url.hostname, path: '/' },
    ]);
    const page = await context.newPage();
    if (!options.javaScript) withoutJavaScript.add(page);
    return { context, page, errors: collectPageErrors(page) };
  }

  const pick = (page: Page, id: number) => page.locator(`input[data-compare-pick][value="${id}"]`);
  const submit = (page: Page) => page.locator('#favorites-compare button[type="submit"]');
  const compareUrl = (locale: Locale, chosen: readonly number[]) => `${app.baseUrl}${urlFor('favoritesCompare', locale)}?${chosen.map((id) => `ids=${id}`).join('&')}`;

  /**
   * axe runs in the page, which a context without JavaScript cannot do: there it checks the same URL in a context
   * that blocks the site's scripts, so what it sees is still the page without JavaScript.
   */
  async function axeOf(page: Page): Promise<string[]> {
    if (!withoutJavaScript.has(page)) return accessibilityViolations(page);
    const context = await browser.newContext({ viewport: page.viewportSize() ?? VIEWPORTS.desktop });
    try {
      await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await context.addCookies(await page.context().cookies());
      const twin = await context.newPage();
      await twin.goto(page.url());
      expect(await twin.evaluate(() => 'htmx' in window)).toBe(false);
      return await accessibilityViolations(twin);
    } finally {
      await context.close();
    }
  }

  /** Nothing wider than the screen: on a phone the table scrolls inside its own box. */
  const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  async function expectComparison(page: Page, locale: Locale, chosen: readonly number[], width: Width): Promise<void> {
    await page.locator('table.compare-table').waitFor();
    expect(page.url()).toBe(compareUrl(locale, chosen));
    expect(await page.locator('th[scope="col"]').count()).toBe(chosen.length);
    expect(await page.locator('th[scope="row"]').count()).toBe(9);
    expect(await page.locator('caption').textContent()).toBe(locale === 'fr' ? `Comparaison de ${chosen.length} biens` : `Vergelijking van ${chosen.length} panden`);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect({ path: page.url(), violations: await axeOf(page) }).toEqual({ path: page.url(), violations: [] });
    if (width === 'phone') {
      // Each listing has a column on the screen (the attribute's name is a line above its values): nothing scrolls sideways.
      const sizes = await page.locator('.compare-scroll').evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    }
  }

  it.each([
    ['nl', 'desktop'],
    ['fr', 'desktop'],
    ['nl', 'phone'],
    ['fr', 'phone'],
  ] as const)('without JavaScript (%s, %s): ticks on the favourites page, a GET form, the comparison', async (locale, width) => {
    const { context, page } = await visitor({ javaScript: false, width });
    try {
      await page.goto(`${app.baseUrl}${urlFor('favorites', locale)}`);
      expect({ violations: await axeOf(page) }).toEqual({ violations: [] });
      expect(await submit(page).isEnabled()).toBe(true);
      // Two on a desktop, three on a phone (each in a column of its own on the screen).
      const chosen = width === 'phone' ? ids.slice(0, 3) : [ids[0]!, ids[2]!];
      for (const id of chosen) await pick(page, id).check();
      await screenshot(page, `compare-picker-${locale}-${VIEWPORTS[width].width}-nojs`);
      await Promise.all([page.waitForURL(/\?ids=/), submit(page).click()]);
      await expectComparison(page, locale, chosen, width);
      // The print button needs JavaScript: without it, it is not offered.
      expect(await page.locator('[data-compare-print]').isHidden()).toBe(true);
      await screenshot(page, `compare-${locale}-${VIEWPORTS[width].width}-nojs`);
    } finally {
      await context.close();
    }
  });

  it('without JavaScript, one tick is refused with a localized message that leads back', async () => {
    const { context, page } = await visitor({ javaScript: false, width: 'desktop' });
    try {
      await page.goto(`${app.baseUrl}${urlFor('favorites', 'fr')}`);
      await pick(page, ids[1]!).check();
      const [response] = await Promise.all([page.waitForResponse((answer) => answer.url().includes('?ids=')), submit(page).click()]);
      expect(response.status()).toBe(400);
      await page.locator('#compare-refused').waitFor();
      expect(await page.locator('#compare-refused').textContent()).toContain('Choisissez 2 à 4 biens');
      expect({ violations: await axeOf(page) }).toEqual({ violations: [] });
      await screenshot(page, 'compare-refused-fr-1280-nojs');
      await Promise.all([page.waitForURL(`${app.baseUrl}${urlFor('favorites', 'fr')}`), page.locator('.compare-page__actions a').click()]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['nl', 'desktop'],
    ['fr', 'desktop'],
    ['nl', 'phone'],
    ['fr', 'phone'],
  ] as const)('with JavaScript (%s, %s): the button waits for two to four ticks and says how many', async (locale, width) => {
    const { context, page, errors } = await visitor({ javaScript: true, width, count: 4 });
    try {
      await page.goto(`${app.baseUrl}${urlFor('favorites', locale)}`);
      const status = page.locator('[data-compare-status-line]');
      await page.waitForFunction(() => document.querySelector('#favorites-compare')?.getAttribute('data-compare-ready') === 'true');
      expect(await submit(page).isDisabled()).toBe(true);
      expect(await status.textContent()).toBe(locale === 'fr' ? 'Aucun bien choisi : choisissez-en 2 à 4.' : 'Nog geen pand gekozen: kies er 2 tot 4.');
      await pick(page, ids[3]!).check();
      expect(await submit(page).isDisabled()).toBe(true);
      await pick(page, ids[1]!).check();
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('#favorites-compare button')!.disabled);
      expect(await status.textContent()).toBe(locale === 'fr' ? '2 biens choisis.' : '2 panden gekozen.');
      expect({ violations: await axeOf(page) }).toEqual({ violations: [] });
      await screenshot(page, `compare-picker-${locale}-${VIEWPORTS[width].width}`);
      await Promise.all([page.waitForURL(/\?ids=/), submit(page).click()]);
      // The order of the favourites page, not of the ticks.
      await expectComparison(page, locale, [ids[1]!, ids[3]!], width);
      expect(await page.locator('[data-compare-print]').isVisible()).toBe(true);
      await screenshot(page, `compare-${locale}-${VIEWPORTS[width].width}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('with JavaScript, five ticks disable the button again', async () => {
    const { context, page } = await visitor({ javaScript: true, width: 'desktop', count: 4 });
    try {
      await page.goto(`${app.baseUrl}${urlFor('favorites', 'nl')}`);
      await page.waitForFunction(() => document.querySelector('#favorites-compare')?.getAttribute('data-compare-ready') === 'true');
      for (const id of ids) await pick(page, id).check();
      expect(await submit(page).isEnabled()).toBe(true);
      expect(await page.locator('[data-compare-status-line]').textContent()).toBe('4 panden gekozen.');
      await pick(page, ids[0]!).uncheck();
      await pick(page, ids[1]!).uncheck();
      await pick(page, ids[2]!).uncheck();
      expect(await submit(page).isDisabled()).toBe(true);
      expect(await page.locator('[data-compare-status-line]').textContent()).toBe('1 pand gekozen: kies er nog minstens één.');
    } finally {
      await context.close();
    }
  });

  it('two listings on a phone fit side by side without scrolling, their longest words too (de, 390 px)', async () => {
    const { context, page } = await visitor({ javaScript: true, width: 'phone', count: 2 });
    try {
      await page.goto(compareUrl('de', ids.slice(0, 2)));
      await page.locator('table.compare-table').waitFor();
      const region = page.locator('.compare-scroll');
      const sizes = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
      // The word "differs" is one word in a row's header, never broken over two lines.
      const badges = await page.locator('.compare-row__differs').evaluateAll((elements: Element[]) =>
        elements.map((element) => {
          const text = document.createRange();
          text.selectNodeContents(element);
          const row = element.closest('th')!.getBoundingClientRect();
          const badge = element.getBoundingClientRect();
          return { text: element.textContent, lines: new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size, fits: badge.right <= row.right };
        }),
      );
      expect(badges.length).toBeGreaterThan(0);
      expect(badges.filter((badge) => badge.lines !== 1 || !badge.fits)).toEqual([]);
      await screenshot(page, 'compare-de-390-two');
    } finally {
      await context.close();
    }
  });

  it.each([
    ['nl', 4],
    ['fr', 3],
  ] as const)('prints (%s, %i listings) as the table alone: no navigation, footer or buttons, nothing cut off', async (locale, count) => {
    const { context, page } = await visitor({ javaScript: true, width: 'desktop', count: 4 });
    try {
      await page.goto(compareUrl(locale, ids.slice(0, count)));
      await page.locator('table.compare-table').waitFor();
      await page.emulateMedia({ media: 'print' });
      for (const selector of ['.site-header', '.site-footer', '.compare-page__actions', '.skip-link']) {
        expect({ selector, visible: await page.locator(selector).isVisible() }).toEqual({ selector, visible: false });
      }
      expect(await page.locator('.compare-page__printed').isVisible()).toBe(true);
      // Printed on A4 landscape (297 mm less 2 × 12 mm margins ≈ 1032 px at 96 dpi): the table fits that width.
      await page.setViewportSize({ width: 1032, height: 700 });
      const overflow = await page.locator('.compare-scroll').evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `compare-${locale}-print-${count}`);
      const pdf = await page.pdf({ preferCSSPageSize: true });
      expect(pdf.length).toBeGreaterThan(1000);
    } finally {
      await context.close();
    }
  });
});
