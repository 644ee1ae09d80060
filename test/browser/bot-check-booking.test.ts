import type { Browser } from 'playwright-core';
import { DataSource } from 'typeorm';
import { addDays, todayInBelgium } from '../../src/holiday/domain/stay.js';
import { HolidayBookingRequestEntity } from '../../src/holiday/persistence/holiday-booking-request.entity.js';
import { urlFor } from '../../src/routing/routes.js';
import { fileTranslator } from '../support/file-translator.js';
import { browserBotCheckEnv, FakeVerifierServer } from '../support/fake-verifier-server.js';
import { collectPageErrors } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

/** A demo unit with nothing booked 100 days ahead (fixtures/holiday-rental-units.json). */
const DEMO_UNIT = 103;

describe('holiday booking with the bot check on', () => {
  let verifier: FakeVerifierServer;
  let app: ServedApp | undefined;
  let browser: Browser | undefined;
  let served: BrowserApp | undefined;

  beforeAll(async () => {
    verifier = new FakeVerifierServer();
    await verifier.start();
    // The provider's script and verifier are a local stand-in at the HTTP boundary.
    ({ app, browser } = served = await startBrowserApp({ FORM_RATE_LIMIT: '50', ...browserBotCheckEnv(verifier) }));
  });

  afterAll(async () => {
    try {
      await served?.close();
    } finally {
      await verifier.stop();
    }
  });

  it('sends the provider’s token with the booking, which is then accepted', async () => {
    const context = await browser!.newContext();
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const email = 'booking-bot-check@example.be';
      const unitPath = urlFor('holiday', 'nl', { rentalUnitId: DEMO_UNIT });
      await page.goto(`${app!.baseUrl}${unitPath}`);
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
      const stored = await app!.app.get(DataSource).getRepository(HolidayBookingRequestEntity).countBy({ unitId: DEMO_UNIT, email });
      expect(page.url()).toContain('sent=1');
      expect(verifier.requests.slice(before).map((params) => params.get('response'))).toEqual(['browser-token']);
      expect(stored).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends the token with a form htmx posts before its island has mounted (a quick visitor, a slow chunk)', async () => {
    const context = await browser!.newContext();
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
      await page.goto(`${app!.baseUrl}${urlFor('contact', 'en')}`);
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
