import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import type { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { InquiryEntity } from '../../src/inquiries/inquiry.entity.js';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { MAP_DELAY_MS } from '../../client/islands/carousel-constants.js';
import { fileTranslator } from '../support/file-translator.js';
import { collectPageErrors, screenshot, VIEWPORTS } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import { detailEstates } from './support/detail-estates.js';
import type { ServedApp } from './support/served-app.js';
import { browserBotCheckEnv, FakeVerifierServer } from '../support/fake-verifier-server.js';

describe('estate detail page in a browser', () => {
  let verifier: FakeVerifierServer;
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;
  let withMap: EstateEntity;
  let withoutMap: EstateEntity;

  beforeAll(async () => {
    verifier = new FakeVerifierServer();
    await verifier.start();
    // The real bot-check flow: the page loads the provider's script, the form asks it for a token,
    // the server verifies the token with the (local) siteverify endpoint.
    ({ app, browser } = served = await startBrowserApp({ MAIL_DISPATCH_INTERVAL_SECONDS: '0', ...browserBotCheckEnv(verifier), FORM_RATE_LIMIT: '50' }, { tiles: true }));
    ({ withMap, withoutMap } = await detailEstates(app));
  });

  afterAll(async () => {
    await served?.close();
    await verifier?.stop();
  });

  beforeEach(() => {
    verifier.answer = { status: 200, body: { success: true, score: 0.9 } };
    verifier.delayMs = 0;
  });

  async function open(page: Page, locale: Locale, id: number): Promise<void> {
    await page.goto(`${app.baseUrl}${urlFor('detailShort', locale, { estateId: id })}`);
  }

  it('looks right on desktop and phone, on the first visit and after a reload (screenshots)', async () => {
    for (const locale of ['nl', 'fr'] as const) {
      for (const viewport of Object.values(VIEWPORTS)) {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        await open(page, locale, withMap.id);
        await page.locator('.gallery[data-island-state="mounted"]').waitFor();
        await page.locator('.gallery__frame[data-index="0"][data-state="loaded"]').waitFor();
        await screenshot(page, `detail-${locale}-${viewport.width}-first-visit`, false);
        await page.getByRole('button', { name: fileTranslator(locale).t('consent.accept') }).click();
        await page.reload();
        await page.locator('.gallery__frame[data-index="0"][data-state="loaded"]').waitFor();
        await screenshot(page, `detail-${locale}-${viewport.width}-reload`, false);
        await page.locator('.map-block').scrollIntoViewIfNeeded();
        await page.locator('.map-block .leaflet-tile-loaded').first().waitFor();
        await page.locator('.similar-estates').last().scrollIntoViewIfNeeded();
        await page.locator('.estate-card__link[href]').first().waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `detail-${locale}-${viewport.width}-full`);
        expect({ locale, width: viewport.width, errors }).toEqual({ locale, width: viewport.width, errors: [] });
        await context.close();
      }
    }
  });

  it('keeps slider and thumbnails in sync and opens the lightbox', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await open(page, 'en', withMap.id);
    await page.locator('.gallery[data-island-state="mounted"]').waitFor();
    await page.getByRole('button', { name: 'Next photo' }).click();
    await page.locator('.gallery__thumb[aria-current="true"]').nth(0).waitFor();
    expect(await page.locator('.gallery__counter').textContent()).toMatch(/^2 \/ \d+$/);
    await page.locator('.gallery__thumb').nth(3).click();
    await expect(page.locator('.gallery__counter').textContent()).resolves.toMatch(/^4 \/ \d+$/);
    await page.locator('.gallery__slide.is-current .gallery__frame').click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await viewer.waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the map only with coordinates, 200 ms after the page has loaded', async () => {
    // The page's sections above the map (facts, energy with its certificate's dates, planning) are about 5,000 px.
    const SCREEN_HEIGHT = 8000;
    // A screen tall enough that the map is in view at once: only its delay holds it back.
    const context = await browser.newContext({ viewport: { width: 1280, height: SCREEN_HEIGHT } });
    const page = await context.newPage();
    await open(page, 'fr', withMap.id);
    await page.locator('.map-block .leaflet-container').waitFor();
    const timing = await page.evaluate(() => ({
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      // The map starts with fetching Leaflet: the delay comes before it.
      leafletRequested: performance.getEntriesByType('resource').find((entry) => /\/leaflet-map-[^/]+\.js$/.test(entry.name))!.startTime,
      mapTop: document.querySelector('.map-block')!.getBoundingClientRect().top,
    }));
    expect(timing.mapTop).toBeLessThan(SCREEN_HEIGHT);
    expect(timing.leafletRequested - timing.loaded).toBeGreaterThanOrEqual(MAP_DELAY_MS - 1);

    await open(page, 'fr', withoutMap.id);
    await page.waitForLoadState('load');
    expect(await page.locator('.map-block, .leaflet-container').count()).toBe(0);
    await context.close();
  });

  it('a failing similar-estates request renders nothing and is logged (SPEC §8)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // The server is fine; the browser is told the request failed, as a proxy or an outage would.
    await page.route('**/ajax/similar-estate/**', (route) => route.fulfill({ status: 500, body: 'down' }));
    await open(page, 'nl', withMap.id);
    await page.locator('[data-similar-estates]').scrollIntoViewIfNeeded();
    await page.locator('[data-similar-estates]').waitFor({ state: 'detached' });
    expect(await page.locator('.estate-card').count()).toBe(0);
    expect(errors.some((error) => error.includes('Similar estates could not be loaded: 500'))).toBe(true);
    await context.close();
  });

  it('fetches the similar estates a screen before they scroll into view, so their cards never move what a visitor reads', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await open(page, 'nl', withMap.id);
    await page.waitForLoadState('load');
    const placeholder = page.locator('[data-similar-estates]');
    const top = await placeholder.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    // Half a screen short of the viewport: out of view, but within the screen ahead that is fetched.
    const fetched = page.waitForRequest('**/ajax/similar-estate/**', { timeout: 15_000 });
    await page.evaluate((y) => window.scrollTo(0, y), top - VIEWPORTS.phone.height * 1.5);
    await fetched;
    await page.locator('.similar-estates .estate-card').first().waitFor();
    expect(await page.locator('.similar-estates').evaluate((element) => element.getBoundingClientRect().top > window.innerHeight)).toBe(true);
    await context.close();
  });

  it('shows the share links only after the visitor accepts cookies', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await open(page, 'de', withMap.id);
    await page.locator('.share-links[data-island-state="mounted"]').waitFor({ state: 'attached' });
    expect(await page.locator('.share-links').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Akzeptieren' }).click();
    await page.locator('.share-links').waitFor({ state: 'visible' });
    await context.close();
  });

  it('sends the extra-information form: privacy error first, then loading, success after the dialog closed', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await open(page, 'nl', withMap.id);
    await page.locator('.modal-block[data-island-state="mounted"]').first().waitFor();
    await page.getByRole('button', { name: 'Meer informatie aanvragen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Meer informatie over dit pand' });
    await dialog.locator('[name="name"]').fill('Browser Test');
    await dialog.locator('[name="email"]').fill('browser@example.be');
    await dialog.locator('[name="message"]').fill('Graag een bezoek.');
    await dialog.getByRole('button', { name: 'Versturen' }).click();
    await dialog.locator('label.is-invalid').waitFor();
    const inquiries = app.app.get(DataSource).getRepository(InquiryEntity);
    expect(await inquiries.countBy({ email: 'browser@example.be' })).toBe(0);

    await dialog.locator('input[name="privacyConsent"]').check();
    verifier.delayMs = 800;
    await dialog.getByRole('button', { name: 'Versturen' }).click();
    await dialog.locator('form.is-loading[aria-busy="true"]').waitFor();
    await page.locator('[data-modal-success]:not([hidden])').first().waitFor();
    expect(await dialog.isVisible()).toBe(false);
    expect(await inquiries.countBy({ email: 'browser@example.be' })).toBe(1);
    expect(verifier.requests.at(-1)?.get('response')).toBe('browser-token');
    await context.close();
  });

  it('shows a failure when the bot check is down, keeps what was typed, and resets when closed', async () => {
    verifier.answer = { status: 503, body: {} };
    const context = await browser.newContext();
    const page = await context.newPage();
    await open(page, 'en', withMap.id);
    await page.locator('.modal-block[data-island-state="mounted"]').nth(1).waitFor();
    await page.getByRole('button', { name: 'Send to a friend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this property' });
    await dialog.locator('[name="name"]').fill('Failing');
    await dialog.locator('[name="email"]').fill('failing@example.be');
    await dialog.locator('[name="friendName"]').fill('Friend');
    await dialog.locator('[name="friendEmail"]').fill('friend@example.be');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const danger = dialog.locator('[data-modal-error]');
    await danger.waitFor({ state: 'visible' });
    // The server says what went wrong, and the alert says it to the visitor.
    expect((await danger.textContent())?.trim()).toBe(fileTranslator('en').t('errors.botCheckUnavailable.text'));
    expect(await dialog.locator('form').getAttribute('aria-busy')).toBeNull();
    expect(await dialog.locator('[name="name"]').inputValue()).toBe('Failing');
    const inquiries = app.app.get(DataSource).getRepository(InquiryEntity);
    expect(await inquiries.countBy({ email: 'failing@example.be' })).toBe(0);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Send to a friend' }).click();
    await dialog.waitFor();
    expect(await dialog.locator('[name="name"]').inputValue()).toBe('');
    expect(await danger.isVisible()).toBe(false);

    verifier.answer = { status: 200, body: { success: true } };
    await dialog.locator('[name="name"]').fill('Working');
    await dialog.locator('[name="email"]').fill('working@example.be');
    await dialog.locator('[name="friendName"]').fill('Friend');
    await dialog.locator('[name="friendEmail"]').fill('friend@example.be');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-modal-success]:not([hidden])').waitFor();
    expect(await inquiries.countBy({ email: 'working@example.be', kind: 'SEND_TO_FRIEND' })).toBe(1);
    await context.close();
  });

  // A bot-check token comes from the provider's script, so a form sent without JavaScript is tested on an app without
  // the bot check: detail-visit.test.ts's ('estate detail page in a browser, without the bot check').
});
