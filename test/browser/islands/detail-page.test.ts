// Callbacks passed to page.evaluate run in the browser and use its DOM types.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { screenshot, seriousAccessibilityViolations, VIEWPORTS } from '../support/browser.js';
import { animationsDone, galleryReady, type Harness, loadedScripts, openIslandPage, startHarness } from './support/harness.js';

const ROOT = join(__dirname, '../../..');
const BUDGET_BYTES = 60 * 1024;

async function everyIslandShown(page: Page): Promise<void> {
  await galleryReady(page);
  await page.locator('.gallery__frame[data-index="0"][data-state="loaded"]').waitFor();
  await page.locator('.map-block__canvas .leaflet-tile-loaded').first().waitFor();
  await page.locator('[data-island="modal-form"][data-island-state="mounted"]').nth(1).waitFor({ state: 'attached' });
}

describe('detail page islands together', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it.each(Object.entries(VIEWPORTS))('has no serious accessibility violations on %s, dialogs open or not', async (name, viewport) => {
    const { page, context, unexpectedErrors } = await openIslandPage(harness, { consent: 'accepted', viewport });
    await everyIslandShown(page);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, `islands-detail-${viewport.width}`);

    await page.getByRole('button', { name: 'Ask for more information' }).click();
    await page.getByRole('dialog', { name: 'Ask for more information' }).waitFor();
    // Colours are checked once the opening fade is over.
    await animationsDone(page, '#extra-info');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.locator('.gallery__slide.is-current .gallery__frame').click();
    await page.getByRole('dialog', { name: 'Photo viewer' }).locator('.viewer__frame[data-state="loaded"]').waitFor();
    // Colours are checked once the viewer's fade-in is over.
    await animationsDone(page, '.viewer-lightbox');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect({ name, errors: unexpectedErrors() }).toEqual({ name, errors: [] });
    await context.close();
  });

  it('loads at most 60 KB of gzipped script before the visitor interacts', async () => {
    const { page, context } = await openIslandPage(harness, { consent: 'accepted' });
    await galleryReady(page);
    await page.locator('[data-island="modal-form"][data-island-state="mounted"]').nth(1).waitFor({ state: 'attached' });
    await page.locator('.share-links[data-island-state="mounted"]').waitFor({ state: 'attached' });
    // Leaflet comes on its own after the page has loaded; the viewer only on a click.
    const loaded = (await loadedScripts(page)).map((url) => new URL(url).pathname).filter((path) => path.startsWith('/assets/'));
    const importsOf = (path: string) => [...readFileSync(join(ROOT, 'public', path), 'utf8').matchAll(/from\s*"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const later = loaded.filter((path) => /\/(leaflet-map|lightbox)-[^/]+\.js$/.test(path));
    // esbuild puts Leaflet in a chunk shared by the detail map and the search map: it comes with the map, unless
    // a script that loads before interaction imports it too.
    const laterChunks = new Set(later.flatMap(importsOf));
    const earlyImports = new Set(loaded.filter((path) => !later.includes(path) && !laterChunks.has(path)).flatMap(importsOf));
    const scripts = loaded.filter((path) => !later.includes(path) && !(laterChunks.has(path) && !earlyImports.has(path)));
    const sizes = scripts.map((path) => ({ file: path, gzip: gzipSync(readFileSync(join(ROOT, 'public', path)), { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    const report = [...sizes.map(({ file, gzip }) => `${(gzip / 1024).toFixed(1).padStart(6)} KB  ${file}`), `${(total / 1024).toFixed(1).padStart(6)} KB  total`];
    mkdirSync(join(ROOT, 'test-output'), { recursive: true });
    writeFileSync(join(ROOT, 'test-output/js-budget.txt'), `${report.join('\n')}\n`);
    expect(scripts.some((path) => /\/app-[^/]+\.js$/.test(path))).toBe(true);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    await context.close();
  });
});
