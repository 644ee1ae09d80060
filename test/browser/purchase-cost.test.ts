import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { accessibilityViolations, collectPageErrors, VIEWPORTS, SCREENSHOT_DIR } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

/** Beside the other browser tests' screenshots (test-output/, not committed). */
const SCREENS = join(SCREENSHOT_DIR, 'costs');

/** € 1.234,56 as the pages write it. */
const euro = (amount: number) => `€\u00a0${new Intl.NumberFormat('nl-BE', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(amount)}`;

/**
 * The demo catalogue's sales (scripts/generate-fixtures.mjs): 1001 a house in Gent (Flanders) at € 665,000, 1011 a
 * house in Wallonia. Duties by BELGIAN-LISTING-RULES.md: only home 2 % / 3 %, otherwise 12 % / 12.5 %.
 */
const CASES = [
  { locale: 'nl', id: 1001, onlyHomeRate: 0.02, otherRate: 0.12, no: 'Nee', recalculated: 'Herberekend', rateError: 'Geef een rentevoet tussen 0 en 15%.' },
  { locale: 'fr', id: 1011, onlyHomeRate: 0.03, otherRate: 0.125, no: 'Non', recalculated: 'Recalculé', rateError: 'Indiquez un taux entre 0 et 15\u00a0%.' },
] as const;

