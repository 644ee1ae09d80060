import type { Browser, Page } from 'playwright-core';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { encodeFavorites, FAVORITES_COOKIE } from '../../src/favorites/favorites-cookie.js';
import { type Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { InquiryEntity } from '../../src/inquiries/inquiry.entity.js';
import { addDays, todayInBelgium } from '../../src/holiday/domain/stay.js';
import { HolidayBookingRequestEntity } from '../../src/holiday/persistence/holiday-booking-request.entity.js';
import { fileTranslator } from '../support/file-translator.js';
import { demoAppointmentPath } from '../support/demo-appointment.js';
import { browserBotCheckEnv, FakeVerifierServer } from '../support/fake-verifier-server.js';
import { accessibilityViolations, collectPageErrors, screenshot } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

/** A demo unit with nothing booked 100 days ahead (fixtures/holiday-rental-units.json). */
const DEMO_UNIT = 103;

/**
 * One app, one Chromium and one local bot-check provider for both describes: the visitor flows, and the holiday
 * booking with the bot check on (once a file of its own, which started an app, a browser and a provider of its own
 * with the same env).
 */
let verifier: FakeVerifierServer;
let app: ServedApp;
let browser: Browser;
let served: BrowserApp;

beforeAll(async () => {
  verifier = new FakeVerifierServer();
  await verifier.start();
  // The real bot-check flow: the page loads the provider's script and the forms ask it for a token; the provider's
  // script and verifier are a local stand-in at the HTTP boundary.
  ({ app, browser } = served = await startBrowserApp({ FORM_RATE_LIMIT: '50', ...browserBotCheckEnv(verifier) }));
});

afterAll(async () => {
  try {
    await served?.close();
  } finally {
    await verifier?.stop();
  }
});

describe('visitor flows in a browser', () => {
  let listing: EstateEntity;

  beforeAll(async () => {
    listing = (await app.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { parentId: IsNull(), isProject: false, status: 'FOR_SALE' }, order: { id: 'ASC' } }))!;
  });

  // The heart on screen: the form's other button is the saved heart that only pages without JavaScript show.
  const heart = (page: Page) => page.locator(`form[data-favorite-id="${listing.id}"] button:not([hidden])`).first();
  const badge = (page: Page) => page.locator('#favorites-badge');
  const openDetail = (page: Page, locale: Locale = 'nl') => page.goto(`${app.baseUrl}${urlFor('detailShort', locale, { estateId: listing.id })}`);

  it('toggles a favourite with JavaScript: only the heart and the badge change, and a reload still shows it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await openDetail(page);
    await page.waitForFunction(() => Boolean((window as unknown as { htmx?: unknown }).htmx));
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    expect(await heart(page).getAttribute('aria-pressed')).toBe('false');
    expect(await badge(page).isHidden()).toBe(true);

    await heart(page).click();
    await page.locator(`form[data-favorite-id="${listing.id}"] button[aria-pressed="true"]:not([hidden])`).waitFor();
    expect(await badge(page).textContent()).toBe('1');
    expect(await heart(page).getAttribute('aria-label')).toBe('Verwijder uit favorieten');
    // No navigation: the page's own state survived.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    // The page is the same cached page for everyone; the script fills the heart in from the cookie.
    await page.reload();
    await page.locator(`form[data-favorite-id="${listing.id}"] button[aria-pressed="true"]:not([hidden])`).waitFor();
    expect(await badge(page).textContent()).toBe('1');
    await screenshot(page, 'favorites-detail-heart-on', false);

    await heart(page).click();
    await page.locator(`form[data-favorite-id="${listing.id}"] button[aria-pressed="false"]:not([hidden])`).waitFor();
    expect(await badge(page).isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('toggles a favourite from a search result card: the heart turns on and the badge counts', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${app.baseUrl}${urlFor('home', 'nl')}?sort=price-asc`);
    await page.waitForFunction(() => Boolean((window as unknown as { htmx?: unknown }).htmx));
    const cards = page.locator('.search-results article[data-estate-id]');
    const first = await cards.nth(0).getAttribute('data-estate-id');
    const second = await cards.nth(1).getAttribute('data-estate-id');
    const cardHeart = (id: string | null) => page.locator(`.search-results form[data-favorite-id="${id}"] button:not([hidden])`);
    expect(await badge(page).isHidden()).toBe(true);

    await cardHeart(first).click();
    await page.locator(`.search-results form[data-favorite-id="${first}"] button[aria-pressed="true"]:not([hidden])`).waitFor();
    expect(await badge(page).textContent()).toBe('1');
    await cardHeart(second).click();
    await page.locator(`.search-results form[data-favorite-id="${second}"] button[aria-pressed="true"]:not([hidden])`).waitFor();
    expect(await badge(page).textContent()).toBe('2');
    // Still the search page, with its query.
    expect(page.url()).toBe(`${app.baseUrl}${urlFor('home', 'nl')}?sort=price-asc`);

    await cardHeart(first).click();
    await page.locator(`.search-results form[data-favorite-id="${first}"] button[aria-pressed="false"]:not([hidden])`).waitFor();
    expect(await badge(page).textContent()).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('toggles a favourite without JavaScript: the post redirects back, and the favourites page lists it and removes it', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await openDetail(page, 'fr');
    const detailUrl = page.url();
    await Promise.all([page.waitForURL(detailUrl), heart(page).click()]);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === FAVORITES_COOKIE)?.value).toMatch(new RegExp(`^${listing.id}\\.`));

    await page.goto(`${app.baseUrl}${urlFor('favorites', 'fr')}`);
    await page.locator(`article[data-estate-id="${listing.id}"]`).waitFor();
    await screenshot(page, 'favorites-page-fr-no-js');
    await Promise.all([page.waitForURL(`${app.baseUrl}${urlFor('favorites', 'fr')}`), heart(page).click()]);
    expect(await page.locator('.favorites-empty').textContent()).toContain('Vous n\'avez pas encore de favoris.');
    await context.close();
  });

  it('has no accessibility violations on the favourites, contact and cancel-appointment pages', async () => {
    const context = await browser.newContext();
    const url = new URL(app.baseUrl);
    await context.addCookies([{ name: FAVORITES_COOKIE, value: encodeFavorites([listing.id, 987654], app.config.COOKIE_SECRET), domain: url.hostname, path: '/' }]);
    const page = await context.newPage();
    const pages = [urlFor('favorites', 'nl'), urlFor('contact', 'fr'), await demoAppointmentPath(app.app, 'en')];
    for (const path of pages) {
      await page.goto(`${app.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      expect({ path, violations: await accessibilityViolations(page) }).toEqual({ path, violations: [] });
    }
    await screenshot(page, 'cancel-appointment-en');
    await context.close();
  });

  it('sends the contact form with htmx: the bot-check token goes along, a refusal swaps the form with its message, then thanks', async () => {
    verifier.answer = { status: 200, body: { success: true, score: 0.9 } };
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${app.baseUrl}${urlFor('contact', 'nl')}`);
    await page.locator('form#contact-form[data-island-state="mounted"]').waitFor();
    await page.getByLabel('Naam').fill('Browser Bezoeker');
    await page.getByLabel('E-mailadres').fill('browser-contact@example.be');
    await page.getByLabel('Telefoon').fill('geen nummer');
    await page.getByLabel('Uw bericht').fill('Een vraag uit de browser.');
    await page.locator('#contact-privacy').check();
    await page.getByRole('button', { name: 'Versturen' }).click();
    await page.getByText('Vul een geldig telefoonnummer in.').waitFor();
    expect(await page.locator('#contact-phone').getAttribute('aria-invalid')).toBe('true');

    await page.locator('#contact-phone').fill('+32 470 00 00 00');
    await page.locator('#contact-privacy').check();
    await page.getByRole('button', { name: 'Versturen' }).click();
    await page.getByText('Bedankt, we hebben uw bericht goed ontvangen').waitFor();
    const stored = await app.app.get(DataSource).getRepository(InquiryEntity).findOneByOrFail({ email: 'browser-contact@example.be' });
    expect(stored).toMatchObject({ kind: 'CONTACT', phone: '+32 470 00 00 00' });
    expect(verifier.requests.at(-1)?.get('response')).toBe('browser-token');
    // The browser logs the refused post (422) itself; nothing else went wrong.
    expect(errors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    await context.close();
  });
});

describe('holiday booking with the bot check on', () => {
  it('sends the provider’s token with the booking, which is then accepted', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const email = 'booking-bot-check@example.be';
      const unitPath = urlFor('holiday', 'nl', { rentalUnitId: DEMO_UNIT });
      await page.goto(`${app.baseUrl}${unitPath}`);
      const today = todayInBelgium();
      await page.fill('#booking-arrival', addDays(today, 100));
      await page.fill('#booking-departure', addDays(today, 107));
      await page.fill('#booking-guests', '2');
      await page.fill('#booking-name', 'An Peeters');
      await page.fill('#booking-email', email);
      await page.check('#booking-privacy');
      const before = verifier.requests.length;
      // Either the thanks (303 back to the unit with ?sent=1) or the refusal at the form's action.
      const answered = page.waitForURL((url) => url.search.includes('sent=1') || url.pathname !== unitPath);
      await page.click('#booking-form button[type="submit"]:not([formmethod])');
      await answered;
      const stored = await app.app.get(DataSource).getRepository(HolidayBookingRequestEntity).countBy({ unitId: DEMO_UNIT, email });
      expect(page.url()).toContain('sent=1');
      expect(verifier.requests.slice(before).map((params) => params.get('response'))).toEqual(['browser-token']);
      expect(stored).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends the token with a form htmx posts before its island has mounted (a quick visitor, a slow chunk)', async () => {
    const context = await browser.newContext();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    try {
      const page = await context.newPage();
      // The page-form island's chunk arrives only after the submit: htmx (in the main bundle) already handles the form.
      await page.route('**/chunks/page-form-*.js', async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      const email = 'contact-before-island@example.be';
      await page.goto(`${app.baseUrl}${urlFor('contact', 'en')}`);
      await page.fill('#contact-form [name="name"]', 'Quick Visitor');
      await page.fill('#contact-form [name="email"]', email);
      await page.fill('#contact-form [name="message"]', 'Faster than the island.');
      await page.check('#contact-privacy');
      expect(await page.locator('#contact-form').getAttribute('data-island-state')).not.toBe('mounted');
      const before = verifier.requests.length;
      await page.click('#contact-form button[type="submit"]');
      await page.getByText(fileTranslator('en').t('flows.contact.thanks')).first().waitFor({ timeout: 15_000 });
      expect(verifier.requests.slice(before).map((params) => params.get('response'))).toEqual(['browser-token']);
    } finally {
      release();
      await context.close();
    }
  });
});
