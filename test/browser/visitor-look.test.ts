import type { Browser, Page } from 'playwright-core';
import { urlFor, type RouteName } from '../../src/routing/routes.js';
import { screenshot, VIEWPORTS, cspViolations, recordCspViolations, SCREENSHOT_DIR, collectPageErrors, seriousAccessibilityViolations } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../../src/routing/locales.js';

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
 * One app and one Chromium for the three describes: the visitor look, issue 38's PDF plan previews and the foundation
 * (the latter two once files of their own, each starting an app and a browser of its own, with the same default env).
 */
let app: ServedApp;
let browser: Browser;
let served: BrowserApp;

beforeAll(async () => {
  ({ app, browser } = served = await startBrowserApp());
});

afterAll(() => served?.close());

/** What a visitor sees on the merged site: checks found by looking at screenshots of every main page. */
describe('the visitor look of the merged site', () => {
  it('underlines the links inside the footer legal line and keeps them in the sentence', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}${urlFor('favorites', 'fr')}`);
    const links = page.locator('.site-footer__legal a');
    expect(await links.count()).toBeGreaterThan(0);
    const styles = await links.evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        return { display: style.display, decoration: style.textDecorationLine };
      }),
    );
    for (const style of styles) expect(style).toEqual({ display: 'inline', decoration: 'underline' });
    await screenshot(page, 'visitor-look-footer-fr-1280');
    await context.close();
  });

  it('gives every field label of the keep-me-informed form the same weight, the price fields too', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}${urlFor('subscribe', 'nl')}`);
    const weights = await page
      .locator('main label[for]')
      .evaluateAll((labels: HTMLLabelElement[]) =>
        labels
          // A checkbox's label is a sentence beside the box, in normal weight by design.
          .filter((label) => document.getElementById(label.htmlFor)?.getAttribute('type') !== 'checkbox')
          .map((label) => `${label.textContent ?? ''}: ${getComputedStyle(label).fontWeight}`),
      );
    expect(weights).toContainEqual('Minimumprijs: 600');
    expect(new Set(weights.map((weight) => weight.split(': ')[1]))).toEqual(new Set(['600']));
    await context.close();
  });

  it.each<RouteName>(['home', 'favorites', 'contact', 'subscribe', 'privacy', 'holidayOverview'])(
    'has no sideways scroll on a phone: %s',
    async (route) => {
      const context = await browser.newContext({ viewport: VIEWPORTS.phone });
      const page = await context.newPage();
      for (const locale of ['nl', 'fr'] as const) {
        await page.goto(`${app.baseUrl}${urlFor(route, locale)}`);
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      }
      await context.close();
    },
  );
});

/**
 * Issue 38: a floor plan in PDF shows its first page inline without JavaScript (the server draws it; the CSP allows
 * images from 'self' only), in the box the page reserved for it, at 1280 and 390 px.
 */
describe('a PDF floor plan’s first page in a browser, without JavaScript', () => {
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

describe('foundation in a browser', () => {
  it('switches from nl to fr with the language switcher and accepts cookies', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${app.baseUrl}${urlFor('privacy', 'nl')}`);
    expect(await page.getAttribute('html', 'lang')).toBe('nl');

    await page.getByRole('navigation', { name: 'Kies uw taal' }).getByRole('link', { name: 'FR' }).click();
    await page.waitForURL(`${app.baseUrl}${urlFor('privacy', 'fr')}`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');

    const consentAnnounced = page.evaluate(
      () => new Promise<boolean>((resolve) => document.addEventListener('immo:consent', () => resolve(true), { once: true })),
    );
    await page.getByRole('button', { name: 'Accepter' }).click();
    await expect(consentAnnounced).resolves.toBe(true);
    await page.locator('#consent-banner').waitFor({ state: 'hidden' });
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'immo_consent')?.value).toBe('accepted');

    await screenshot(page, 'foundation-fr-after-consent-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the consent choice working without JavaScript, from the footer link', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}${urlFor('terms', 'de')}`);
    // Pages are the same for everyone, so the banner waits hidden for the script; without it, the footer link leads to the choice.
    expect(await page.locator('#consent-banner').isVisible()).toBe(false);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie-Einstellungen' }).click();
    await page.waitForURL(`${app.baseUrl}${urlFor('cookieConsent', 'de')}`);
    await page.getByRole('button', { name: 'Ablehnen' }).click();
    await page.waitForURL(`${app.baseUrl}${urlFor('cookieConsent', 'de')}?saved=1`);
    expect(await page.getByText('Ihre Wahl wurde gespeichert.').isVisible()).toBe(true);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'immo_consent')?.value).toBe('declined');
    await context.close();
  });

  describe.each(LOCALES)('in %s', (locale) => {
    it('has no serious or critical accessibility violations, on desktop and phone', async () => {
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        await page.goto(`${app.baseUrl}${urlFor('home', locale)}`);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, `foundation-home-${locale}-${viewport.width}`);
        expect({ name, errors }).toEqual({ name, errors: [] });
        await context.close();
      }
    });
  });
});
