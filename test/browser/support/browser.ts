import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { MAP_NEAR_VIEWPORT_PX } from '../../../client/islands/carousel-constants.js';

/** Flags that keep Chromium from calling out to the closed network (the machines that run the tests reach no other network). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOT_DIR = join(__dirname, '../../../test-output/screenshots');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A screenshot (full page unless told otherwise) in test-output/screenshots/<name>.png; returns the path. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/**
 * axe on the page: every rule on every node, asked for the details of violations only. Legacy mode runs axe in the
 * page itself instead of finishing the run in a second, blank page; our pages embed no cross-origin frame that would
 * need the latter, and it is two to three times faster (5.8 s → 1.9 s on a holiday unit's calendar).
 */
function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
}

/**
 * Waits for the page to settle before axe measures it, not a frame on the way there:
 * - islands near the viewport still loading (the map comes 200 ms after the page's load event, once it is within
 *   MAP_NEAR_VIEWPORT_PX of the viewport: map.ts), as the page a visitor looks at a moment later has them;
 * - then running animations: a map fading in (detail.css map-in) has its attribution at a third of its contrast.
 *   Infinite animations (none today) would never finish: left out.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    (margin) =>
      [...document.querySelectorAll<HTMLElement>('[data-island-state="loading"]')].every((element) => {
        if (element.getClientRects().length === 0) return true; // not displayed: an observer never sees it
        const box = element.getBoundingClientRect();
        return box.bottom < -margin || box.top > window.innerHeight + margin;
      }),
    MAP_NEAR_VIEWPORT_PX,
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Every axe violation, whatever its impact, as readable lines. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await settle(page);
  const results = await axe(page).analyze();
  return results.violations.map(
    (violation) => `${violation.impact}: ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/**
 * Records Content-Security-Policy violations in `window.cspViolations` on every page of the context (an init
 * script, so it listens before the page's own scripts run).
 */
export async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`),
    );
  });
}

export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? ['no recorder on this page']);
}

/** axe violations that block a visitor (serious or critical), as readable lines. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await settle(page);
  const results = await axe(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/** Collects uncaught page errors and console errors, so a test can assert a page runs clean. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
