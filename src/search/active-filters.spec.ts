import { activeFilterCount } from './active-filters.js';
import { EMPTY_CRITERIA, type SearchCriteria } from './search-criteria.js';

const criteria = (overrides: Partial<SearchCriteria>): SearchCriteria => ({ ...EMPTY_CRITERIA, ...overrides });

describe(activeFilterCount.name, () => {
  it('counts nothing for the plain search, to buy or to rent, in any order', () => {
    expect(activeFilterCount(EMPTY_CRITERIA)).toBe(0);
    expect(activeFilterCount(criteria({ transaction: 'rent', sort: 'price-asc', page: 3 }))).toBe(0);
  });

  it('counts a price range, the types, the places and an area as one filter each', () => {
    expect(activeFilterCount(criteria({ priceMin: 200_000, priceMax: 400_000 }))).toBe(1);
    expect(activeFilterCount(criteria({ headTypes: ['HOUSE', 'APARTMENT'], subTypes: ['VILLA'] }))).toBe(1);
    expect(activeFilterCount(criteria({ locations: ['Gent', 'Melle'], area: { kind: 'near', place: 'Gent', radiusKm: 5 } }))).toBe(2);
    expect(activeFilterCount(criteria({ bedroomsMin: 3, reference: 'VIL-1', headTypes: ['HOUSE'], priceMax: 500_000 }))).toBe(4);
  });
});
