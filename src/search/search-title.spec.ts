import { fileTranslator } from '../../test/support/file-translator.js';
import { EMPTY_CRITERIA, type SearchCriteria } from './search-criteria.js';
import { searchTitle } from './search-title.js';

const criteria = (overrides: Partial<SearchCriteria>): SearchCriteria => ({ ...EMPTY_CRITERIA, ...overrides });
const sameName = (place: string) => place;

describe(searchTitle.name, () => {
  it('names the transaction and the places, in the page’s language', () => {
    expect(searchTitle(criteria({ transaction: 'buy', locations: ['Gent'] }), fileTranslator('nl'), sameName)).toBe('Te koop in Gent');
    expect(searchTitle(criteria({ transaction: 'rent', locations: ['Liège', 'Namur'] }), fileTranslator('fr'), sameName)).toBe('À louer à Liège et Namur');
  });

  it('names the types before the transaction', () => {
    expect(searchTitle(criteria({ transaction: 'buy', headTypes: ['HOUSE', 'APARTMENT'], locations: ['Gent'] }), fileTranslator('nl'), sameName)).toBe(
      'Huizen en appartementen te koop in Gent',
    );
    expect(searchTitle(criteria({ transaction: 'rent', headTypes: ['APARTMENT'] }), fileTranslator('de'), sameName)).toBe('Wohnungen zur Miete');
    expect(searchTitle(criteria({ transaction: 'buy', headTypes: ['PLOT'] }), fileTranslator('en'), sameName)).toBe('Plots for sale');
  });

  it('gives a place its name in the page’s language', () => {
    expect(searchTitle(criteria({ locations: ['Gent'] }), fileTranslator('fr'), (place) => (place === 'Gent' ? 'Gand' : place))).toBe('À vendre à Gand');
  });

  it.each([
    ['nl', 'Gent', 'Te koop binnen 10 km van Gent'],
    ['fr', 'Gand', 'À vendre dans un rayon de 10 km autour de Gand'],
    ['en', 'Ghent', 'For sale within 10 km of Ghent'],
    ['de', 'Gent', 'Zum Kauf im Umkreis von 10 km um Gent'],
  ] as const)('names the radius and its place in the page’s language (%s)', (locale, localName, title) => {
    const near = criteria({ transaction: 'buy', area: { kind: 'near', place: 'Gent', radiusKm: 10 } });
    expect(searchTitle(near, fileTranslator(locale), (place) => (place === 'Gent' ? localName : place))).toBe(title);
  });

  it('names a point’s radius and a drawn area', () => {
    const circle = criteria({ transaction: 'rent', area: { kind: 'circle', center: { lat: 51.05, lon: 3.72 }, radiusKm: 2.5 } });
    expect(searchTitle(circle, fileTranslator('nl'), sameName)).toBe('Te huur binnen 2,5 km van een punt op de kaart');
    const polygon = criteria({ headTypes: ['HOUSE'], area: { kind: 'polygon', points: [{ lat: 51, lon: 3 }, { lat: 51.1, lon: 3 }, { lat: 51, lon: 3.1 }] } });
    expect(searchTitle(polygon, fileTranslator('nl'), sameName)).toBe('Huizen te koop in het getekende gebied');
    expect(searchTitle(polygon, fileTranslator('en'), sameName)).toBe('Houses for sale in the area drawn on the map');
  });

  it('names the places typed and then the radius', () => {
    const both = criteria({ locations: ['Melle'], area: { kind: 'near', place: 'Gent', radiusKm: 5 } });
    expect(searchTitle(both, fileTranslator('nl'), sameName)).toBe('Te koop in Melle binnen 5 km van Gent');
  });
});
