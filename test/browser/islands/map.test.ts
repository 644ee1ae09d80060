// Callbacks passed to page.evaluate run in the browser and use its DOM types.
import { MAP_DELAY_MS, MAP_ZOOM } from '../../../client/islands/carousel-constants.js';
import { screenshot, VIEWPORTS } from '../support/browser.js';
import { type Harness, loadedScripts, openIslandPage, settle, startHarness } from './support/harness.js';

describe('map island', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('shows the address when JavaScript is off', async () => {
    const { page, context } = await openIslandPage(harness, { javaScriptEnabled: false });
    expect(await page.locator('.map-block address').textContent()).toBe('Kouter 12, 9000 Gent');
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    await context.close();
  });

  it('shows the map at zoom 16 with a marker no sooner than 200 ms after the page loaded, Leaflet fetched only then', async () => {
    const tilesBefore = [...harness.server.hits.keys()].filter((path) => path.startsWith('/tiles/')).length;
    const { page, context, unexpectedErrors } = await openIslandPage(harness, { consent: 'accepted' });
    await page.locator('.map-block__canvas .leaflet-marker-icon').waitFor();
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const leaflet = performance.getEntriesByType('resource').find((entry) => /\/leaflet-map-[^/]+\.js$/.test(entry.name))!;
      return { loaded: navigation.loadEventStart, leafletRequested: leaflet.startTime };
    });
    expect(timing.leafletRequested - timing.loaded).toBeGreaterThanOrEqual(MAP_DELAY_MS - 5);

    const marker = page.locator('.leaflet-marker-icon');
    expect(await marker.getAttribute('src')).toMatch(/^\/assets\/media\/marker-icon-[A-Z0-9]+\.png$/);
    expect(await marker.getAttribute('title')).toBe('Kouter 12, 9000 Gent');
    expect(await page.locator('.leaflet-control-zoom-in').getAttribute('title')).toBe('Zoom the map in');
    expect(await page.locator('.leaflet-control-zoom-out').getAttribute('title')).toBe('Zoom the map out');
    expect(await page.getByRole('region', { name: 'Map of Kouter 12, 9000 Gent' }).count()).toBe(1);
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    const tiles = [...harness.server.hits.keys()].filter((path) => path.startsWith('/tiles/'));
    expect(tiles.length).toBeGreaterThan(tilesBefore);
    expect(tiles.every((path) => path.startsWith(`/tiles/${MAP_ZOOM}/`))).toBe(true);
    // Leaflet's own stylesheet came with it.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.leaflet-pane')!).position)).toBe('absolute');

    // The wheel scrolls the page, not the map.
    // Down a little first, so that the page can scroll back up under the wheel.
    await page.evaluate(() => window.scrollBy(0, 120));
    const scrolledFrom = await page.evaluate(() => window.scrollY);
    expect(scrolledFrom).toBeGreaterThan(0);
    const box = (await page.locator('.map-block__canvas').boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    expect(await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('.map-block__canvas') !== null, [x, y])).toBe(true);
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, -300);
    // The page scrolled: the wheel reached the page (a map that took it would have kept it from scrolling).
    await page.waitForFunction((from) => window.scrollY < from, scrolledFrom);
    await settle(page);
    expect([...harness.server.hits.keys()].filter((path) => path.startsWith('/tiles/') && !path.startsWith(`/tiles/${MAP_ZOOM}/`))).toEqual([]);
    // Headless Chromium may scroll the page on the compositor before the map sees that wheel, so ask the map itself:
    // a wheel on the element under the pointer, bubbling up as the browser's would. A map that zooms by wheel cancels it
    // (Leaflet's scrollWheelZoom stops the event); ours leaves it to the page.
    await page.locator('.map-block__canvas').scrollIntoViewIfNeeded();
    const cancelled = await page.locator('.map-block__canvas').evaluate((canvas) => {
      const box = canvas.getBoundingClientRect();
      const [px, py] = [box.left + box.width / 2, box.top + box.height / 2];
      const target = document.elementFromPoint(px, py);
      if (!target || !canvas.contains(target)) throw new Error(`the map is not under its own centre: ${target?.outerHTML.slice(0, 80) ?? 'nothing'}`);
      const wheel = new WheelEvent('wheel', { deltaY: -300, clientX: px, clientY: py, bubbles: true, cancelable: true });
      target.dispatchEvent(wheel);
      return wheel.defaultPrevented;
    });
    expect(cancelled).toBe(false);

    // A full-page shot from the top, so the sticky header stays where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'islands-map-1280');
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('shows no map and loads no Leaflet without coordinates', async () => {
    const { page, context, unexpectedErrors } = await openIslandPage(harness, { query: '?map=none', viewport: VIEWPORTS.phone });
    // "mounted" is set once the island's mount() has returned: without coordinates it returns at once, doing nothing.
    await page.locator('#bare-map-island[data-island-state="mounted"]').waitFor({ state: 'attached' });
    await settle(page);
    expect(await page.locator('.map-block').count()).toBe(0);
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    expect((await loadedScripts(page)).some((url) => /leaflet-map/.test(url))).toBe(false);
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });
});
