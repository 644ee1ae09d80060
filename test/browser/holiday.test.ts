import type { Browser, Page, BrowserContextOptions, Locator } from 'playwright-core';
import { DataSource } from 'typeorm';
import { formatCurrency } from '../../src/estates/domain/format.js';
import { addDays, todayInBelgium, priceRequestedStay } from '../../src/holiday/domain/stay.js';
import { HolidayBookingRequestEntity } from '../../src/holiday/persistence/holiday-booking-request.entity.js';
import { LOCALES, type Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { accessibilityViolations, collectPageErrors, screenshot, VIEWPORTS } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';
import { money } from '../../src/holiday/holiday-format.js';
import { HolidayRepository } from '../../src/holiday/persistence/holiday.repository.js';

/** The Knokke studio (2 guests) has no range in the first week; its coast seasons ask at most 7 nights. */
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

/**
 * One app (with the local tile server) and one Chromium for both describes: the holiday pages on desktop and phone,
 * and issue 38's phone page (once a file of its own, which started an app and a browser of its own).
 */
let app: ServedApp;
let browser: Browser;
let served: BrowserApp;

beforeAll(async () => {
  ({ app, browser } = served = await startBrowserApp({ FORM_RATE_LIMIT: '50' }, { tiles: true }));
});

afterAll(() => served?.close());

describe('holiday rentals and legal pages in a browser', () => {
  const open = (page: Page, path: string) => page.goto(`${app.baseUrl}${path}`);

  it('moves through the calendar by keyboard across months, and reads each month as a table', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await open(page, urlFor('holiday', 'en', { rentalUnitId: UNIT }));
    await page.locator('[data-island="calendar"][data-island-state="mounted"]').waitFor();
    const today = todayInBelgium();
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date ?? null);

    const first = page.locator('td.cal-day[tabindex="0"]');
    expect(await first.count()).toBe(1);
    await first.focus();
    expect(await focused()).toBe(today);
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe(addDays(today, 1));
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(addDays(today, 8));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe(today);
    await page.keyboard.press('PageDown');
    expect((await focused())?.slice(0, 7)).not.toBe(today.slice(0, 7));
    // Only one day is in the tab order at a time (roving tabindex).
    expect(await page.locator('td.cal-day[tabindex="0"]').count()).toBe(1);

    const table = page.locator('table.cal-month').first();
    expect(await table.locator('caption').textContent()).toMatch(/\d{4}/);
    expect(await table.getByRole('columnheader').count()).toBe(7);
    const cell = page.locator(`td[data-date="${addDays(today, 9)}"]`);
    expect(await cell.getAttribute('aria-label')).toMatch(/, booked$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows every month as a table without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, urlFor('holiday', 'nl', { rentalUnitId: UNIT }));
    expect(await page.locator('table.cal-month').count()).toBe(12);
    for (const table of await page.locator('table.cal-month').all()) expect(await table.isVisible()).toBe(true);
    await context.close();
  });

  it('sends a booking request end to end, with the price shown before sending', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await open(page, urlFor('holiday', 'en', { rentalUnitId: UNIT }));
    const form = page.locator('#booking-form');
    const arrival = addDays(todayInBelgium(), 1);
    const departure = addDays(arrival, 7);
    // Each field's change asks for a quote; the one to read is the answer for all three values, once it is swapped in.
    const finalQuote = page.waitForResponse((response) => {
      const query = new URL(response.url()).searchParams;
      return query.get('arrival') === arrival && query.get('departure') === departure && query.get('guests') === '2';
    });
    await form.getByLabel('Arrival').fill(arrival);
    await form.getByLabel('Departure').fill(departure);
    await form.getByLabel('Number of guests').fill('2');
    await form.getByLabel('Number of guests').dispatchEvent('change');
    await finalQuote;
    await page.waitForFunction(() => !document.querySelector('.booking-form__stay.htmx-request'));
    await page.locator('#booking-quote [data-quote-total]').waitFor();
    const total = await page.locator('#booking-quote [data-quote-total]').textContent();
    expect(total).toMatch(/^€\u00a0[\d.]+,\d\d$/);
    await screenshot(page, 'holiday-booking-quote-390', false);
    await form.getByLabel('Name').fill('Els Janssens');
    await form.getByLabel('Email address').fill('els@example.be');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Send the request' }).click();
    await page.waitForURL(/\?sent=1#booking$/);
    expect(await page.getByText('Thank you, we have received your request.').isVisible()).toBe(true);
    const stored = await app.app.get(DataSource).getRepository(HolidayBookingRequestEntity).findOneByOrFail({ email: 'els@example.be' });
    expect(stored).toMatchObject({ unitId: UNIT, arrival, departure, guests: 2 });
    expect(formatCurrency(Number(stored.total))).toBe(total);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits the screen on desktop and phone, nothing wider than the viewport (screenshots)', async () => {
    const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const viewport of Object.values(VIEWPORTS)) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const shots = {
        [`holiday-unit-nl-${viewport.width}`]: urlFor('holiday', 'nl', { rentalUnitId: 102 }),
        [`holiday-overview-fr-${viewport.width}`]: urlFor('holidayOverview', 'fr'),
        [`privacy-de-${viewport.width}`]: urlFor('privacy', 'de'),
        [`terms-en-${viewport.width}`]: urlFor('terms', 'en'),
      };
      for (const [name, path] of Object.entries(shots)) {
        await open(page, path);
        if (name.startsWith('holiday-unit')) await page.locator('.gallery[data-island-state="mounted"]').waitFor();
        expect({ name, overflow: await overflow(page) }).toEqual({ name, overflow: 0 });
        await screenshot(page, name);
      }
      await context.close();
    }
  });

  describe.each(LOCALES)('in %s', (locale: Locale) => {
    it('has no accessibility violation on the holiday unit and overview, privacy and terms pages, on desktop and phone', async () => {
      for (const viewport of Object.values(VIEWPORTS)) {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        const pages = {
          unit: urlFor('holiday', locale, { rentalUnitId: 104 }),
          overview: urlFor('holidayOverview', locale),
          privacy: urlFor('privacy', locale),
          terms: urlFor('terms', locale),
        };
        for (const [kind, path] of Object.entries(pages)) {
          await open(page, path);
          if (kind === 'unit') await page.locator('.gallery[data-island-state="mounted"]').waitFor();
          expect({ kind, width: viewport.width, violations: await accessibilityViolations(page) }).toEqual({ kind, width: viewport.width, violations: [] });
        }
        await context.close();
      }
    });
  });
});

describe('holiday unit page on a phone (issue 38)', () => {
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
