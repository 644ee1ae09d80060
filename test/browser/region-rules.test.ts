import type { Browser, Page } from 'playwright-core';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { accessibilityViolations, collectPageErrors, screenshot } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';

const PLANNING_INFO_URL = 'https://immo.example/stedenbouw';

/**
 * The Belgian listing rules on the demo catalogue (scripts/generate-fixtures.mjs sets the records used here): the
 * detail page shows the region's mentions near the top and every card its short energy mention and a rental's charges.
 */
describe('Belgian listing rules in a browser', () => {
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;

  beforeAll(async () => {
    ({ app, browser } = served = await startBrowserApp({ AGENCY_PLANNING_INFO_URL: PLANNING_INFO_URL }, { tiles: true }));
  });

  afterAll(() => served?.close());

  async function withPage(run: (page: Page, errors: string[]) => Promise<void>): Promise<void> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await run(page, errors);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  async function openDetail(page: Page, locale: Locale, id: number): Promise<void> {
    await page.goto(`${app.baseUrl}${urlFor('detailShort', locale, { estateId: id })}`);
  }

  /** The listing's card in the search results, found by its CRM reference. */
  async function card(page: Page, locale: Locale, reference: string, transaction: 'buy' | 'rent' = 'buy') {
    await page.goto(`${app.baseUrl}${urlFor('home', locale)}?transaction=${transaction}&reference=${reference}`);
    return page.locator('.search-results .estate-card').first();
  }

  const mentions = (page: Page) => page.locator('[data-region-mentions]');

  it('a Flemish sale: score, unique code, heritage notice, flood scores with the symbol, the five planning questions', async () => {
    await withPage(async (page) => {
      await openDetail(page, 'nl', 1001);
      const block = mentions(page);
      await expect(block.locator('[data-mention="heritage"]').textContent()).resolves.toContain('Dit pand is beschermd als onroerend erfgoed.');
      await expect(block.locator('[data-mention="energy"] [data-field="score"] dd').textContent()).resolves.toBe('603 kWh/m² per jaar');
      await expect(block.locator('[data-mention="energy"] [data-field="uniqueCode"] dd').textContent()).resolves.toBe('UC: 1234');
      await expect(block.locator('[data-mention="flood"]').textContent()).resolves.toContain('P-score C · G-score D');
      await expect(block.locator('[data-mention="flood"] .flooding-warning').isVisible()).resolves.toBe(true);
      // The mentions come before the gallery: near the top.
      const order = await page.evaluate(() => {
        const mention = document.querySelector('[data-region-mentions]')!;
        const gallery = document.querySelector('.gallery')!;
        return mention.compareDocumentPosition(gallery) & Node.DOCUMENT_POSITION_FOLLOWING;
      });
      expect(order).toBeTruthy();
      await expect(page.locator('[data-mention="planning"] [data-field^="rule."]').count()).resolves.toBe(5);
      await screenshot(page, 'region-rules-flanders-nl', false);
      expect(await accessibilityViolations(page)).toEqual([]);

      // Planning answers the CRM does not have still show their question.
      await openDetail(page, 'nl', 1008);
      await expect(page.locator('[data-field="rule.preemption"] dd').textContent()).resolves.toBe('Niet ingegeven');
      await expect(page.locator('[data-field="rule.subdivision"] dd').textContent()).resolves.toBe('Niet ingegeven');

      await expect((await card(page, 'nl', 'A-1001')).locator('.estate-card__facts').textContent()).resolves.toContain('EPC G · 603 kWh/m²');
    });
  });

  it('a Brussels sale: class and CO2 in French, the destination and the planning information link with a free paper copy; "in progress" is no mention', async () => {
    await withPage(async (page) => {
      await openDetail(page, 'fr', 5021);
      const energy = mentions(page).locator('[data-mention="energy"]');
      await expect(energy.locator('[data-field="label"] dd').textContent()).resolves.toBe('F');
      await expect(energy.locator('[data-field="co2"] dd').textContent()).resolves.toBe('109 kg/m² par an');
      await expect(page.locator('[data-mention="planning"] [data-field="rule.destination"] dd').textContent()).resolves.not.toBe('Non renseigné');
      // CoBAT art. 281: the destination AND the planning information, never one for the other.
      await expect(page.locator('[data-mention="planning"] a').getAttribute('href')).resolves.toBe(PLANNING_INFO_URL);
      await expect(page.locator('[data-mention="planning"]').textContent()).resolves.toContain('Une copie papier gratuite vous est remise sur demande.');
      await screenshot(page, 'region-rules-brussels-fr', false);
      expect(await accessibilityViolations(page)).toEqual([]);
      await expect((await card(page, 'fr', 'B-5021')).locator('.estate-card__facts').textContent()).resolves.toContain('PEB F · 109 kg CO2/m²');

      // No destination in the CRM: said as not entered, beside the agency's planning information.
      await openDetail(page, 'fr', 1027);
      await expect(page.locator('[data-mention="planning"] [data-field="rule.destination"] dd').textContent()).resolves.toBe('Non renseigné');
      await expect(page.locator('[data-mention="planning"] a').getAttribute('href')).resolves.toBe(PLANNING_INFO_URL);
      await expect(page.locator('[data-mention="planning"]').textContent()).resolves.toContain('Une copie papier gratuite vous est remise sur demande.');

      await openDetail(page, 'fr', 1037);
      await expect(mentions(page).locator('[data-mention="energy"]').count()).resolves.toBe(0);
      await expect(page.getByText('PEB en cours').count()).resolves.toBe(0);
      await expect((await card(page, 'fr', 'A-1037')).locator('.estate-card__facts').textContent()).resolves.not.toContain('PEB');
    });
  });

  it('a Walloon sale: class, consumption and certificate number', async () => {
    await withPage(async (page) => {
      await openDetail(page, 'fr', 1011);
      const energy = mentions(page).locator('[data-mention="energy"]');
      await expect(energy.locator('[data-field="label"] dd').textContent()).resolves.toBe('G');
      await expect(energy.locator('[data-field="score"] dd').textContent()).resolves.toBe('623 kWh/m² par an');
      await expect(energy.locator('[data-field="certificate"] dd').textContent()).resolves.toMatch(/^2025\d{4}-0001234-\d+$/);
      await expect(page.locator('[data-mention="planning"]').count()).resolves.toBe(0);
      await screenshot(page, 'region-rules-wallonia-fr', false);
      expect(await accessibilityViolations(page)).toEqual([]);
      await expect((await card(page, 'fr', 'A-1011')).locator('.estate-card__facts').textContent()).resolves.toContain('PEB G · 623 kWh/m²');
    });
  });

  it('rentals state their charges on the page and the card: an amount, "no charges", "charges unknown"', async () => {
    await withPage(async (page) => {
      for (const [reference, id, text] of [
        ['A-1036', 1036, 'Kosten: €\u00a061,00 per maand'],
        ['A-1026', 1026, 'Geen kosten'],
        ['A-1035', 1035, 'Kosten niet gekend'],
      ] as const) {
        await openDetail(page, 'nl', id);
        await expect(mentions(page).locator('[data-mention="charges"]').textContent()).resolves.toBe(text);
        await expect((await card(page, 'nl', reference, 'rent')).locator('.estate-card__charges').textContent()).resolves.toBe(text);
      }
    });
  });
});
