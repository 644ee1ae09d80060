// npm run bench (JavaScript budget): the gzipped JavaScript Chromium loads on the largest detail page before any
// interaction, and what loads on demand when the lightbox opens. Needs /usr/bin/chromium (or CHROME_PATH).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startBuiltApp } from './support.mjs';

const BUDGET_KB = 60;
const { app, baseUrl } = await startBuiltApp();
try {
  const { DataSource } = await import('typeorm');
  const [largest] = await app.get(DataSource).query(`SELECT id FROM estates WHERE parent_id IS NULL ORDER BY length(document::text) DESC LIMIT 1`);
  const path = (await fetch(`${baseUrl}/nl/aanbod/${largest.id}`, { redirect: 'manual' })).headers.get('location');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
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
  console.log(`JavaScript before any interaction on ${path} (gzipped, ${beforeInteraction.length} files):`);
  for (const [file, size] of beforeInteraction.sort((a, b) => b[1] - a[1])) console.log(`  ${(size / 1024).toFixed(1)} KB  ${file}`);
  console.log(`  total ${(total / 1024).toFixed(1)} KB (budget ${BUDGET_KB} KB: ${total / 1024 <= BUDGET_KB ? 'within' : 'OVER'})`);
  await page.locator('.gallery__slide.is-current .gallery__frame').click();
  await page.waitForTimeout(800);
  const later = [...scripts.entries()].filter(([file]) => !beforeInteraction.some(([seen]) => seen === file));
  console.log(`  loaded on demand after opening the lightbox: ${later.map(([file, size]) => `${file} ${(size / 1024).toFixed(1)} KB`).join(', ') || 'none'}`);
  await browser.close();
} finally {
  await app.close();
}