describe('purchase-cost block in a browser', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
    // The map sits just above the block and loads on the way: its tiles come from the local tile server.
    ({ app, browser } = served = await startBrowserApp({}, { tiles: true }));
  });

  afterAll(() => served?.close());

  /** `expectedErrors`: console messages the test causes on purpose (the browser logs a 422 answer). */
  async function withPage(viewport: { width: number; height: number }, javaScript: boolean, run: (page: Page) => Promise<void>, expectedErrors: readonly string[] = []): Promise<void> {
    const context = await browser.newContext({ viewport, javaScriptEnabled: javaScript });
    try {
      context.setDefaultTimeout(15_000);
      // The cookie question answered, so the banner does not cover the block.
      await context.addCookies([{ name: 'immo_consent', value: 'declined', url: app.baseUrl }]);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await run(page);
      expect(errors).toEqual(expectedErrors);
    } finally {
      await context.close();
    }
  }

  const block = (page: Page) => page.locator('#purchase-cost');
  const amountOf = (page: Page, line: string) => block(page).locator(`[data-cost-line="${line}"] td`).textContent();

  async function price(page: Page): Promise<number> {
    const text = (await amountOf(page, 'price'))!;
    return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
  }

  /** The block fits the phone's width: no horizontal scrolling anywhere on the page. */
  async function expectNoOverflow(page: Page): Promise<void> {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  /**
   * axe on the page at `url` as the server sends it. axe runs in the page, which a context without JavaScript does
   * not allow (it never returns), so the no-JavaScript pages are checked in a context with it: the markup is the same.
   */
  async function violationsAt(url: string, viewport: { width: number; height: number }): Promise<string[]> {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await page.goto(url);
      return await accessibilityViolations(page);
    } finally {
      await context.close();
    }
  }

  async function shoot(page: Page, name: string): Promise<void> {
    // The sticky header and the phone's action bar are fixed: left out of the block's picture so they hide none of it
    // (through the CSSOM: the page's CSP refuses an injected style sheet).
    const overlays = (visibility: string) =>
      page.evaluate((value) => document.querySelectorAll<HTMLElement>('.site-header, .action-bar').forEach((element) => (element.style.visibility = value)), visibility);
    await overlays('hidden');
    await block(page).screenshot({ path: join(SCREENS, `${name}.png`) });
    await overlays('');
  }

  it('a project unit sold under VAT shows VAT on the construction and duties on the land, axe clean at 390 px', async () => {
    await withPage(VIEWPORTS.phone, true, async (page) => {
      // 1044: a unit of the demo project at € 300,000 excluding VAT with a construction part of € 180,000.
      await page.goto(`${app.baseUrl}${urlFor('detailShort', 'nl', { estateId: 1044 })}`);
      await expect(amountOf(page, 'vat')).resolves.toBe(euro(180_000 * 0.21));
      await expect(amountOf(page, 'landDuties')).resolves.toBe(euro(120_000 * 0.02));
      await expectNoOverflow(page);
      expect(await accessibilityViolations(page)).toEqual([]);
      await shoot(page, 'costs-nl-390-vat-unit');
    });
  });

  describe.each(CASES)('$locale', ({ locale, id, onlyHomeRate, otherRate, no, recalculated, rateError }) => {
    const open = (page: Page) => page.goto(`${app.baseUrl}${urlFor('detailShort', locale as Locale, { estateId: id })}`);

    it.each(Object.entries(VIEWPORTS))('with JavaScript at %s: changing a choice swaps the figures in place and announces them', async (_name, viewport) => {
      await withPage(viewport, true, async (page) => {
        await open(page);
        const value = await price(page);
        await expect(amountOf(page, 'duties')).resolves.toBe(euro(value * onlyHomeRate));
        const url = page.url();
        await expectNoOverflow(page);
        expect(await accessibilityViolations(page)).toEqual([]);
        await shoot(page, `costs-${locale}-${viewport.width}`);

        // Not an only home: the duty at the standard rate, without leaving the page.
        await block(page).getByLabel(no, { exact: true }).check();
        await expect(page.locator('#purchase-cost-status').filter({ hasText: recalculated }).waitFor()).resolves.toBeUndefined();
        await expect(amountOf(page, 'duties')).resolves.toBe(euro(value * otherRate));
        expect(page.url()).toBe(url);

        // Another loan at 0 % over 10 years: 120,000 / 120 months.
        await block(page).locator('#purchase-cost-loan').fill('120000');
        await block(page).locator('#purchase-cost-rate').fill('0');
        await block(page).locator('#purchase-cost-years').fill('10');
        await block(page).locator('.purchase-cost__submit').click();
        await expect(page.locator('[data-cost-line="monthly"] strong').filter({ hasText: euro(1_000) }).waitFor()).resolves.toBeUndefined();
        await expect(page.locator('#purchase-cost-status').textContent()).resolves.toContain(euro(1_000));
        // The form kept the focus where the visitor was: the swap replaced the result only.
        await expect(page.evaluate(() => document.activeElement?.closest('form')?.classList.contains('purchase-cost__form'))).resolves.toBe(true);
        // The announcement is seen beside the form too (on a phone the figures are below it).
        await expect(page.locator('#purchase-cost-status').isVisible()).resolves.toBe(true);
        expect(await accessibilityViolations(page)).toEqual([]);
        await expectNoOverflow(page);
        await shoot(page, `costs-${locale}-${viewport.width}-recomputed`);
      });
    });

    it.each(Object.entries(VIEWPORTS))('without JavaScript at %s: the form loads the page with the block recomputed; wrong input shows its field error', async (_name, viewport) => {
      await withPage(viewport, false, async (page) => {
        await open(page);
        const value = await price(page);
        await block(page).getByLabel(no, { exact: true }).check();
        await Promise.all([page.waitForURL(/\?onlyHome=no/), block(page).locator('.purchase-cost__submit').click()]);
        expect(new URL(page.url()).pathname).toBe(urlFor('purchaseCost', locale as Locale, { estateId: id }));
        await expect(amountOf(page, 'duties')).resolves.toBe(euro(value * otherRate));
        await expect(block(page).getByLabel(no, { exact: true }).isChecked()).resolves.toBe(true);
        await expectNoOverflow(page);
        expect(await violationsAt(page.url(), viewport)).toEqual([]);
        await shoot(page, `costs-${locale}-${viewport.width}-nojs`);

        // A rate out of range (typed into the URL, the field's own limits stop it in the form): the field's message.
        const refused = await page.goto(`${page.url().split('?')[0]}?onlyHome=no&loan=200000&rate=99&years=20`);
        expect(refused?.status()).toBe(422);
        await expect(block(page).locator('#purchase-cost-rate').getAttribute('aria-invalid')).resolves.toBe('true');
        await expect(block(page).locator('.form-field--invalid .form-field__error').textContent()).resolves.toBe(rateError);
        await expect(block(page).locator('.error-summary a').getAttribute('href')).resolves.toBe('#purchase-cost-rate');
        expect(await violationsAt(page.url(), viewport)).toEqual([]);
        await shoot(page, `costs-${locale}-${viewport.width}-nojs-refused`);
      }, ['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
    });
  });
});
