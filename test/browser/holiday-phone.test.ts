import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { addDays, priceRequestedStay, todayInBelgium } from '../../src/holiday/domain/stay.js';
import { money } from '../../src/holiday/holiday-format.js';
import { HolidayBookingRequestEntity } from '../../src/holiday/persistence/holiday-booking-request.entity.js';
import { HolidayRepository } from '../../src/holiday/persistence/holiday.repository.js';
import { urlFor } from '../../src/routing/routes.js';
import { accessibilityViolations, collectPageErrors, screenshot, VIEWPORTS } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

/** The Knokke studio (2 guests, no range in the first week, coast seasons asking at most 7 nights). */
const UNIT = 101;

/**
 * Whether this Chromium's date fields take the day first (its own locale decides, not the page's): typed once in a
 * scratch field, removed again.
 */
async function dayFirst(page: Page): Promise<boolean> {
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<input type="date" id="date-order-probe">'));
  const probe = page.locator('#date-order-probe');
  await probe.focus();
  await page.keyboard.type('01022003');
  const value = await probe.inputValue();
  await probe.evaluate((element) => element.remove());
  return value === '2003-02-01';
}

/** Types an ISO date into a date field the way a visitor does: digit by digit, never leaving it. */
async function typeDate(page: Page, field: Locator, iso: string, dayFirstOrder: boolean): Promise<void> {
  const [year, month, day] = iso.split('-');
  await field.focus();
  await page.keyboard.type(dayFirstOrder ? `${day}${month}${year}` : `${month}${day}${year}`);
  expect(await field.inputValue()).toBe(iso);
}

/** The month tables a visitor sees (the others are not displayed). */
function visibleMonths(page: Page): Promise<number> {
  return page.evaluate(() => [...document.querySelectorAll('table.cal-month')].filter((table) => table.getClientRects().length > 0).length);
}

describe('holiday unit page on a phone (issue 38)', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;

  beforeAll(async () => {
    ({ app, browser } = served = await startBrowserApp({ FORM_RATE_LIMIT: '50' }, { tiles: true }));
  });

  afterAll(() => served?.close());

  async function withPage(options: BrowserContextOptions, run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'nl-BE', ...options });
    try {
      await run(await context.newPage());
    } finally {
      await context.close();
    }
  }

  it('updates the quote while the guests are typed, without leaving the field, to the price the request then stores', async () => {
    await withPage({}, async (page) => {
      const errors = collectPageErrors(page);
      await page.goto(`${app.baseUrl}${urlFor('holiday', 'nl', { rentalUnitId: UNIT })}`);
      await page.locator('#booking-form[data-island-state="mounted"]').waitFor();
      const form = page.locator('#booking-form');
      const arrival = addDays(todayInBelgium(), 1);
      const departure = addDays(arrival, 7);
      const { unit } = (await app.app.get(HolidayRepository).find(UNIT))!;
      const ranges = await app.app.get(HolidayRepository).ranges(UNIT);
      const serverTotal = (guests: number) => money(priceRequestedStay(unit, ranges, { arrival, departure, guests }, todayInBelgium()).quote!.total);
      expect(serverTotal(2)).not.toBe(serverTotal(1));

      const order = await dayFirst(page);
      await typeDate(page, form.getByLabel('Aankomst'), arrival, order);
      await typeDate(page, form.getByLabel('Vertrek'), departure, order);
      const guests = form.getByLabel('Aantal gasten');
      await guests.focus();
      const quoteForTwo = page.waitForResponse(
        (response) => {
          const query = new URL(response.url()).searchParams;
          return response.url().includes('/ajax/') && query.get('arrival') === arrival && query.get('departure') === departure && query.get('guests') === '2';
        },
        { timeout: 10_000 },
      );
      await page.keyboard.type('2');
      await quoteForTwo;
      await page.waitForFunction(() => !document.querySelector('.booking-form__stay.htmx-request'));
      // Still in the field: the quote followed the typing, not a blur.
      expect(await guests.evaluate((element) => element === document.activeElement)).toBe(true);
      const total = page.locator('#booking-quote [data-quote-total]');
      await page.waitForFunction((expected) => document.querySelector('#booking-quote [data-quote-total]')?.textContent === expected, serverTotal(2));
      const shown = await total.textContent();
      await screenshot(page, 'holiday-phone-quote-typed-nl-390', false);

      await form.getByLabel('Naam').fill('An Peeters');
      await form.getByLabel('E-mailadres').fill('an.peeters@example.be');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: 'Aanvraag versturen' }).click();
      await page.waitForURL(/\?sent=1#booking$/);
      const stored = await app.app.get(DataSource).getRepository(HolidayBookingRequestEntity).findOneByOrFail({ email: 'an.peeters@example.be' });
      expect({ guests: stored.guests, total: money(Number(stored.total)) }).toEqual({ guests: 2, total: shown });
      expect(errors).toEqual([]);
    });
  });

  describe.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('%s at 390 px', (name, javaScriptEnabled) => {
    it('shows three months and a link to the rest, and a link to the booking form in the first screen', async () => {
      await withPage({ javaScriptEnabled }, async (page) => {
        const errors = collectPageErrors(page);
        await page.goto(`${app.baseUrl}${urlFor('holiday', 'nl', { rentalUnitId: UNIT })}`);
        if (javaScriptEnabled) {
          await page.locator('[data-island="calendar"][data-island-state="mounted"]').waitFor();
          await page.locator('.gallery[data-island-state="mounted"]').waitFor();
          // Before any full-page screenshot: one resizes the viewport, and the gallery's slider lays itself out again.
          expect(await accessibilityViolations(page)).toEqual([]);
        }
        const shot = `holiday-phone-${javaScriptEnabled ? 'js' : 'nojs'}-nl-390`;
        await screenshot(page, `${shot}-first-screen`, false);

        const book = page.getByRole('link', { name: 'Verblijf aanvragen' });
        const box = (await book.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);

        expect(await visibleMonths(page)).toBe(3);
        const calendarHeight = await page.locator('#availability').evaluate((element) => element.getBoundingClientRect().height);
        expect(calendarHeight).toBeLessThan(1500);
        await screenshot(page, `${shot}-full`);

        const more = page.getByRole('link', { name: 'Toon de volgende 9 maanden' });
        await more.click();
        await page.waitForFunction(() => [...document.querySelectorAll('table.cal-month')].every((table) => table.getClientRects().length > 0));
        expect(await visibleMonths(page)).toBe(12);
        expect(await more.isVisible()).toBe(false);

        await book.click();
        await page.waitForURL(/#booking$/);
        const title = await page.locator('#booking-title').boundingBox();
        expect(title!.y).toBeGreaterThanOrEqual(0);
        expect(title!.y).toBeLessThan(VIEWPORTS.phone.height);
        expect(errors).toEqual([]);
      });
    });
  });

  it('moves by keyboard into the folded months, which then show (JavaScript, 390 px)', async () => {
    await withPage({}, async (page) => {
      await page.goto(`${app.baseUrl}${urlFor('holiday', 'nl', { rentalUnitId: UNIT })}`);
      await page.locator('[data-island="calendar"][data-island-state="mounted"]').waitFor();
      await page.locator('td.cal-day[tabindex="0"]').focus();
      for (let month = 0; month < 3; month += 1) await page.keyboard.press('PageDown');
      const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.closest('.availability__later') !== null);
      expect(focused).toBe(true);
      expect(await visibleMonths(page)).toBe(12);
    });
  });
});
