import type { Browser, Page } from 'playwright-core';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { encodeFavorites, FAVORITES_COOKIE } from '../../src/favorites/favorites-cookie.js';
import { type Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { InquiryEntity } from '../../src/inquiries/inquiry.entity.js';
import { demoAppointmentPath } from '../support/demo-appointment.js';
import { browserBotCheckEnv, FakeVerifierServer } from '../support/fake-verifier-server.js';
import { accessibilityViolations, collectPageErrors, screenshot } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

describe('visitor flows in a browser', () => {
  let verifier: FakeVerifierServer;
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;
  let listing: EstateEntity;

  beforeAll(async () => {
    verifier = new FakeVerifierServer();
    await verifier.start();
    // The real bot-check flow: the page loads the provider's script and the forms ask it for a token.
    ({ app, browser } = served = await startBrowserApp({ FORM_RATE_LIMIT: '50', ...browserBotCheckEnv(verifier) }));
    listing = (await app.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { parentId: IsNull(), isProject: false, status: 'FOR_SALE' }, order: { id: 'ASC' } }))!;
  });

  afterAll(async () => {
    await served?.close();
    await verifier?.stop();
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
