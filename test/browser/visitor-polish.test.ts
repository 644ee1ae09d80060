import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { addDays, todayInBelgium } from '../../src/holiday/domain/stay.js';
import { LOCALES, type Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { collectPageErrors, screenshot, VIEWPORTS } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

/** The Knokke studio: a holiday unit with a season price table. */
const UNIT = 101;

/** Where an element is against the viewport: in it when its top and bottom are on screen. */
function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const box = document.querySelector(css)?.getBoundingClientRect();
    return !!box && box.top >= 0 && box.bottom <= window.innerHeight;
  }, selector);
}

describe('visitor polish in a browser (issue 18, defect 12)', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;

  beforeAll(async () => {
    ({ app, browser } = served = await startBrowserApp({ FORM_RATE_LIMIT: '100' }, { tiles: true }));
  });

  afterAll(() => served?.close());

  /** A fresh context, closed whatever the test does. */
  async function withPage(options: BrowserContextOptions, run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext(options);
    try {
      await run(await context.newPage());
    } finally {
      await context.close();
    }
  }

  /** Fills the booking form with a stay that starts in the past: refused by the server (the browser's own checks are off). */
  async function sendRefusedBooking(page: Page): Promise<void> {
    await page.goto(`${app.baseUrl}${urlFor('holiday', 'nl', { rentalUnitId: UNIT })}`);
    const form = page.locator('#booking-form');
    await form.evaluate((element: HTMLFormElement) => (element.noValidate = true));
    await form.locator('[name="arrival"]').fill(addDays(todayInBelgium(), -3));
    await form.locator('[name="departure"]').fill(addDays(todayInBelgium(), 2));
    await form.locator('[name="guests"]').fill('2');
    await form.locator('[name="name"]').fill('Els Janssens');
    await form.locator('[name="email"]').fill('els@example.be');
    await form.locator('[name="privacyConsent"]').check();
    await form.locator('button[type="submit"]:not([formaction])').click();
  }

  describe.each(Object.entries(VIEWPORTS))('a refused holiday booking (%s)', (name, viewport) => {
    it('without JavaScript opens the refused page at the error summary, which links to the fields', async () => {
      await withPage({ viewport, javaScriptEnabled: false }, async (page) => {
        await sendRefusedBooking(page);
        await page.waitForURL(/#booking-errors$/);
        const summary = page.locator('#booking-errors');
        await summary.waitFor();
        expect(await inViewport(page, '#booking-errors')).toBe(true);
        expect(await summary.getByRole('link').first().getAttribute('href')).toBe('#booking-arrival');
        await screenshot(page, `booking-refused-nojs-${name}`, false);
      });
    });

    it('with JavaScript swaps the form in place, moves the focus to the error summary and scrolls it into view', async () => {
      await withPage({ viewport }, async (page) => {
        const errors = collectPageErrors(page);
        await page.goto(`${app.baseUrl}${urlFor('holiday', 'nl', { rentalUnitId: UNIT })}`);
        await page.locator('#booking-form[data-island-state="mounted"]').waitFor();
        const url = page.url();
        await sendRefusedBooking(page);
        await page.waitForFunction(() => document.activeElement?.id === 'booking-errors');
        expect(page.url().split('#')[0]).toBe(url.split('#')[0]);
        expect(await inViewport(page, '#booking-errors')).toBe(true);
        await screenshot(page, `booking-refused-js-${name}`, false);
        // The 422 is expected (the browser logs it); nothing else may go wrong.
        expect(errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
      });
    });
  });

  it('fits the season price table in a 390 px screen: no sideways scrolling and its last column visible', async () => {
    await withPage({ viewport: VIEWPORTS.phone }, async (page) => {
      await page.goto(`${app.baseUrl}${urlFor('holiday', 'nl', { rentalUnitId: UNIT })}`);
      const table = page.locator('table.holiday__prices');
      await table.scrollIntoViewIfNeeded();
      const fit = await page.evaluate(() => {
        const prices = document.querySelector('table.holiday__prices')!;
        const cells = [...prices.querySelectorAll('tr')].map((row) => row.lastElementChild!.getBoundingClientRect());
        const frame = (prices.closest('.table-scroll') ?? prices).getBoundingClientRect();
        return {
          pageScrolls: document.scrollingElement!.scrollWidth > window.innerWidth,
          lastColumnCut: cells.some((cell) => cell.width === 0 || cell.right > Math.min(frame.right, window.innerWidth) + 0.5),
        };
      });
      expect(fit).toEqual({ pageScrolls: false, lastColumnCut: false });
      await table.screenshot({ path: `${await screenshot(page, 'holiday-prices-390', false)}`.replace(/\.png$/, '-table.png') });
    });
  });

  it.each(LOCALES)('shows the whole chosen option of every select at 390 px (%s)', async (locale: Locale) => {
    await withPage({ viewport: VIEWPORTS.phone }, async (page) => {
      const cut: string[] = [];
      for (const path of [urlFor('home', locale), urlFor('subscribe', locale)]) {
        await page.goto(`${app.baseUrl}${path}`);
        await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
        cut.push(
          ...(await page.evaluate(() => {
            const canvas = document.createElement('canvas').getContext('2d')!;
            return [...document.querySelectorAll('select')].flatMap((select) => {
              const style = getComputedStyle(select);
              canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
              // The room for the text: the box less its padding and the drop-down arrow (about 1.5 em).
              const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 0.5 * parseFloat(style.fontSize);
              const longest = Math.max(...[...select.options].map((option) => canvas.measureText(option.text).width));
              const fits = select.scrollWidth <= select.clientWidth && longest <= room;
              return fits ? [] : [`${select.name}: "${[...select.options].map((option) => option.text).join('|')}" ${Math.round(longest)} px in ${Math.round(room)} px`];
            });
          })),
        );
      }
      if (locale === 'nl') await screenshot(page, 'subscribe-selects-nl-390');
      expect(cut).toEqual([]);
    });
  });

  it.each(Object.entries(VIEWPORTS))('without JavaScript, a pressed heart comes back pressed and says it was saved (%s)', async (name, viewport) => {
    await withPage({ viewport, javaScriptEnabled: false }, async (page) => {
      await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}`);
      const heart = page.locator('.estate-card .favorite-toggle').nth(2);
      const id = await heart.getAttribute('data-favorite-id');
      await heart.getByRole('button').click();
      await page.waitForURL(new RegExp(`#favorite-${id}$`));
      const flash = page.locator(`#favorite-${id} .favorite-toggle__flash--saved`);
      expect(await flash.isVisible()).toBe(true);
      expect(await flash.textContent()).toBe('Bewaard in uw favorieten.');
      expect(await inViewport(page, `#favorite-${id}`)).toBe(true);
      // The heart on screen is filled like a pressed one: the saved heart the favourites stylesheet shows (issue 38).
      const shown = page.locator(`#favorite-${id} .favorite-toggle__button:visible`);
      expect(await shown.locator('svg').evaluate((svg) => getComputedStyle(svg).fill)).not.toBe('none');
      await screenshot(page, `favorite-saved-nojs-${name}`, false);

      // Pressed again, it removes the listing, and says so.
      await shown.click();
      await page.waitForURL(new RegExp(`#favorite-${id}-removed$`));
      expect(await page.locator(`#favorite-${id}-removed`).isVisible()).toBe(true);
    });
  });
});
