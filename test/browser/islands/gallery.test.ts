// Callbacks passed to page.evaluate run in the browser and use its DOM types.
import type { Page } from 'playwright-core';
import { IMAGE_RETRIES } from '../../../client/islands/carousel-constants.js';
import { until } from '../../support/poll.js';
import { screenshot, VIEWPORTS } from '../support/browser.js';
import { animationsDone, galleryReady, type Harness, openIslandPage, startHarness, viewportScreenshot } from './support/harness.js';

const counter = (page: Page) => page.locator('.gallery__counter');
const currentThumb = (page: Page) => page.locator('.gallery__thumb[aria-current="true"]');
const currentSlide = (page: Page) => page.locator('.gallery__slide.is-current .gallery__frame');

/** The thumbnail is inside the strip's visible area. */
async function thumbIsVisible(page: Page, index: number): Promise<boolean> {
  return page.evaluate((position) => {
    const strip = document.querySelector('.gallery__thumbs .tns-ovh')!.getBoundingClientRect();
    const thumb = document.querySelectorAll('.gallery__thumb')[position]!.getBoundingClientRect();
    return thumb.left >= strip.left - 1 && thumb.right <= strip.right + 1;
  }, index);
}

/** Which of the 12 thumbnails are inside the strip's visible area, as their indexes. */
async function visibleThumbs(page: Page): Promise<number[]> {
  const visible = await Promise.all(Array.from({ length: 12 }, (_, index) => thumbIsVisible(page, index)));
  return visible.flatMap((shown, index) => (shown ? [index] : []));
}

/** How far (px) the current slide's centre is from the stage's centre. */
function currentSlideOffset(page: Page): Promise<number> {
  return page.evaluate(() => {
    const stage = document.querySelector('.gallery__stage')!.getBoundingClientRect();
    const frame = document.querySelector('.gallery__slide.is-current .gallery__frame')!.getBoundingClientRect();
    return Math.abs(stage.left + stage.width / 2 - (frame.left + frame.width / 2));
  });
}

