import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { urlFor } from '../../src/routing/routes.js';
import { ViewingRequestEntity } from '../../src/viewings/viewing-request.entity.js';
import { accessibilityViolations, collectPageErrors, VIEWPORTS, SCREENSHOT_DIR } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

/** Where the screenshots of this tool are looked at. */
/** Beside the other browser tests' screenshots (test-output/, not committed). */
const SCREENS = join(SCREENSHOT_DIR, 'viewing');

const TEXTS = {
  nl: { open: 'Kies uw momenten', submit: 'Bezoek aanvragen', thanks: 'Bedankt! We hebben uw aanvraag ontvangen' },
  fr: { open: 'Choisir vos moments', submit: 'Demander une visite', thanks: 'Merci ! Nous avons bien reçu votre demande' },
} as const;

describe('request a viewing in the browser', () => {
  let app: ServedApp | undefined;
  let browser: Browser | undefined;
  let served: BrowserApp | undefined;
  let listing: EstateEntity;

  beforeAll(async () => {
    ({ app, browser } = served = await startBrowserApp({ FORM_RATE_LIMIT: '100' }, { tiles: true }));
    listing = (await app.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { source: 'A', parentId: IsNull(), isProject: false, forRent: false }, order: { id: 'ASC' } }))!;
    mkdirSync(SCREENS, { recursive: true });
  });

  afterAll(() => served?.close());

  /** A context whose visitor has answered the cookie question (the banner would cover the form in screenshots). */
  async function newContext(options: { viewport: { width: number; height: number }; javaScriptEnabled?: boolean }) {
    const context = await browser!.newContext(options);
    await context.addCookies([{ name: 'immo_consent', value: 'declined', url: app!.baseUrl }]);
    return context;
  }

  const stored = (email: string) => app!.app.get(DataSource).getRepository(ViewingRequestEntity).findOneBy({ email });

  /** Two half-days, the contact details and the consent, typed as a visitor would. */
  async function fillIn(page: Page, email: string): Promise<string[]> {
    const boxes = page.locator('#viewing-form input[name="slots"]');
    const chosen = [await boxes.nth(0).getAttribute('value'), await boxes.nth(3).getAttribute('value')] as string[];
    // The keyboard reaches the half-days in order and ticks them with the space bar.
    await boxes.nth(0).focus();
    await page.keyboard.press('Space');
    await boxes.nth(3).check();
    await page.fill('#viewing-name', 'An Peeters');
    await page.fill('#viewing-email', email);
    await page.fill('#viewing-message', 'Graag na de middag.');
    await page.check('#viewing-privacy');
    return chosen;
  }

  async function noOverflow(page: Page): Promise<void> {
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  }

  for (const locale of ['nl', 'fr'] as const) {
    it(`keeps the form's own page axe clean as shown without JavaScript (${locale}): empty, refused and thanked`, async () => {
      const context = await newContext({ viewport: VIEWPORTS.desktop });
      try {
        const page = await context.newPage();
        const url = `${app!.baseUrl}${urlFor('viewingRequest', locale, { estateId: listing.id })}`;
        await page.goto(url);
        expect(await accessibilityViolations(page)).toEqual([]);
        // A plain post (form.submit() fires no submit event, so htmx stays out of it): the 422 page.
        await page.fill('#viewing-email', 'not-an-address');
        await page.evaluate(() => HTMLFormElement.prototype.submit.call(document.getElementById('viewing-form') as HTMLFormElement));
        await page.locator('#viewing-errors').waitFor();
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.goto(`${url}?sent=1`);
        await page.getByText(TEXTS[locale].thanks).waitFor();
        expect(await accessibilityViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });

    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      it(`with JavaScript (${locale}, ${viewport.width} px): the detail page loads the form in place and swaps in the thanks`, async () => {
        const context = await newContext({ viewport });
        try {
          const page = await context.newPage();
          const errors = collectPageErrors(page);
          await page.goto(`${app!.baseUrl}${urlFor('detailShort', locale, { estateId: listing.id })}`);
          const detailUrl = page.url();
          await page.locator('#viewing-request').screenshot({ path: join(SCREENS, `viewing-${locale}-${viewport.width}-teaser.png`) });
          await page.getByRole('link', { name: TEXTS[locale].open }).click();
          await page.locator('#viewing-form').waitFor();
          expect(page.url()).toBe(detailUrl);
          // The first half-day has the focus: the link that loaded the form is gone. htmx moves the focus to the
          // swapped-in `autofocus` when the swap settles, a moment after the form is in the page.
          await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'slots');
          expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('slots');
          expect(await accessibilityViolations(page)).toEqual([]);
          await noOverflow(page);
          await page.locator('#viewing-request').screenshot({ path: join(SCREENS, `viewing-${locale}-${viewport.width}.png`) });
          const email = `browser-${locale}-${name}@example.be`;
          const chosen = await fillIn(page, email);
          await page.getByRole('button', { name: TEXTS[locale].submit }).click();
          await page.getByText(TEXTS[locale].thanks).waitFor();
          await page.locator('#viewing-request').screenshot({ path: join(SCREENS, `viewing-${locale}-${viewport.width}-thanks.png`) });
          expect(page.url()).toBe(detailUrl);
          expect((await stored(email))?.slots).toEqual(chosen.sort());
          expect(await accessibilityViolations(page)).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });

      it(`without JavaScript (${locale}, ${viewport.width} px): the link leads to the form's page, a refused post keeps the choice, the thanks follow the redirect`, async () => {
        const context = await newContext({ viewport, javaScriptEnabled: false });
        try {
          const page = await context.newPage();
          await page.goto(`${app!.baseUrl}${urlFor('detailShort', locale, { estateId: listing.id })}`);
          await page.getByRole('link', { name: TEXTS[locale].open }).click();
          expect(new URL(page.url()).pathname).toBe(urlFor('viewingRequest', locale, { estateId: listing.id }));
          await noOverflow(page);
          await page.screenshot({ path: join(SCREENS, `viewing-${locale}-${viewport.width}-nojs.png`), fullPage: true });
          const email = `nojs-${locale}-${name}@example.be`;
          const chosen = await fillIn(page, email);
          // Four half-days: refused with the page again, the choice kept, nothing stored.
          await page.locator('#viewing-form input[name="slots"]').nth(1).check();
          await page.locator('#viewing-form input[name="slots"]').nth(2).check();
          await page.getByRole('button', { name: TEXTS[locale].submit }).click();
          await page.locator('#viewing-errors').waitFor();
          expect(await page.locator('#viewing-form input[name="slots"]:checked').count()).toBe(4);
          expect(await stored(email)).toBeNull();
          if (name === 'phone') await page.screenshot({ path: join(SCREENS, `viewing-${locale}-${viewport.width}-nojs-refused.png`), fullPage: true });
          await page.locator('#viewing-form input[name="slots"]').nth(1).uncheck();
          await page.locator('#viewing-form input[name="slots"]').nth(2).uncheck();
          await page.check('#viewing-privacy');
          await page.getByRole('button', { name: TEXTS[locale].submit }).click();
          await page.getByText(TEXTS[locale].thanks).waitFor();
          expect(page.url()).toContain('sent=1');
          expect((await stored(email))?.slots).toEqual(chosen.sort());
        } finally {
          await context.close();
        }
      });
    }
  }
});
