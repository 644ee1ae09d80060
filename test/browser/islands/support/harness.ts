import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, SCREENSHOT_DIR, VIEWPORTS } from '../../support/browser.js';
import { renderIslandPage } from './island-page.js';
import { ensureAssets, type IslandServer, SETTLE_PATH, startIslandServer } from './island-server.js';
import { startTogether } from '../../../support/start-together.js';

export interface Harness {
  readonly server: IslandServer;
  readonly browser: Browser;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const manifest = ensureAssets();
  // A browser that cannot start (no Chromium) must not leave the page server holding the test process open.
  const close = async (server?: IslandServer, browser?: Browser) => {
    await browser?.close();
    await server?.close();
  };
  const [server, browser] = await startTogether([startIslandServer((request) => renderIslandPage(manifest, request)), launchBrowser()], close);
  return { server, browser, close: () => close(server, browser) };
}

export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught errors and console errors, without the failed photo loads a test provokes on purpose. */
  unexpectedErrors(): string[];
}

export async function openIslandPage(
  harness: Harness,
  { query = '', viewport = VIEWPORTS.desktop, consent, javaScriptEnabled = true }: {
    query?: string;
    viewport?: { width: number; height: number };
    consent?: 'accepted' | 'declined';
    javaScriptEnabled?: boolean;
  } = {},
): Promise<OpenedPage> {
  const context = await harness.browser.newContext({ viewport, javaScriptEnabled });
  if (consent) await context.addCookies([{ name: 'immo_consent', value: consent, url: harness.server.baseUrl }]);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${harness.server.baseUrl}/page${query}`);
  return {
    context,
    page,
    unexpectedErrors: () =>
      errors.filter(
        (error) =>
          !/Failed to load resource: the server responded with a status of (404|503)/.test(error) &&
          !/ImageLoadError: Image \/photos\/(broken|flaky)\.jpg/.test(error),
      ),
  };
}

/** The gallery has mounted (its slider exists). */
export async function galleryReady(page: Page): Promise<void> {
  await page.locator('.gallery[data-island-state="mounted"] .gallery__thumbs').waitFor();
}

/** A screenshot of what the visitor sees (the viewport), for overlays that a full-page shot would stretch. */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** URLs of the scripts the page has fetched so far. */
export function loadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );
}

/** Waits until the element's CSS animations (a dialog fading in) are over, so screenshots and colour checks see the end state. */
export async function animationsDone(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((target) => {
    const element = document.querySelector(target);
    return element !== null && element.getAnimations().length === 0;
  }, selector);
}

/**
 * The deterministic stand-in for a pause before asserting that something did NOT happen: two animation frames (the
 * page's observers, handlers and layout have run), then a round trip from the page to the server, so a request the
 * page had already started reaches the server (and `posts`, `hits`) before this returns.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async (path) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await fetch(path, { cache: 'no-store' });
  }, SETTLE_PATH);
}
