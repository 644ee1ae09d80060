import { EMPTY_CRITERIA } from './search-criteria.js';
import { landingPageFor, MAX_LANDING_PAGES, selectLandingPages } from './landing-pages.js';

describe(selectLandingPages.name, () => {
  it('keeps houses and apartments per transaction and city with enough listings, largest first, at most a few', () => {
    const pages = selectLandingPages([
      { headType: 'HOUSE', forRent: false, city: 'Gent', count: 5 },
      { headType: 'APARTMENT', forRent: true, city: 'Antwerpen', count: 9 },
      { headType: 'PLOT', forRent: false, city: 'Gent', count: 20 },
      { headType: 'HOUSE', forRent: false, city: 'Aalst', count: 1 },
      ...Array.from({ length: 20 }, (_, index) => ({ headType: 'HOUSE', forRent: true, city: `Stad ${index}`, count: 2 })),
    ]);
    expect(pages).toHaveLength(MAX_LANDING_PAGES);
    expect(pages[0]).toMatchObject({ headType: 'APARTMENT', transaction: 'rent', city: 'Antwerpen', query: 'transaction=rent&headTypes=APARTMENT&locations=Antwerpen' });
    expect(pages[1]).toMatchObject({ headType: 'HOUSE', transaction: 'buy', city: 'Gent' });
  });
});

describe(landingPageFor.name, () => {
  const pages = selectLandingPages([{ headType: 'HOUSE', forRent: false, city: 'Gent', count: 5 }]);

  it('recognizes exactly a landing page’s search, city case aside', () => {
    expect(landingPageFor({ ...EMPTY_CRITERIA, transaction: 'buy', headTypes: ['HOUSE'], locations: ['gent'] }, pages)).toBe(pages[0]);
  });

  it('does not index a second page, another order or another filter', () => {
    const search = { ...EMPTY_CRITERIA, transaction: 'buy' as const, headTypes: ['HOUSE' as const], locations: ['Gent'] };
    expect(landingPageFor({ ...search, page: 2 }, pages)).toBeUndefined();
    expect(landingPageFor({ ...search, sort: 'price-asc' }, pages)).toBeUndefined();
    expect(landingPageFor({ ...search, bedroomsMin: 2 }, pages)).toBeUndefined();
  });
});