describe('gallery island', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('shows the first photo large with its size and the others as links without JavaScript', async () => {
    const { page, context } = await openIslandPage(harness, { javaScriptEnabled: false });
    const lead = page.locator('.gallery__lead img');
    expect(await lead.getAttribute('width')).toBe('1600');
    expect(await lead.getAttribute('height')).toBe('1067');
    expect(await lead.getAttribute('alt')).toBe('Villa in Gent, photo 1 of 12');
    const links = page.locator('.gallery__grid a');
    expect(await links.count()).toBe(11);
    expect(await links.nth(0).getAttribute('href')).toBe('/photos/1.jpg');
    await screenshot(page, 'islands-no-js-1280');
    await context.close();
  });

  it('moving the main slider moves the thumbnails and marks the current thumbnail', async () => {
    const { page, context, unexpectedErrors } = await openIslandPage(harness);
    await galleryReady(page);
    expect(await currentThumb(page).getAttribute('data-index')).toBe('0');
    expect(await page.getByRole('button', { name: 'Previous photo' }).isDisabled()).toBe(true);

    for (let step = 0; step < 6; step += 1) {
      await page.getByRole('button', { name: 'Next photo' }).click();
      await until(`counter after ${step + 1} clicks`, () => counter(page).textContent(), (text) => text === `${step + 2} / 12`);
    }
    expect(await currentThumb(page).getAttribute('data-index')).toBe('6');
    expect(await currentThumb(page).count()).toBe(1);
    // The strip scrolls with an animation: poll until thumbnail 7 is in view and the first one has left it.
    await until('thumbnail 7 scrolled into the strip, thumbnail 1 out of it', () => visibleThumbs(page), (shown) => shown.includes(6) && !shown.includes(0));
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('clicking a thumbnail brings that photo to the main slider', async () => {
    const { page, context, unexpectedErrors } = await openIslandPage(harness);
    await galleryReady(page);
    await page.getByRole('button', { name: 'Villa in Gent, photo 4 of 12' }).click();
    await expect(counter(page).textContent()).resolves.toBe('4 / 12');
    expect(await currentSlide(page).getAttribute('data-index')).toBe('3');
    // The current slide comes to the middle of the stage (centre, variable width) once the slide animation ends.
    await until('photo 4 centred in the stage (offset in px)', () => currentSlideOffset(page), (offset) => offset < 12);
    await page.locator('.gallery__slide.is-current .gallery__frame[data-state="loaded"] img').waitFor({ timeout: 5000 });
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('a drag across the thumbnail strip is not a click on a thumbnail', async () => {
    const { page, context } = await openIslandPage(harness);
    await galleryReady(page);
    const box = (await page.locator('.gallery__thumb').nth(2).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    // Once the strip has settled back (its transform stops changing), the main slider must still show photo 1.
    let previous = '';
    await until(
      'thumbnail strip settled after the drag',
      () => page.evaluate(() => getComputedStyle(document.querySelector('.gallery__thumbs .tns-slider')!).transform),
      (transform) => {
        const settled = transform === previous;
        previous = transform;
        return settled;
      },
      { intervalMs: 150 },
    );
    expect(await counter(page).textContent()).toBe('1 / 12');
    expect(await currentSlide(page).getAttribute('data-index')).toBe('0');
    await context.close();
  });

  it('retries a photo that fails and shows the cannot-load text for one that never loads', async () => {
    const { page, context, unexpectedErrors } = await openIslandPage(harness);
    await galleryReady(page);
    const flakyBefore = harness.server.hits.get('/photos/flaky.jpg') ?? 0;
    const brokenBefore = harness.server.hits.get('/photos/broken.jpg') ?? 0;
    // Showing photo 11 loads its neighbours 10 and 12 too.
    for (let step = 0; step < 10; step += 1) await page.getByRole('button', { name: 'Next photo' }).click();
    await page.waitForFunction(() => document.querySelector('.gallery__counter')?.textContent === '11 / 12');
    await page.locator('.gallery__frame[data-index="10"][data-state="loaded"]').waitFor({ timeout: 5000 });
    expect((harness.server.hits.get('/photos/flaky.jpg') ?? 0) - flakyBefore).toBe(3);
    const broken = page.locator('.gallery__frame[data-index="11"][data-state="failed"]');
    await broken.waitFor({ timeout: 5000 });
    expect(await broken.textContent()).toBe('The requested content cannot be loaded. Please try again later.');
    expect((harness.server.hits.get('/photos/broken.jpg') ?? 0) - brokenBefore).toBe(1 + IMAGE_RETRIES);
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('opens the current photo fullscreen, steps with the arrow keys and closes with Escape', async () => {
    const { page, context, unexpectedErrors } = await openIslandPage(harness);
    await galleryReady(page);
    const lightboxChunk = () => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/lightbox-[^/]+\.js$/.test(entry.name)));
    expect(await lightboxChunk()).toBe(false);

    await currentSlide(page).click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await viewer.waitFor();
    expect(await lightboxChunk()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    const viewerCounter = viewer.locator('.viewer__counter');
    expect(await viewerCounter.textContent()).toBe('1 / 12');
    await viewer.locator('.viewer__frame[data-state="loaded"] img').waitFor();

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await viewerCounter.textContent()).toBe('3 / 12');
    await page.keyboard.press('ArrowLeft');
    expect(await viewerCounter.textContent()).toBe('2 / 12');
    await viewer.locator('.viewer__frame[data-state="loaded"] img').first().waitFor();
    await animationsDone(page, '.basicLightbox');
    await viewportScreenshot(page, 'islands-lightbox-1280');

    // Focus stays inside while the viewer is open.
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.basicLightbox')))).toBe(true);

    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    // The slider follows the viewer and the focus comes back to where it was.
    await page.waitForFunction(() => document.querySelector('.gallery__counter')?.textContent === '2 / 12');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('gallery__frame'))).toBe(true);
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('hides the viewer controls when idle, runs a slideshow and shows the cannot-load text in the viewer', async () => {
    const { page, context } = await openIslandPage(harness);
    await galleryReady(page);
    await currentSlide(page).click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await viewer.waitFor();
    await page.waitForSelector('.viewer.viewer--idle', { timeout: 4500 });
    await page.mouse.move(200, 200);
    await page.mouse.move(220, 240);
    expect(await page.locator('.viewer.viewer--idle').count()).toBe(0);

    await viewer.getByRole('button', { name: 'Start slideshow' }).click();
    await page.waitForFunction(() => document.querySelector('.viewer__counter')?.textContent === '2 / 12', undefined, { timeout: 4500 });
    await viewer.getByRole('button', { name: 'Pause slideshow' }).click();

    // From the first photo, left wraps round to the last one, which never loads.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await viewer.locator('.viewer__counter').textContent()).toBe('12 / 12');
    const failed = viewer.locator('.viewer__frame[data-state="failed"]');
    await failed.waitFor({ timeout: 5000 });
    expect(await failed.textContent()).toBe('The requested content cannot be loaded. Please try again later.');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows a strip of 8 thumbnails on a desktop screen', async () => {
    const { page, context } = await openIslandPage(harness, { viewport: VIEWPORTS.desktop });
    await galleryReady(page);
    // The strip lays out after the slider mounts: poll until the first eight thumbnails, and only they, are in view.
    await until('thumbnails in view on a desktop screen', () => visibleThumbs(page), (shown) => shown.join() === '0,1,2,3,4,5,6,7');
    await context.close();
  });

  it('keeps the slider buttons in the tab order', async () => {
    const { page, context } = await openIslandPage(harness);
    await galleryReady(page);
    await page.locator('.gallery__frame[data-index="0"][data-state="loaded"]').waitFor();
    await page.locator('.gallery__frame[data-index="0"]').focus();
    const reached: string[] = [];
    for (let step = 0; step < 12 && reached.at(-1) !== 'Next photo'; step += 1) {
      await page.keyboard.press('Tab');
      reached.push((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '');
    }
    expect(reached.at(-1)).toBe('Next photo');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous photo');
    await context.close();
  });

  it('looks right on a phone', async () => {
    const { page, context, unexpectedErrors } = await openIslandPage(harness, { viewport: VIEWPORTS.phone });
    await galleryReady(page);
    await page.locator('.gallery__frame[data-index="0"][data-state="loaded"]').waitFor();
    const fullyVisible = await Promise.all([0, 1, 2, 3, 4, 5].map((index) => thumbIsVisible(page, index)));
    expect(fullyVisible.filter(Boolean)).toHaveLength(4);
    await page.getByRole('button', { name: 'Next photo' }).click();
    await until('counter after one click on a phone', () => counter(page).textContent(), (text) => text === '2 / 12');
    await until('photo 2 centred in the stage on a phone (offset in px)', () => currentSlideOffset(page), (offset) => offset < 12);
    await screenshot(page, 'islands-gallery-390');
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });
});
