// Callbacks passed to page.evaluate run in the browser and use its DOM types.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DataSource, IsNull, Not, type Repository } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { LOCALES, type Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { fileTranslator } from '../support/file-translator.js';
import { collectPageErrors, cspViolations, recordCspViolations, VIEWPORTS } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';
import { detailEstates } from './support/detail-estates.js';

/** What a visitor meets on a listing's page on a second look (issue 8), in the real app. */
describe('a listing page on a second look', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;
  let sale: EstateEntity;
  let rental: EstateEntity;
  let project: EstateEntity;
  let unit: EstateEntity;
  let withVideo: EstateEntity;
  let rows: Repository<EstateEntity>;

  beforeAll(async () => {
    ({ app, browser } = served = await startBrowserApp({ MAIL_DISPATCH_INTERVAL_SECONDS: '0', FORM_RATE_LIMIT: '50' }, { tiles: true }));
    const repository = app.app.get(DataSource).getRepository(EstateEntity);
    rows = repository;
    const standalone = { parentId: IsNull(), isProject: false, lat: Not(IsNull()) };
    sale = (await repository.findOne({ where: { ...standalone, headType: 'HOUSE', status: 'FOR_SALE' }, order: { id: 'ASC' } }))!;
    rental = (await repository.findOne({ where: { ...standalone, status: 'TO_RENT' }, order: { id: 'ASC' } }))!;
    project = (await repository.findOne({ where: { isProject: true }, order: { id: 'ASC' } }))!;
    unit = (await repository.findOne({ where: { parentId: project.id, status: 'FOR_SALE' }, order: { id: 'ASC' } }))!;
    const all = await repository.find({ where: { parentId: IsNull(), isProject: false }, order: { id: 'ASC' } });
    withVideo = all.find((row) => row.document.videos.some((video) => video.typeId === 1))!;
    expect([sale, rental, project, unit, withVideo].every(Boolean)).toBe(true);
  });

  afterAll(() => served?.close());

  const pathOf = (estate: EstateEntity, locale: Locale) => urlFor('detailShort', locale, { estateId: estate.id });
  const open = (page: Page, estate: EstateEntity, locale: Locale) => page.goto(`${app.baseUrl}${pathOf(estate, locale)}`);
  const galleryMounted = (page: Page) => page.locator('.gallery[data-island-state="mounted"] .gallery__thumbs').waitFor();

  async function newPage(options: { viewport?: { width: number; height: number }; consent?: 'accepted' } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: options.viewport ?? VIEWPORTS.desktop });
    if (options.consent) await context.addCookies([{ name: 'immo_consent', value: options.consent, url: app.baseUrl }]);
    return { context, page: await context.newPage() };
  }

  /** The slider is there, with photos in it and a strip of small thumbnails (not blown up to full width). */
  async function expectGalleryWorks(page: Page, when: string): Promise<void> {
    await galleryMounted(page);
    await page.locator('.gallery__frame[data-index="0"][data-state="loaded"]').waitFor();
    const state = await page.evaluate(() => ({
      slides: document.querySelectorAll('.gallery__slide').length,
      thumbWidth: document.querySelector('.gallery__thumb')!.getBoundingClientRect().width,
    }));
    expect({ when, slides: state.slides > 1, thumbSmall: state.thumbWidth < 200 }).toEqual({ when, slides: true, thumbSmall: true });
    expect({ when, violations: await cspViolations(page) }).toEqual({ when, violations: [] });
  }

  // Item 1
  it('mounts the gallery on the first visit, after a reload and after going Back, and nothing breaks the CSP', async () => {
    const { context, page } = await newPage();
    await recordCspViolations(context);
    const errors = collectPageErrors(page);
    await open(page, sale, 'nl');
    await expectGalleryWorks(page, 'first visit');
    // Every island and the htmx swap once: the map (Leaflet), the viewer (basicLightbox), similar estates.
    await page.locator('.map-block').scrollIntoViewIfNeeded();
    await page.locator('.map-block .leaflet-tile-loaded').first().waitFor();
    await page.locator('.similar-estates').scrollIntoViewIfNeeded();
    await page.locator('.estate-card__link[href]').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.gallery__slide.is-current .gallery__frame').click();
    await page.getByRole('dialog', { name: 'Fotoviewer' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Fotoviewer' }).waitFor({ state: 'detached' });
    expect(await cspViolations(page)).toEqual([]);

    await page.reload();
    await expectGalleryWorks(page, 'reload');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacyverklaring' }).click();
    await page.waitForURL(/privacy-verklaring$/);
    await page.goBack();
    await expectGalleryWorks(page, 'back');
    expect(errors).toEqual([]);
    await context.close();
  });

  // Item 2
  it('never scrolls sideways on a 390 px phone, whatever the page and the language', async () => {
    const { context, page } = await newPage({ viewport: VIEWPORTS.phone });
    const overflowing: string[] = [];
    for (const locale of LOCALES) {
      const paths = [
        ...[sale, rental, project, unit].map((estate) => pathOf(estate, locale)),
        urlFor('home', locale),
        urlFor('privacy', locale),
        urlFor('cookieConsent', locale),
        urlFor('detailShort', locale, { estateId: 999999 }),
      ];
      for (const path of paths) {
        await page.goto(`${app.baseUrl}${path}`);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        if (scrollWidth > innerWidth) overflowing.push(`${path}: ${scrollWidth} px wide`);
      }
    }
    expect(overflowing).toEqual([]);
    await context.close();
  });

  // Item 7
  it('speaks the page language: map zoom buttons, form checks, and lang on text that fell back to Dutch', async () => {
    const { context, page } = await newPage();
    const de = fileTranslator('de');
    await open(page, sale, 'de');
    await page.locator('.map-block').scrollIntoViewIfNeeded();
    await page.locator('.leaflet-control-zoom-in').waitFor();
    expect(await page.locator('.leaflet-control-zoom-in').getAttribute('title')).toBe(de.t('detail.map.zoomIn'));
    expect(await page.locator('.leaflet-control-zoom-out').getAttribute('title')).toBe(de.t('detail.map.zoomOut'));

    await page.locator('.modal-block[data-island-state="mounted"]').first().waitFor();
    await page.locator('.contact-card').getByRole('button', { name: de.t('detail.extraInfo.open') }).click();
    const dialog = page.getByRole('dialog', { name: de.t('detail.extraInfo.title') });
    await dialog.getByRole('button', { name: de.t('forms.submit') }).click();
    const messageOf = (name: string) => dialog.locator(`[name="${name}"]`).evaluate((field: HTMLInputElement) => field.validationMessage);
    expect(await messageOf('name')).toBe(de.t('forms.validation.required'));
    await dialog.locator('[name="name"]').fill('Anna');
    await dialog.locator('[name="email"]').fill('anna');
    await dialog.getByRole('button', { name: de.t('forms.submit') }).click();
    expect(await messageOf('email')).toBe(de.t('forms.validation.email'));
    await dialog.locator('[name="email"]').fill('anna@example.be');
    expect(await messageOf('email')).toBe('');
    await context.close();

    // A listing whose title and description the CRM sent in Dutch only.
    const other = (await rows.findOne({ where: { parentId: IsNull(), isProject: false, status: 'FOR_SALE', id: Not(sale.id) }, order: { id: 'DESC' } }))!;
    const document = other.document;
    await rows.update(other.id, { document: { ...document, title: { nl: document.title.nl }, description: { nl: document.description.nl } } });
    const second = await newPage();
    await open(second.page, other, 'en');
    expect(await second.page.locator('h1').getAttribute('lang')).toBe('nl');
    expect(await second.page.locator('.estate-detail .prose').getAttribute('lang')).toBe('nl');
    expect(await second.page.locator('html').getAttribute('lang')).toBe('en');
    await second.context.close();
  });

  // Item 8
  it('on a phone shows the photos first and keeps call, e-mail and ask at hand without covering the page', async () => {
    const nl = fileTranslator('nl');
    const { context, page } = await newPage({ viewport: VIEWPORTS.phone, consent: 'accepted' });
    await open(page, sale, 'nl');
    await galleryMounted(page);
    const boxes = await page.evaluate(() => ({
      gallery: document.querySelector('.gallery')!.getBoundingClientRect().toJSON() as DOMRect,
      title: document.querySelector('h1')!.getBoundingClientRect().toJSON() as DOMRect,
    }));
    expect(boxes.gallery.top).toBeLessThan(boxes.title.top);
    expect(boxes.gallery.bottom).toBeLessThan(VIEWPORTS.phone.height);

    const bar = page.getByRole('navigation', { name: nl.t('detail.actions.label') });
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.getByRole('link', { name: nl.t('detail.actions.call') }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    expect(await bar.getByRole('link', { name: nl.t('detail.actions.email') }).getAttribute('href')).toMatch(/^mailto:.+@/);
    // The page keeps room for the bar: the last thing on the page ends above it. Reaching the bottom loads the similar
    // listings, which may change the page's height: scroll again once they are in.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('.estate-card__link[href]').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const room = await page.evaluate(() => ({
      lastLink: document.querySelector('.site-footer__links li:last-child a')!.getBoundingClientRect().bottom,
      footer: document.querySelector('.site-footer')!.getBoundingClientRect().bottom,
      bar: document.querySelector('.action-bar')!.getBoundingClientRect().top,
    }));
    expect(room.lastLink).toBeLessThanOrEqual(room.bar);
    expect(room.footer).toBeLessThanOrEqual(room.bar + 1);

    await page.locator('.modal-block[data-island-state="mounted"]').first().waitFor();
    await bar.getByRole('button', { name: nl.t('detail.actions.ask') }).click();
    await page.getByRole('dialog', { name: nl.t('detail.extraInfo.title') }).waitFor();
    await context.close();

    // While the cookie banner asks, the bar steps aside (the two never overlap); it comes back after the choice.
    const fresh = await newPage({ viewport: VIEWPORTS.phone });
    await open(fresh.page, sale, 'nl');
    const banner = fresh.page.locator('#consent-banner');
    await banner.waitFor({ state: 'visible' });
    const freshBar = fresh.page.getByRole('navigation', { name: nl.t('detail.actions.label') });
    expect(await freshBar.isVisible()).toBe(false);
    await banner.getByRole('button', { name: nl.t('consent.accept') }).click();
    await freshBar.waitFor({ state: 'visible' });
    await fresh.context.close();

    const desktop = await newPage({ consent: 'accepted' });
    await open(desktop.page, sale, 'nl');
    expect(await desktop.page.locator('.action-bar').isVisible()).toBe(false);
    await desktop.context.close();
  });

  // Item 9
  it('keeps anchors and the contact card clear of the sticky header, and shows energy, planning and layout once', async () => {
    const { context, page } = await newPage({ consent: 'accepted' });
    await open(page, sale, 'nl');
    const groups = await page.locator('.feature-group').evaluateAll((sections) => sections.map((section) => section.id));
    expect(groups.length).toBeGreaterThan(0);
    for (const id of groups) {
      await page.evaluate((target) => (window.location.hash = target), id);
      const { top, header } = await page.evaluate((target) => ({
        top: document.getElementById(target)!.getBoundingClientRect().top,
        header: document.querySelector('.site-header')!.getBoundingClientRect().bottom,
      }), id);
      expect({ id, clear: top >= header }).toEqual({ id, clear: true });
    }
    await page.evaluate(() => window.scrollTo(0, 1800));
    const card = await page.evaluate(() => ({
      top: document.querySelector('.contact-card')!.getBoundingClientRect().top,
      header: document.querySelector('.site-header')!.getBoundingClientRect().bottom,
    }));
    expect(card.top).toBeGreaterThanOrEqual(card.header);

    const once = await page.evaluate(() => ({
      epcValue: document.querySelectorAll('[data-field="energy.epcValue"]').length,
      planning: document.querySelectorAll('[data-field^="planning."]').length === new Set(Array.from(document.querySelectorAll('[data-field^="planning."]'), (row) => row.getAttribute('data-field'))).size,
      floors: document.querySelectorAll('#features-layout').length + document.querySelectorAll('#layout').length,
      tabLinks: document.querySelectorAll('.tab-nav, [role="tablist"]').length,
    }));
    expect(once).toEqual({ epcValue: 1, planning: true, floors: 1, tabLinks: 0 });
    await context.close();
  });

  // Item 10
  it('does not shift while a visitor scrolls down on a phone', async () => {
    const { context, page } = await newPage({ viewport: VIEWPORTS.phone, consent: 'accepted' });
    await context.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await open(page, sale, 'nl');
    await galleryMounted(page);
    await page.locator('.gallery__frame[data-index="0"][data-state="loaded"]').waitFor();
    // A visitor reading down the page: a screen at a time, each drawn (two frames: the lazy parts' observers and
    // their layout have run) before the next.
    for (let screens = 0; screens < 40; screens += 1) {
      const atBottom = await page.evaluate(async () => {
        window.scrollBy(0, window.innerHeight * 0.8);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      });
      if (atBottom) break;
    }
    await page.locator('.map-block .leaflet-tile-loaded').first().waitFor();
    await page.locator('.estate-card__link[href]').first().waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const cls = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
    expect(cls).toBeLessThan(0.01);
    await context.close();
  });

  // Item 11
  it('works from the keyboard: slider buttons, a visible ring on the dark footer, the banner clear of the focus', async () => {
    const nl = fileTranslator('nl');
    const { context, page } = await newPage();
    await open(page, sale, 'nl');
    await galleryMounted(page);
    await page.locator('h1').click();
    let reached = false;
    for (let step = 0; step < 40 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate((label) => document.activeElement?.getAttribute('aria-label') === label, nl.t('detail.gallery.next'));
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(nl.t('detail.gallery.previous'));

    // The cookie banner is showing (no choice yet): Tab to the last footer link.
    const banner = page.locator('#consent-banner');
    expect(await banner.isVisible()).toBe(true);
    await page.locator('.site-footer__links li:nth-last-child(2) a').focus();
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const link = document.activeElement as HTMLElement;
      const style = getComputedStyle(link);
      return {
        cookieLink: link.hasAttribute('data-cookie-settings'),
        bottom: link.getBoundingClientRect().bottom,
        bannerTop: document.getElementById('consent-banner')!.getBoundingClientRect().top,
        outline: style.outlineColor,
        outlineWidth: parseFloat(style.outlineWidth),
        footer: getComputedStyle(document.querySelector('.site-footer')!).backgroundColor,
      };
    });
    expect(focus.cookieLink).toBe(true);
    expect(focus.bottom).toBeLessThanOrEqual(focus.bannerTop);
    expect(focus.outlineWidth).toBeGreaterThanOrEqual(2);
    expect(contrast(focus.outline, focus.footer)).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it('without JavaScript, a refused form comes back open with a red alert that says what to correct', async () => {
    const fr = fileTranslator('fr');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, sale, 'fr');
    await page.locator('.contact-card').getByRole('link', { name: fr.t('detail.extraInfo.open') }).click();
    const form = page.locator('#extra-info-dialog form');
    await form.locator('[name="name"]').fill('Sans JS');
    await form.locator('[name="email"]').fill('sansjs@example.be');
    // Passes the browser's checks, not the server's: a phone number is digits.
    await form.locator('[name="phone"]').fill('appelez-moi');
    await form.locator('[name="message"]').fill('Une visite samedi ?');
    await form.locator('[name="privacyConsent"]').check();
    await form.getByRole('button', { name: fr.t('forms.submit') }).click();
    const alert = page.locator('#extra-info-dialog.modal--inline form [role="alert"]');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(fr.t('forms.errors.summary'));
    expect(await alert.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(164, 38, 44)');
    expect(await page.locator('#extra-info-dialog form [name="message"]').inputValue()).toBe('Une visite samedi ?');
    expect(await page.locator('#extra-info-phone-error').textContent()).toBe(fr.t('forms.errors.phone'));
    await context.close();
  });

  // Item 12
  it('shows the listing video and never puts € on a line of its own', async () => {
    const { context, page } = await newPage({ viewport: VIEWPORTS.phone, consent: 'accepted' });
    await open(page, withVideo, 'en');
    const video = withVideo.document.videos.find((item) => item.typeId === 1)!;
    const link = page.locator(`a[href="${video.link}"]`);
    expect(await link.isVisible()).toBe(true);
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    const wrapped: string[] = [];
    for (const estate of [sale, rental, project, unit]) {
      for (const locale of LOCALES) {
        await open(page, estate, locale);
        wrapped.push(...(await euroOnItsOwnLine(page)).map((text) => `${pathOf(estate, locale)}: ${text}`));
      }
    }
    expect(wrapped).toEqual([]);
    await context.close();
  });

  // Photos at the right size
  it('loads photos sized for a phone, not the 1600 px originals', async () => {
    const { context, page } = await newPage({ viewport: VIEWPORTS.phone, consent: 'accepted' });
    await open(page, sale, 'nl');
    await galleryMounted(page);
    await page.locator('.gallery__frame[data-index="0"][data-state="loaded"]').waitFor();
    await page.locator('.gallery__thumb img').first().evaluate((image: HTMLImageElement) => image.decode());
    await page.locator('.similar-estates').scrollIntoViewIfNeeded();
    await page.locator('.similar-estates .estate-card img').first().evaluate((image: HTMLImageElement) => image.decode());
    const photos = await page.evaluate(() => ({
      downloaded: performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/property-images/')),
      slide: (document.querySelector('.gallery__frame[data-index="0"] img') as HTMLImageElement).currentSrc,
      thumb: (document.querySelector('.gallery__thumb img') as HTMLImageElement).currentSrc,
      card: (document.querySelector('.similar-estates .estate-card img') as HTMLImageElement).currentSrc,
      leadSources: document.querySelectorAll('.gallery picture source[type="image/avif"]').length,
    }));
    expect(photos.downloaded.filter((name) => /\/(large|thumb)\//.test(name))).toEqual([]);
    expect(photos.slide).toMatch(/\/(480|768|1024|1200)w\/[^/]+\.avif\?v=\w+$/);
    expect(photos.thumb).toMatch(/\/(160|320)w\/[^/]+\.avif\?v=\w+$/);
    expect(photos.card).toMatch(/\/(320|480|768)w\/[^/]+\.avif\?v=\w+$/);
    await context.close();
  });

  /**
   * A form sent without JavaScript carries no bot-check token, so this needs an app without the bot check: this
   * file's (the test was estate-detail.test.ts's, which started a second app of its own for it).
   */
  describe('estate detail page in a browser, without the bot check', () => {
    let withMap: EstateEntity;

    beforeAll(async () => {
      ({ withMap } = await detailEstates(app));
    });

    it('sends a form without JavaScript (Post/Redirect/Get) and thanks the visitor', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        await page.goto(`${app.baseUrl}${urlFor('detailShort', 'fr', { estateId: withMap.id })}`);
        await page.getByRole('link', { name: 'Envoyer à un ami' }).click();
        const form = page.locator('form[action="/fr/ajax/send-to-a-friend"]');
        await form.getByRole('textbox', { name: /^Nom \(/ }).fill('Sans JS');
        await form.getByRole('textbox', { name: /^Adresse e-mail \(/ }).fill('nojs@example.be');
        await form.getByRole('textbox', { name: /^Nom de votre ami/ }).fill('Ami');
        await form.getByRole('textbox', { name: /^Adresse e-mail de votre ami/ }).fill('ami@example.be');
        await form.getByRole('button', { name: 'Envoyer' }).click();
        await page.waitForURL(/\?sent=send-to-friend$/);
        expect(await page.getByText('Merci ! Votre ami recevra un e-mail dans un instant.').isVisible()).toBe(true);
      } finally {
        await context.close();
      }
    });
  });
});

/** WCAG contrast ratio of two `rgb()`/`rgba()` colours as getComputedStyle gives them. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = color.match(/[\d.]+/g)!.slice(0, 3).map((value) => {
      const c = Number(value) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Visible "€" signs whose amount starts on another line, as "…text…". */
function euroOnItsOwnLine(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = text.indexOf('€'); index !== -1; index = text.indexOf('€', index + 1)) {
        const digit = text.slice(index).search(/\d/);
        if (digit === -1) continue;
        const euro = document.createRange();
        euro.setStart(node, index);
        euro.setEnd(node, index + 1);
        const amount = document.createRange();
        amount.setStart(node, index + digit);
        amount.setEnd(node, index + digit + 1);
        const [euroBox, amountBox] = [euro.getBoundingClientRect(), amount.getBoundingClientRect()];
        if (euroBox.height === 0 || amountBox.height === 0) continue;
        if (Math.abs(euroBox.top - amountBox.top) > 2) found.push(text.slice(Math.max(0, index - 10), index + digit + 8));
      }
    }
    return found;
  });
}
