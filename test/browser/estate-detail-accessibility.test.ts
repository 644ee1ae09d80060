import type { Browser } from 'playwright-core';
import { LOCALES } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { accessibilityViolations, VIEWPORTS } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import { detailEstates, type DetailEstates } from './support/detail-estates.js';
import { browserBotCheckEnv, FakeVerifierServer } from '../support/fake-verifier-server.js';

// Apart from estate-detail.test.ts (the page's behaviour) so the two run side by side: 16 axe audits per locale pair
// were half of that file's time, and it was the browser suite's longest.
describe('estate detail page accessibility', () => {
  let verifier: FakeVerifierServer;
  let served: BrowserApp;
  let browser: Browser;
  let estates: DetailEstates;

  beforeAll(async () => {
    verifier = new FakeVerifierServer();
    await verifier.start();
    // As a visitor meets the page in production: the bot check on, so the forms carry its script and notice.
    served = await startBrowserApp({ ...browserBotCheckEnv(verifier) }, { tiles: true });
    browser = served.browser;
    estates = await detailEstates(served.app);
  });

  afterAll(async () => {
    await served?.close();
    await verifier?.stop();
  });

  describe.each(LOCALES)('in %s', (locale) => {
    it('has no accessibility violation of any impact on a sale, a rental, a project and a unit, on desktop and phone', async () => {
      for (const viewport of Object.values(VIEWPORTS)) {
        const context = await browser.newContext({ viewport });
        try {
          const page = await context.newPage();
          const { withMap: sale, rental, project, unit } = estates;
          for (const [kind, estate] of Object.entries({ sale, rental, project, unit })) {
            await page.goto(`${served.app.baseUrl}${urlFor('detailShort', locale, { estateId: estate.id })}`);
            await page.locator('.gallery[data-island-state="mounted"]').waitFor();
            expect({ kind, width: viewport.width, violations: await accessibilityViolations(page) }).toEqual({ kind, width: viewport.width, violations: [] });
          }
        } finally {
          await context.close();
        }
      }
    });
  });
});
