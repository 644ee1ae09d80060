import type { Browser } from 'playwright-core';
import { LOCALES } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import {
  collectPageErrors,
  screenshot,
  seriousAccessibilityViolations,
  VIEWPORTS,
} from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

describe('foundation in a browser', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;

  beforeAll(async () => {
    ({ app, browser } = served = await startBrowserApp());
  });

  afterAll(() => served?.close());

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
