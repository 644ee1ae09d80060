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
});
