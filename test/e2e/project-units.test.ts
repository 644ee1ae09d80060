import type { Browser, Page } from 'playwright-core';
import { MODES, type Stack } from './support/stack.js';
import { type JourneyStage, shot, startJourneys, visit } from './support/journey.js';

/** What the visitor sees of a listing page: the h1, the title, the canonical and og:url, the JSON-LD listing's name. */
async function listingShown(page: Page): Promise<{ h1: string; title: string; canonical: string; ogUrl: string; jsonLdName: string }> {
  return page.evaluate(() => {
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
      const data = JSON.parse(script.textContent ?? 'null') as Record<string, unknown> | Array<Record<string, unknown>>;
      const items = Array.isArray(data) ? data : (data['@graph'] as Array<Record<string, unknown>> | undefined) ?? [data];
      return items;
    });
    const listing = jsonLd.find((item) => item['@type'] === 'RealEstateListing' || (Array.isArray(item['@type']) && item['@type'].includes('RealEstateListing')));
    return {
      h1: document.querySelector('h1')?.textContent?.trim() ?? '',
      title: document.title,
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
      ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content') ?? '',
      jsonLdName: String(listing?.name ?? ''),
    };
  });
}

const PROJECT = { id: 1043, title: 'Residentie "De Linde"' };
const UNITS = [
  { id: 1044, title: 'Appartement 1.01' },
  { id: 1045, title: 'Appartement 2.02' },
];

describe.each(MODES)('project and its units on a fresh server (%s)', (mode) => {
  let stack: Stack;
  let browser: Browser;
  let stage: JourneyStage;

  beforeAll(async () => {
    ({ stack, browser } = stage = await startJourneys(mode));
  });

  afterAll(() => stage?.close());

  /** Opens a listing by its short link (which redirects to the canonical one) and checks it is that listing. */
  async function expectListing(page: Page, listing: { id: number; title: string }, order: string): Promise<void> {
    await page.goto(`${stack.baseUrl}/nl/aanbod/${listing.id}`);
    const shown = await listingShown(page);
    const path = new URL(page.url()).pathname;
    expect({ order, id: listing.id, path: path.endsWith(`/${listing.id}`) || path.includes(`/${listing.id}/`), h1: shown.h1, jsonLdName: shown.jsonLdName.startsWith(listing.title) }).toEqual({
      order,
      id: listing.id,
      path: true,
      h1: listing.title,
      jsonLdName: true,
    });
    expect({ order, id: listing.id, titleStartsWithListing: shown.title.startsWith(listing.title), canonical: shown.canonical, ogUrl: shown.ogUrl }).toEqual({
      order,
      id: listing.id,
      titleStartsWithListing: true,
      canonical: `${stack.publicBaseUrl}${path}`,
      ogUrl: `${stack.publicBaseUrl}${path}`,
    });
  }

  it.each([
    ['a unit first, then the project and the other unit', [UNITS[0]!, PROJECT, UNITS[1]!]],
    ['the project first, then its units', [PROJECT, ...UNITS]],
  ])('shows each listing under its own link, %s', async (order, listings) => {
    await stack.restart();
    const { page, close } = await visit(browser);
    try {
      for (const listing of listings) await expectListing(page, listing, order);
      // A unit's page is the unit's under the project's slug: /nl/aanbod/1043/<slug>/1044.
      await page.goto(`${stack.baseUrl}/nl/aanbod/${UNITS[0]!.id}`);
      expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/nl/aanbod/${PROJECT.id}/[^/]+/${UNITS[0]!.id}$`));
      await shot(page, stack, `unit-after-${order.startsWith('a unit') ? 'unit-first' : 'project-first'}`);
    } finally {
      await close();
    }
  });
});
