// npm run bench: prints the figures the issues ask for. Runs the built app (dist/) in production mode
// on the embedded database with the demo catalogue.
//   1. Detail page server render: median/p95 over 500 uncached requests of the largest listing
//      (in-process inject: routing, database read, display model, React render, no network).
//   2. JavaScript shipped before any interaction on that page, gzipped, measured in Chromium.
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { median, percentile, startBuiltApp } from './support.mjs';

const RUNS = 500;
const WARMUP = 50;
const BUDGET_KB = 60;

const { app, baseUrl } = await startBuiltApp();
const fastify = app.getHttpAdapter().getInstance();
try {
  const { DataSource } = await import('typeorm');
  const [largest] = await app.get(DataSource).query(
    `SELECT id FROM estates WHERE parent_id IS NULL ORDER BY length(document::text) DESC LIMIT 1`,
  );
  const short = await fastify.inject({ method: 'GET', url: `/nl/aanbod/${largest.id}` });
  const path = short.headers.location;

  const times = [];
  let bytes = 0;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const response = await fastify.inject({ method: 'GET', url: path });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
    if (i >= WARMUP) times.push(elapsed);
    bytes = response.body.length;
  }
  console.log(`detail page, largest listing (${largest.id}, ${(bytes / 1024).toFixed(1)} KB HTML), ${RUNS} runs each, no cache:`);
  console.log(`  full request (route, embedded PGlite read, model, render): median ${median(times).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`);

  // The render itself: display model + React server render of the whole page, from the cached listing.
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const { EstateDetailService } = require('../dist/src/detail/estate-detail.service.js');
  const { EstateDetailPageRenderer } = require('../dist/src/detail/estate-detail-page.renderer.js');
  const { PageContextService } = require('../dist/src/common/page-context.service.js');
  const { EstateDetailPage } = require('../dist/views/pages/estate-detail-page.js');
  const { renderPage } = require('../dist/views/render.js');
  const found = await app.get(EstateDetailService).find(largest.id);
  const renderer = app.get(EstateDetailPageRenderer);
  const contexts = app.get(PageContextService);
  const renderTimes = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const ctx = contexts.create({ url: path, cookies: {}, headers: {} }, { raw: {} }, 'nl', { route: 'detail', paths: found.paths });
    const model = await renderer.pageModel(found, 'nl', null);
    renderPage(EstateDetailPage({ ctx, model }));
    if (i >= WARMUP) renderTimes.push(performance.now() - started);
  }
  console.log(`  server-side render (display model + React): median ${median(renderTimes).toFixed(2)} ms, p95 ${percentile(renderTimes, 95).toFixed(2)} ms (target: median < 3 ms)`);

  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    chromium = null;
  }
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!chromium) {
    console.log('JavaScript budget: skipped (playwright-core not installed)');
  } else {
    const browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        scripts.set(new URL(response.url()).pathname, gzipSync(await response.body()).length);
      } catch {
        // a script that failed to load has no body
      }
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const beforeInteraction = [...scripts.entries()];
    const total = beforeInteraction.reduce((sum, [, size]) => sum + size, 0);
    console.log(`JavaScript before any interaction (gzipped, ${beforeInteraction.length} files):`);
    for (const [file, size] of beforeInteraction.sort((a, b) => b[1] - a[1])) console.log(`  ${(size / 1024).toFixed(1)} KB  ${file}`);
    console.log(`  total ${(total / 1024).toFixed(1)} KB (budget ${BUDGET_KB} KB: ${total / 1024 <= BUDGET_KB ? 'within' : 'OVER'})`);
    await page.locator('.gallery__slide.is-current .gallery__frame').click();
    await page.waitForTimeout(800);
    const later = [...scripts.entries()].filter(([file]) => !beforeInteraction.some(([seen]) => seen === file));
    console.log(`  loaded on demand after opening the lightbox: ${later.map(([file, size]) => `${file} ${(size / 1024).toFixed(1)} KB`).join(', ') || 'none'}`);
    await browser.close();
  }
} finally {
  await app.close();
}
