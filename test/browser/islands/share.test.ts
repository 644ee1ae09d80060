// Callbacks passed to page.evaluate run in the browser and use its DOM types.
import { screenshot, VIEWPORTS } from '../support/browser.js';
import { type Harness, openIslandPage, settle, startHarness } from './support/harness.js';

describe('share island', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('keeps the share links hidden without consent', async () => {
    const { page, context } = await openIslandPage(harness);
    await page.locator('.share-links[data-island-state="mounted"]').waitFor({ state: 'attached' });
    await settle(page);
    expect(await page.locator('.share-links').isHidden()).toBe(true);
    await context.close();
  });

  it('keeps them hidden when the visitor declines cookies', async () => {
    const { page, context } = await openIslandPage(harness);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.locator('#consent-banner').waitFor({ state: 'hidden' });
    await settle(page);
    expect(await page.locator('.share-links').isHidden()).toBe(true);
    await context.close();
  });

  it('shows them as soon as the visitor accepts cookies in the banner', async () => {
    const { page, context, unexpectedErrors } = await openIslandPage(harness);
    await page.locator('.share-links[data-island-state="mounted"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.locator('.share-links').waitFor({ state: 'visible', timeout: 1000 });
    expect(await page.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fimmo.test%2Fen%2Foffer%2F42',
    );
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('notices consent given elsewhere (another tab) by its periodic check, with no event and no reload', async () => {
    const { page, context } = await openIslandPage(harness);
    try {
      await page.locator('.share-links[data-island-state="mounted"]').waitFor({ state: 'attached' });
      // Only the cookie changes, as when the visitor accepts in another tab: no consent event reaches this page.
      await page.evaluate(() => {
        document.cookie = 'immo_consent=accepted; path=/';
      });
      // The check runs every 100 ms; how late a timer fires depends on the machine, so no bound on the time.
      await page.locator('.share-links').waitFor({ state: 'visible', timeout: 5_000 });
    } finally {
      await context.close();
    }
  });

  it('renders them visible for a visitor who accepted before, mail in the same tab and networks in a new one', async () => {
    const { page, context, unexpectedErrors } = await openIslandPage(harness, { consent: 'accepted', viewport: VIEWPORTS.phone });
    const links = page.locator('.share-links');
    await page.locator('.share-links[data-island-state="mounted"]').waitFor();
    expect(await links.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(await page.getByRole('link', { name: 'Email' }).getAttribute('target')).toBeNull();
    // A full-page shot from the top, so the sticky header stays where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'islands-share-390');
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });
});
