import { renderRobots, renderSitemap, renderSitemapIndex } from './sitemap.js';

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
    const sut = await renderSitemapIndex('https://immo.example', [{ name: 'holiday', lastmod: '2026-11-20T10:00:00.000Z' }, { name: 'pages' }]);
    expect(sut).toContain('<sitemapindex');
    expect(sut).toContain('<loc>https://immo.example/sitemaps/holiday.xml</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod>');
    expect(sut).toContain('<loc>https://immo.example/sitemaps/pages.xml</loc>');
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
