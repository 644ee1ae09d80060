import type { Browser, Page } from 'playwright-core';
import { DataSource, IsNull, Not } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { InquiryEntity } from '../../src/forms/inquiry.entity.js';
import { LOCALES, type Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { collectPageErrors, launchBrowser, screenshot, seriousAccessibilityViolations, VIEWPORTS } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { TileServer } from './support/tile-server.js';

describe('estate detail page in a browser', () => {
  let tiles: TileServer;
  let app: ServedApp;
  let browser: Browser;
  let withMap: EstateEntity;
  let withoutMap: EstateEntity;
  let project: EstateEntity;

  beforeAll(async () => {
    tiles = new TileServer();
    await tiles.start();
    [app, browser] = await Promise.all([serveApp({ MAP_TILE_URL: tiles.template, MAIL_DISPATCH_INTERVAL_SECONDS: '0' }), launchBrowser()]);
    const rows = app.app.get(DataSource).getRepository(EstateEntity);
    withMap = (await rows.findOne({ where: { parentId: IsNull(), isProject: false, lat: Not(IsNull()), headType: 'HOUSE', status: 'FOR_SALE' }, order: { id: 'ASC' } }))!;
    withoutMap = (await rows.findOne({ where: { parentId: IsNull(), lat: IsNull() }, order: { id: 'ASC' } }))!;
    project = (await rows.findOne({ where: { isProject: true }, order: { id: 'ASC' } }))!;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await tiles?.stop();
  });

  async function open(page: Page, locale: Locale, id: number): Promise<void> {
    await page.goto(`${app.baseUrl}${urlFor('detailShort', locale, { estateId: id })}`);
  }

  it('looks right on desktop and phone (screenshots) with gallery, map and similar estates', async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await open(page, 'nl', withMap.id);
      await page.locator('.gallery[data-island-state="mounted"]').waitFor();
      await screenshot(page, `detail-nl-${viewport.width}-top`, false);
      await page.locator('.map-block').scrollIntoViewIfNeeded();
      await page.locator('.map-block .leaflet-container').waitFor();
      await page.locator('.similar-estates').last().scrollIntoViewIfNeeded();
      await page.locator('.estate-card').first().waitFor();
      await screenshot(page, `detail-nl-${viewport.width}`);
      expect({ name, errors }).toEqual({ name, errors: [] });
      await context.close();
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

  it('shows the map only with coordinates, at least 200 ms after load', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const started = Date.now();
    await open(page, 'fr', withMap.id);
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    // Leaflet is fetched only when the map comes near the screen (JavaScript budget).
    expect(await page.locator('.map-block .leaflet-container').count()).toBe(0);
    await page.locator('.map-block').scrollIntoViewIfNeeded();
    await page.locator('.map-block .leaflet-container').waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    await open(page, 'fr', withoutMap.id);
    await page.waitForTimeout(600);
    expect(await page.locator('.map-block').count()).toBe(0);
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
    await dialog.getByRole('button', { name: 'Versturen' }).click();
    await page.locator('[data-modal-success]:not([hidden])').first().waitFor();
    expect(await dialog.isVisible()).toBe(false);
    expect(await inquiries.countBy({ email: 'browser@example.be' })).toBe(1);
    await context.close();
  });

  it('sends a form without JavaScript (Post/Redirect/Get) and thanks the visitor', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, 'fr', withMap.id);
    await page.getByRole('link', { name: 'Envoyer à un ami' }).click();
    const form = page.locator('form[action="/fr/ajax/send-to-a-friend"]');
    await form.getByRole('textbox', { name: /^Nom \(/ }).fill('Sans JS');
    await form.getByRole('textbox', { name: /^Adresse e-mail \(/ }).fill('nojs@example.be');
    await form.getByRole('textbox', { name: /^Nom de votre ami/ }).fill('Ami');
    await form.getByRole('textbox', { name: /^Adresse e-mail de votre ami/ }).fill('ami@example.be');
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForURL(/\?sent=send-to-friend$/);
    expect(await page.getByText('Merci ! Votre ami recevra un e-mail dans un instant.').isVisible()).toBe(true);
    await context.close();
  });

  describe.each(LOCALES)('in %s', (locale) => {
    it('has no serious or critical accessibility violations (listing and project)', async () => {
      const context = await browser.newContext();
    const page = await context.newPage();
      for (const estate of [withMap, project]) {
        await open(page, locale, estate.id);
        await page.locator('.gallery[data-island-state="mounted"]').waitFor();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
      }
      await screenshot(page, `detail-project-${locale}-1280`);
      await context.close();
    });
  });
});
