import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { urlFor } from '../../src/routing/routes.js';
import { cspViolations, recordCspViolations, SCREENSHOT_DIR, VIEWPORTS } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

/** A demo house whose floor plan is a PDF of the site's own (fixtures/documents/floor-plan-house-v1.pdf). */
const HOUSE = 1001;
const PREVIEW = '#documents .document-list__preview--page img';

/** The preview's box and what the browser decoded. */
function previewState(page: Page): Promise<{ width: number; height: number; naturalWidth: number; complete: boolean; alt: string }> {
  return page.locator(PREVIEW).evaluate((image: HTMLImageElement) => {
    const box = image.getBoundingClientRect();
    return { width: box.width, height: box.height, naturalWidth: image.naturalWidth, complete: image.complete, alt: image.alt };
  });
}

/**
 * Issue 38: a floor plan in PDF shows its first page inline without JavaScript (the server draws it; the CSP allows
 * images from 'self' only), in the box the page reserved for it, at 1280 and 390 px.
 */
describe('a PDF floor plan’s first page in a browser, without JavaScript', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;

  beforeAll(async () => {
    ({ app, browser } = served = await startBrowserApp());
  });

  afterAll(() => served?.close());

  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
  ] as const)('%s: the image loads in its 10:7 box, which does not change when it arrives; the link to the PDF stays', async (name, viewport) => {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    try {
      await recordCspViolations(context);
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}${urlFor('detailShort', 'nl', { estateId: HOUSE })}`);
      const before = await previewState(page);
      expect(Math.abs(before.height - before.width * 0.7)).toBeLessThanOrEqual(1);
      await page.locator(PREVIEW).scrollIntoViewIfNeeded();
      // Lazy: it loads once near the viewport, drawn by the server on this first request.
      await page.waitForFunction((css) => {
        const image = document.querySelector<HTMLImageElement>(css);
        return !!image && image.complete && image.naturalWidth > 0;
      }, PREVIEW);
      const after = await previewState(page);
      expect(after.alt).toBe('Grondplan (eerste pagina)');
      expect(after.naturalWidth).toBeGreaterThanOrEqual(Math.min(480, after.width));
      expect([after.width, after.height]).toEqual([before.width, before.height]);
      expect(await page.locator('#documents a.document-list__link[href="/assets/demo-documents/floor-plan-house-v1.pdf"]').isVisible()).toBe(true);
      expect(await cspViolations(page)).toEqual([]);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.locator('#documents').screenshot({ path: join(SCREENSHOT_DIR, `plan-preview-${name}-nl.png`) });
    } finally {
      await context.close();
    }
  });
});
