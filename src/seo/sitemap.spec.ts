import { renderRobots, renderSitemap } from './sitemap.js';

const PAGE = { nl: '/nl/aanbod/1/villa', fr: '/fr/offre/1/villa', en: '/en/offer/1/villa', de: '/de/angebot/1/villa' };

describe(renderSitemap.name, () => {
  const sut = renderSitemap('https://immo.example', [PAGE]);

  it('lists the page once per locale', () => {
    expect(sut.match(/<loc>/g)).toHaveLength(4);
    expect(sut).toContain('<loc>https://immo.example/fr/offre/1/villa</loc>');
  });

  it('gives every entry the four hreflang alternates and x-default (nl)', () => {
    expect(sut.match(/hreflang="de" href="https:\/\/immo.example\/de\/angebot\/1\/villa"/g)).toHaveLength(4);
    expect(sut.match(/hreflang="x-default" href="https:\/\/immo.example\/nl\/aanbod\/1\/villa"/g)).toHaveLength(4);
  });

  it('escapes characters that would break the XML', () => {
    const xml = renderSitemap('https://immo.example', [{ ...PAGE, nl: '/nl/aanbod/1/a&b' }]);
    expect(xml).toContain('/nl/aanbod/1/a&#38;b');
    expect(xml).not.toContain('a&b');
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
