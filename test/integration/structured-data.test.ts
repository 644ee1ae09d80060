import request from 'supertest';
import type { BreadcrumbList, ListItem, VacationRental } from 'schema-dts';
import { urlFor } from '../../src/routing/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type Node = { '@type': string } & Record<string, unknown>;

/** Every JSON-LD block of a page, parsed. */
function jsonLd(html: string): Node[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Node);
}

function breadcrumbOf(html: string): Array<{ name: string; item: string }> {
  const lists = jsonLd(html).filter((node) => node['@type'] === 'BreadcrumbList') as unknown as Array<Exclude<BreadcrumbList, string>>;
  expect(lists).toHaveLength(1);
  const items = lists[0]!.itemListElement as unknown as Array<Exclude<ListItem, string>>;
  expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
  return items.map((item) => ({ name: String(item.name), item: String(item.item) }));
}

/** The visible trail: each crumb's text and link (the page itself has none). */
function visibleTrail(html: string): Array<{ name: string; href: string | null }> {
  const nav = /<nav class="breadcrumb" aria-label="[^"]+"><ol>(.*?)<\/ol><\/nav>/s.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<li>(?:<a href="([^"]+)">|<span aria-current="page">)(.*?)<\/(?:a|span)><\/li>/g)].map((match) => ({
    name: match[2]!.replace(/&amp;/g, '&').replace(/&#x27;/g, "'"),
    href: match[1]?.replace(/&amp;/g, '&') ?? null,
  }));
}

const BASE = 'http://immo.test';

describe('structured data (real app, demo catalogue)', () => {
  let sut: TestApp;
  /** The page behind a short link, after its redirect to the canonical URL. */
  const page = async (path: string) => {
    const response = await request(sut.server).get(path).redirects(2).expect(200);
    return { html: response.text, path: new URL(response.redirects.at(-1) ?? `${BASE}${path}`, BASE).pathname };
  };

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(async () => {
    await sut.close();
  });

  it('gives a listing a BreadcrumbList home → its search → the listing, the trail the page shows', async () => {
    const { html, path } = await page(urlFor('detailShort', 'nl', { estateId: 1030 }));
    const crumbs = breadcrumbOf(html);
    expect(crumbs).toHaveLength(3);
    expect(crumbs[0]).toEqual({ name: 'Startpagina', item: `${BASE}/nl` });
    expect(crumbs[1]!.name).toMatch(/^Te koop in /);
    expect(crumbs[1]!.item).toMatch(/^http:\/\/immo\.test\/nl\?transaction=buy&locations=/);
    expect(crumbs[2]!.item).toBe(`${BASE}${path}`);
    expect(visibleTrail(html)).toEqual(crumbs.map((crumb, index) => ({ name: crumb.name, href: index === crumbs.length - 1 ? null : crumb.item.slice(BASE.length) })));
    // The search crumb leads to a search that finds the listing.
    const search = await request(sut.server).get(crumbs[1]!.item.slice(BASE.length)).expect(200);
    expect(search.text).toContain('data-estate-id="1030"');
  });

  it('puts a unit under its project: home → search → project → unit, in the page’s language', async () => {
    const { html, path } = await page(urlFor('detailShort', 'fr', { estateId: 1044 }));
    const crumbs = breadcrumbOf(html);
    expect(crumbs.map((crumb) => crumb.name)).toEqual(['Accueil', expect.stringMatching(/^À vendre à /), expect.any(String), expect.any(String)]);
    expect(crumbs[2]!.item).toMatch(/^http:\/\/immo\.test\/fr\/offre\/1043\//);
    expect(crumbs[3]!.item).toBe(`${BASE}${path}`);
    expect(path).toMatch(/^\/fr\/offre\/1043\/[^/]+\/1044$/);
    expect(visibleTrail(html).map((crumb) => crumb.name)).toEqual(crumbs.map((crumb) => crumb.name));
  });

  it('gives a holiday unit a BreadcrumbList home → holiday rentals → unit, and its VacationRental an identifier', async () => {
    const { html } = await page(urlFor('holiday', 'en', { rentalUnitId: 102 }));
    expect(breadcrumbOf(html)).toEqual([
      { name: 'Home', item: `${BASE}/en` },
      { name: expect.any(String), item: `${BASE}${urlFor('holidayOverview', 'en')}` },
      { name: expect.any(String), item: `${BASE}${urlFor('holiday', 'en', { rentalUnitId: 102 })}` },
    ]);
    expect(visibleTrail(html)).toHaveLength(3);
    const rental = jsonLd(html).find((node) => node['@type'] === 'VacationRental') as unknown as Exclude<VacationRental, string>;
    expect(rental.identifier).toBe('102');
  });
});
