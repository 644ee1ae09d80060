import { PAGES_PER_SITEMAP, parseSitemapFile, partsOf, renderRobots, renderSitemap, renderSitemapIndex, sitemapPath } from './sitemap.js';

const PAGE = { paths: { nl: '/nl/aanbod/1/villa', fr: '/fr/offre/1/villa', en: '/en/offer/1/villa', de: '/de/angebot/1/villa' }, lastmod: '2026-11-20T10:00:00.000Z' };

describe(renderSitemap.name, () => {
  let sut: string;

  beforeAll(async () => {
    sut = await renderSitemap('https://immo.example', [PAGE]);
  });

  it('lists the page once per locale, with its lastmod', () => {
    expect(sut.match(/<loc>/g)).toHaveLength(4);
    expect(sut).toContain('<loc>https://immo.example/fr/offre/1/villa</loc>');
    expect(sut.match(/<lastmod>2026-11-20T10:00:00.000Z<\/lastmod>/g)).toHaveLength(4);
  });

  it('gives every entry the four hreflang alternates and x-default (nl)', () => {
    expect(sut.match(/hreflang="de" href="https:\/\/immo.example\/de\/angebot\/1\/villa"/g)).toHaveLength(4);
    expect(sut.match(/hreflang="x-default" href="https:\/\/immo.example\/nl\/aanbod\/1\/villa"/g)).toHaveLength(4);
  });

  it('escapes characters that would break the XML', async () => {
    const xml = await renderSitemap('https://immo.example', [{ paths: { ...PAGE.paths, nl: '/nl/aanbod/1/a&b' } }]);
    expect(xml).toContain('/nl/aanbod/1/a&amp;b');
    expect(xml).not.toMatch(/a&b/);
  });
});

describe(renderSitemapIndex.name, () => {
  it('lists each sitemap with its lastmod', async () => {
    const sut = await renderSitemapIndex('https://immo.example', [
      { part: { name: 'holiday', index: 0 }, lastmod: '2026-11-20T10:00:00.000Z' },
      { part: { name: 'pages', index: 0 } },
      { part: { name: 'pages', index: 1 } },
    ]);
    expect(sut).toContain('<sitemapindex');
    expect(sut).toContain('<loc>https://immo.example/sitemaps/holiday.xml</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod>');
    expect(sut).toContain('<loc>https://immo.example/sitemaps/pages.xml</loc>');
    expect(sut).toContain('<loc>https://immo.example/sitemaps/pages-2.xml</loc>');
  });
});

describe('sitemap parts', () => {
  it('cuts a long list into parts of PAGES_PER_SITEMAP pages, and keeps one (empty) part for an empty list', () => {
    const pages = Array.from({ length: PAGES_PER_SITEMAP * 2 + 1 }, (_, i) => i);
    expect(partsOf(pages).map((part) => part.length)).toEqual([PAGES_PER_SITEMAP, PAGES_PER_SITEMAP, 1]);
    expect(partsOf(pages).flat()).toEqual(pages);
    expect(partsOf([])).toEqual([]);
  });

  it('names the first part as the whole sitemap was named, and the next ones -2, -3, …', () => {
    expect(sitemapPath({ name: 'listings', index: 0 })).toBe('/sitemaps/listings.xml');
    expect(sitemapPath({ name: 'listings', index: 2 })).toBe('/sitemaps/listings-3.xml');
    expect(parseSitemapFile('listings.xml')).toEqual({ name: 'listings', index: 0 });
    expect(parseSitemapFile('listings-3.xml')).toEqual({ name: 'listings', index: 2 });
  });

  it('names no other file: an unknown sitemap, a part 1 or 0, a missing .xml', () => {
    for (const file of ['listings-1.xml', 'listings-0.xml', 'listings-01.xml', 'other.xml', 'listings', 'listings-2.xml.gz', 'listings--2.xml']) expect(parseSitemapFile(file)).toBeNull();
  });
});

describe(renderRobots.name, () => {
  it('keeps crawlers out of the ajax endpoints of every locale and points to the sitemap', () => {
    const sut = renderRobots('https://immo.example');
    expect(sut).toContain('Disallow: /nl/ajax/');
    expect(sut).toContain('Disallow: /de/ajax/');
    expect(sut).toContain('Sitemap: https://immo.example/sitemap.xml');
  });
});
