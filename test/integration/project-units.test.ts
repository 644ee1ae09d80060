import request from 'supertest';
import { EstateDetailPageModels } from '../../src/detail/estate-detail-page.model.js';
import { EstateDetailService } from '../../src/detail/estate-detail.service.js';
import { urlFor } from '../../src/routing/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The demo project "Residentie De Linde" (source A) and two of its units. */
const PROJECT = 1043;
const UNITS = [1044, 1045];

interface Expected {
  readonly title: string;
  readonly url: string;
}

function decode(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');
}

/** What a visitor and a crawler read about which listing a page is. */
function identity(html: string): { h1: string; title: string; canonical: string; ogUrl: string; jsonLdUrl: unknown } {
  const pick = (pattern: RegExp) => decode(pattern.exec(html)?.[1] ?? '');
  const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/gs;
  const blocks = [...html.matchAll(jsonLd)].map((match) => JSON.parse(match[1]) as Record<string, unknown>);
  const listing = blocks.find((block) => block['@type'] === 'RealEstateListing');
  return {
    h1: pick(/<h1[^>]*>(.*?)<\/h1>/s),
    title: pick(/<title>(.*?)<\/title>/s),
    canonical: pick(/<link rel="canonical" href="([^"]+)"/),
    ogUrl: pick(/<meta property="og:url" content="([^"]+)"/),
    jsonLdUrl: listing?.url,
  };
}

/** A project and its units share one data version: each page must still show its own listing, whatever was asked first. */
describe('project and unit pages on a fresh server', () => {
  async function expectations(app: TestApp): Promise<Map<number, Expected>> {
    const details = app.app.get(EstateDetailService);
    const models = app.app.get(EstateDetailPageModels);
    const expected = new Map<number, Expected>();
    for (const id of [PROJECT, ...UNITS]) {
      const found = (await details.find(id))!;
      const display = await models.displayModel(found, 'nl');
      expected.set(id, { title: display.title, url: details.absoluteUrl(found.paths.nl) });
    }
    return expected;
  }

  async function open(app: TestApp, id: number): Promise<string> {
    const short = await request(app.server).get(urlFor('detailShort', 'nl', { estateId: id }));
    expect(short.status).toBe(301);
    const page = await request(app.server).get(short.headers.location);
    expect(page.status).toBe(200);
    return page.text;
  }

  it.each([
    ['a unit first, then the project and the other unit', [UNITS[0], PROJECT, UNITS[1]]],
    ['the project first, then its units', [PROJECT, ...UNITS]],
  ])('%s: h1, <title>, JSON-LD, og:url and canonical belong to the listing asked for', async (_, order) => {
    const app = await startTestApp();
    try {
      const expected = await expectations(app);
      // Twice: the first time builds each page, the second answers from the caches.
      for (const round of [1, 2]) {
        for (const id of order) {
          const { title, url } = expected.get(id)!;
          const seen = identity(await open(app, id));
          expect({ round, id, ...seen }).toEqual({ round, id, h1: title, title: expect.stringContaining(title), canonical: url, ogUrl: url, jsonLdUrl: url });
          const others = [...expected.entries()].filter(([other]) => other !== id).map(([, other]) => other.title);
          for (const other of others) expect(seen.h1).not.toBe(other);
        }
      }
    } finally {
      await app.close();
    }
  });
});
