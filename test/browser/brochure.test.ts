import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { SCREENSHOT_DIR, VIEWPORTS, accessibilityViolations, collectPageErrors, cspViolations, recordCspViolations, screenshot } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

/** A typical listing of the demo catalogue: a Flemish house with four photos, a floor plan and a brochure. */
const TYPICAL = 1001;
/**
 * The demo listing that is longest on paper (measured over all 78 detail pages in print: an apartment with its
 * building's energy too, every planning answer, and both documents).
 */
const LARGEST = 1022;
/** A4 less the stylesheet's @page margins (12 + 14 mm high, 13 + 13 mm wide), in CSS pixels (96 per inch). */
const A4_WIDTH_PX = 794;
const MM = 96 / 25.4;

/** Pages in a PDF that Chromium wrote: its page objects (`/Type /Page`, not the `/Pages` tree). */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;
}

describe('brochure: the detail page printed, and its documents', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;

  beforeAll(async () => {
    ({ app, browser } = served = await startBrowserApp({}, { tiles: true }));
  });

  afterAll(() => served?.close());

  /**
   * A page in a fresh context. Without JavaScript: `javaScriptEnabled: false`, or for axe (which runs in the page)
   * `scriptsBlocked`: the page's own scripts never load, so it is the page a visitor without JavaScript gets.
   */
  async function withPage(options: { javaScript: boolean; width?: number; scriptsBlocked?: boolean }, run: (page: Page) => Promise<void>): Promise<void> {
    const width = options.width ?? VIEWPORTS.desktop.width;
    const viewport = { width, height: width < 500 ? VIEWPORTS.phone.height : VIEWPORTS.desktop.height };
    const context = await browser.newContext({ viewport, javaScriptEnabled: options.javaScript || Boolean(options.scriptsBlocked) });
    if (options.scriptsBlocked) await context.route(/\.m?js(\?.*)?$/, (route) => route.abort());
    await recordCspViolations(context);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await run(page);
      // The blocked scripts are the only failed loads allowed.
      expect(errors.filter((error) => !(options.scriptsBlocked && /^Failed to load resource/.test(error)))).toEqual([]);
      if (options.javaScript) expect(await cspViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }

  async function openDetail(page: Page, locale: Locale, id: number): Promise<void> {
    const response = await page.goto(`${app.baseUrl}${urlFor('detailShort', locale, { estateId: id })}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
  }

  /** The page as paper: print media at an A4 page's width; a screenshot, the PDF Chromium prints, and its page count. */
  async function printed(page: Page, name: string): Promise<number> {
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: A4_WIDTH_PX, height: 1123 });
    await screenshot(page, name);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    writeFileSync(join(SCREENSHOT_DIR, `${name}.pdf`), pdf);
    return pageCount(pdf);
  }

  describe.each([
    ['nl', true],
    ['nl', false],
    ['fr', true],
    ['fr', false],
  ] as const)('%s, JavaScript %p', (locale, javaScript) => {
    const suffix = javaScript ? '' : '-nojs';

    it('prints a typical listing as a brochure of one or two A4 pages: photos loaded, QR code, no site chrome', async () => {
      await withPage({ javaScript }, async (page) => {
        await openDetail(page, locale, TYPICAL);
        // The printed photos are server markup loaded with the page (the gallery may be a slider, its grid lazy).
        const photos = page.locator('.brochure-photos img');
        await expect(photos.count()).resolves.toBe(4);
        await expect(photos.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0))).resolves.toBe(true);
        await expect(page.locator('.brochure-photos').isVisible()).resolves.toBe(false);
        await expect(page.locator('.brochure-qr__code').isVisible()).resolves.toBe(false);

        const pages = await printed(page, `brochure-${locale}-a4${suffix}`);
        expect(pages).toBeGreaterThanOrEqual(1);
        expect(pages).toBeLessThanOrEqual(2);

        // The features (year built, heating, garden, garage…) and the rooms per floor fill the second page (issue 38).
        for (const shown of ['.brochure-masthead', '.estate-detail__title h1', '.estate-detail__price', '.key-facts', '[data-region-mentions]', '.brochure-photos', '#brochure-features', '#layout', '#energy', '#documents', '.brochure-contact', '.brochure-qr__code']) {
          expect([shown, await page.locator(shown).first().isVisible()]).toEqual([shown, true]);
        }
        for (const hidden of ['.site-header', '.site-footer', '.gallery', '.estate-detail__aside', '.map-block', '.similar-estates', '.print-tool', '.consent-banner', '.action-bar', 'form']) {
          expect([hidden, await page.locator(hidden).evaluateAll((elements) => elements.some((element) => (element as HTMLElement).offsetParent !== null))]).toEqual([hidden, false]);
        }
        for (const code of ['technical.constructionYear', 'comfort.heating', 'comfort.garden', 'layout.garages']) {
          await expect(page.locator(`#brochure-features [data-field="${code}"]`).isVisible()).resolves.toBe(true);
        }
        // The features on screen are not printed as well: the brochure's selection stands for them.
        await expect(page.locator('[aria-labelledby="features-title"]').isVisible()).resolves.toBe(false);
        // The price as the page shows it, the QR code about 3.4 cm, the address of the listing printed beside it.
        await expect(page.locator('.estate-detail__price').textContent()).resolves.toMatch(/€/);
        const qr = await page.locator('.brochure-qr__code').boundingBox();
        expect(qr!.width / MM).toBeCloseTo(34, 0);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        await expect(page.locator('.brochure-contact__url').textContent()).resolves.toBe(canonical);
        // Each document with its address.
        const urls = await page.locator('.document-list__url').allTextContents();
        expect(urls.length).toBeGreaterThanOrEqual(2);
        for (const url of urls) expect(url).toMatch(/^https?:\/\/[^ ]+\/assets\/demo-documents\/[\w-]+\.(pdf|png)$/);
        // Every photo printed fills its box.
        for (const box of await page.locator('.brochure-photos img').evaluateAll((images) => images.map((image) => image.getBoundingClientRect().toJSON() as DOMRect))) {
          expect(box.width).toBeGreaterThan(100);
          expect(box.height).toBeGreaterThan(60);
        }
      });
    });

    it('the largest demo listing still prints on two pages at most', async () => {
      await withPage({ javaScript }, async (page) => {
        await openDetail(page, locale, LARGEST);
        const pages = await printed(page, `brochure-${locale}-largest${suffix}`);
        expect(pages).toBeGreaterThanOrEqual(1);
        expect(pages).toBeLessThanOrEqual(2);
      });
    });

    it.each([VIEWPORTS.desktop.width, VIEWPORTS.phone.width])('on screen at %i px: the documents to download and the print button, axe clean', async (width) => {
      await withPage({ javaScript, width, scriptsBlocked: !javaScript }, async (page) => {
        if (javaScript) await page.addInitScript(() => (window.print = () => void ((window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1)));
        await openDetail(page, locale, TYPICAL);
        const documents = page.locator('#documents .document-list__item');
        await expect(documents.evaluateAll((items) => items.map((item) => item.getAttribute('data-document-type')))).resolves.toEqual(['FLOOR_PLAN', 'BROCHURE']);
        const plan = page.locator('#documents .document-list__link').first();
        await expect(plan.getAttribute('download')).resolves.toBe('floor-plan-house-v1.pdf');
        // The demo's documents are there.
        for (const href of await page.locator('#documents .document-list__link').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))) {
          const response = await page.request.get(href);
          expect(response.status()).toBe(200);
          expect(response.headers()['content-type']).toMatch(/^(application\/pdf|image\/png)/);
        }
        // No overflow on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        const button = page.locator('.print-tool__button');
        await button.scrollIntoViewIfNeeded();
        await button.click();
        if (javaScript) {
          await page.waitForFunction(() => (window as unknown as { printed?: number }).printed === 1);
          await expect(page.locator('#print-hint').isVisible()).resolves.toBe(false);
        } else {
          // Without JavaScript the button opens the hint: how to print the page as a brochure.
          await expect(page.locator('#print-hint').isVisible()).resolves.toBe(true);
          await expect(page.evaluate(() => document.querySelectorAll('[data-island-state]').length)).resolves.toBe(0);
        }
        await screenshot(page, `brochure-${locale}-${width}${suffix}-print-button`, false);
        await page.locator('#documents').evaluate((section) => section.scrollIntoView({ block: 'center' }));
        await screenshot(page, `brochure-${locale}-${width}${suffix}`, false);
        // The map's island starts when the map comes into view: let it finish before axe looks at the page, so
        // no map is added (and fading in) while axe measures it.
        if (javaScript) {
          await page.locator('.map-block').scrollIntoViewIfNeeded();
          await page.locator('.map-block__map--ready').waitFor();
        }
        expect(await accessibilityViolations(page)).toEqual([]);
      });
    });
  });
});
