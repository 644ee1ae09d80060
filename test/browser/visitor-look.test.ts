import type { Browser } from 'playwright-core';
import { urlFor, type RouteName } from '../../src/routing/routes.js';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

/** What a visitor sees on the merged site: checks found by looking at screenshots of every main page. */
describe('the visitor look of the merged site', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;

  beforeAll(async () => {
    ({ app, browser } = served = await startBrowserApp());
  });

  afterAll(() => served?.close());

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
