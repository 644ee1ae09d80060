import { buildEstate } from '../../test/factories/estate.factory.js';
import type { Estate } from '../estates/domain/estate.js';
import { EMPTY_CRITERIA, hasFilters, listedSince, matchesCriteria, normalizeName, parseSearchQuery, type SearchCriteria, toSearchQuery } from './search-criteria.js';

const criteria = (overrides: Partial<SearchCriteria>): SearchCriteria => ({ ...EMPTY_CRITERIA, ...overrides });

describe(parseSearchQuery.name, () => {
  it('reads every field of the GET form, repeated fields as lists', () => {
    expect(
      parseSearchQuery({
        transaction: 'rent',
        headTypes: ['HOUSE', 'APARTMENT'],
        subTypes: 'VILLA',
        locations: 'Gent, 2000',
        priceMin: '250.000',
        priceMax: '500000',
        bedroomsMin: '2',
        reference: ' ab-12 ',
        livingAreaMin: '120',
        plotAreaMin: '1.000',
        epc: 'a+',
        garden: '1',
        terrace: 'on',
        parking: 'true',
        facadesMin: '3',
        newBuild: '1',
        newSince: '7',
        sort: 'price-desc',
        page: '3',
      }),
    ).toEqual({
      transaction: 'rent',
      headTypes: ['HOUSE', 'APARTMENT'],
      subTypes: ['VILLA'],
      locations: ['Gent', '2000'],
      priceMin: 250_000,
      priceMax: 500_000,
      bedroomsMin: 2,
      reference: 'ab-12',
      livingAreaMin: 120,
      plotAreaMin: 1_000,
      epc: 'A+',
      garden: true,
      terrace: true,
      parking: true,
      facadesMin: 3,
      newBuild: true,
      newSince: 7,
      area: null,
      sort: 'price-desc',
      page: 3,
    });
  });

  it('ignores new filters that do not validate: an unknown label, a yes that is no yes, days the form does not offer', () => {
    expect(
      parseSearchQuery({ epc: 'H', garden: 'maybe', terrace: '', parking: '0', facadesMin: '5', newSince: '2', livingAreaMin: '-1', plotAreaMin: 'big', sort: 'nearest' }),
    ).toEqual(EMPTY_CRITERIA);
  });

  it('writes the new filters in a fixed order after the older ones, whatever order they came in', () => {
    const criteria = parseSearchQuery(new URLSearchParams('newSince=3&newBuild=1&facadesMin=4&parking=1&terrace=1&garden=1&epc=B&plotAreaMin=500&livingAreaMin=90&bedroomsMin=2'));
    expect(toSearchQuery(criteria)).toBe('transaction=buy&bedroomsMin=2&livingAreaMin=90&plotAreaMin=500&epc=B&garden=1&terrace=1&parking=1&facadesMin=4&newBuild=1&newSince=3');
    expect(toSearchQuery({ ...criteria, sort: 'price-per-m2' })).toMatch(/&newSince=3&sort=price-per-m2$/);
    expect(parseSearchQuery(new URLSearchParams(toSearchQuery(criteria)))).toEqual(criteria);
  });

  it('ignores values that do not validate instead of refusing the search', () => {
    expect(parseSearchQuery({ transaction: 'steal', headTypes: ['CASTLE'], priceMin: 'cheap', page: '0', sort: 'random' })).toEqual(EMPTY_CRITERIA);
  });

  it('treats empty form fields as absent', () => {
    expect(parseSearchQuery({ transaction: '', locations: '', priceMin: '', priceMax: '', bedroomsMin: '', reference: '' })).toEqual(EMPTY_CRITERIA);
  });

  it('searches to buy unless the query says to rent, as Belgian portals do', () => {
    expect(parseSearchQuery({}).transaction).toBe('buy');
    expect(parseSearchQuery({ locations: 'Gent', sort: 'price-asc' }).transaction).toBe('buy');
    expect(parseSearchQuery({ transaction: 'rent' }).transaction).toBe('rent');
  });

  it('swaps a price range typed the wrong way round', () => {
    expect(parseSearchQuery({ priceMin: '400000', priceMax: '100000' })).toMatchObject({ priceMin: 100_000, priceMax: 400_000 });
  });
});

describe(toSearchQuery.name, () => {
  it('round-trips through parseSearchQuery', () => {
    const search = criteria({ transaction: 'buy', headTypes: ['HOUSE'], locations: ['Gent', '9000'], priceMax: 400_000, bedroomsMin: 3, sort: 'price-asc', page: 2 });
    expect(parseSearchQuery(new URLSearchParams(toSearchQuery(search)))).toEqual(search);
  });

  it('writes only what differs from the defaults, so the same search has one URL', () => {
    expect(toSearchQuery(EMPTY_CRITERIA)).toBe('');
    expect(toSearchQuery(criteria({ transaction: 'rent', page: 4 }), { page: false })).toBe('transaction=rent');
  });

  it('says the transaction in every URL but the bare home page, as the form sends it', () => {
    expect(toSearchQuery(criteria({ transaction: 'buy' }))).toBe('');
    expect(toSearchQuery(criteria({ transaction: 'buy', sort: 'price-asc' }))).toBe('transaction=buy&sort=price-asc');
    expect(toSearchQuery(criteria({ transaction: 'buy', page: 2 }))).toBe('transaction=buy&page=2');
    expect(toSearchQuery(criteria({ transaction: 'rent', locations: ['Gent'], page: 2 }))).toBe('transaction=rent&locations=Gent&page=2');
  });

  it('says whether anything is filtered', () => {
    expect(hasFilters(criteria({ sort: 'price-asc', page: 2 }))).toBe(false);
    expect(hasFilters(criteria({ bedroomsMin: 1 }))).toBe(true);
  });
});

describe(normalizeName.name, () => {
  it('ignores case, accents and punctuation', () => {
    expect(normalizeName('Liège')).toBe('liege');
    expect(normalizeName('Sint-Niklaas')).toBe(normalizeName('sint niklaas'));
  });
});

describe(matchesCriteria.name, () => {
  const villa = buildEstate({ id: 1, price: { value: 450_000 }, bedrooms: 4, reference: 'GNT-001' });
  const flat: Estate = buildEstate({
    id: 2,
    headType: 'APARTMENT',
    subType: 'FLAT',
    transaction: { statusId: 2, status: 'TO_RENT', forRent: true },
    price: { value: 950 },
    bedrooms: 1,
    address: { city: { zip: '4000', name: 'Liège', alias: { nl: 'Luik', de: 'Lüttich' } } },
  });

  it('matches the transaction', () => {
    expect(matchesCriteria(villa, criteria({ transaction: 'buy' }))).toBe(true);
    expect(matchesCriteria(villa, criteria({ transaction: 'rent' }))).toBe(false);
    expect(matchesCriteria(flat, criteria({ transaction: 'rent' }))).toBe(true);
  });

  it('matches a location by zip or by any language’s name, accents and case aside', () => {
    const rent = (locations: string[]) => criteria({ transaction: 'rent', locations });
    expect(matchesCriteria(flat, rent(['4000']))).toBe(true);
    expect(matchesCriteria(flat, rent(['luik']))).toBe(true);
    expect(matchesCriteria(flat, rent(['LIEGE']))).toBe(true);
    expect(matchesCriteria(flat, rent(['Gent', 'Lüttich']))).toBe(true);
    expect(matchesCriteria(flat, rent(['Gent', '400']))).toBe(false);
  });

  it('matches types, price range, minimum bedrooms and a reference fragment', () => {
    expect(matchesCriteria(villa, criteria({ headTypes: ['HOUSE'], subTypes: ['VILLA'] }))).toBe(true);
    expect(matchesCriteria(villa, criteria({ headTypes: ['APARTMENT'] }))).toBe(false);
    expect(matchesCriteria(villa, criteria({ priceMin: 400_000, priceMax: 450_000 }))).toBe(true);
    expect(matchesCriteria(villa, criteria({ priceMax: 449_999 }))).toBe(false);
    expect(matchesCriteria(villa, criteria({ bedroomsMin: 4 }))).toBe(true);
    expect(matchesCriteria(villa, criteria({ bedroomsMin: 5 }))).toBe(false);
    expect(matchesCriteria(villa, criteria({ reference: 'gnt-0' }))).toBe(true);
    expect(matchesCriteria(villa, criteria({ reference: 'ANT' }))).toBe(false);
  });

  it('never matches a price bound with a price on request', () => {
    const onRequest = buildEstate({ price: { value: 660_000, visible: false } });
    expect(matchesCriteria(onRequest, { ...EMPTY_CRITERIA, priceMin: 650_000, priceMax: 670_000 })).toBe(false);
    expect(matchesCriteria(onRequest, { ...EMPTY_CRITERIA, priceMax: 1_000_000 })).toBe(false);
    expect(matchesCriteria(onRequest, EMPTY_CRITERIA)).toBe(true);
  });

  it('matches a project when one of its units answers the unit criteria', () => {
    const project = buildEstate({
      id: 10,
      isProject: true,
      headType: 'PROJECT',
      subType: 'NEW_BUILD_PROJECT',
      price: { value: null, priceFrom: 200_000 },
      bedrooms: null,
      children: [
        buildEstate({ id: 11, parentId: 10, headType: 'APARTMENT', subType: 'FLAT', price: { value: 210_000 }, bedrooms: 1 }),
        buildEstate({ id: 12, parentId: 10, headType: 'APARTMENT', subType: 'PENTHOUSE', price: { value: 520_000 }, bedrooms: 3 }),
      ],
    });
    expect(matchesCriteria(project, criteria({ headTypes: ['APARTMENT'], bedroomsMin: 3 }))).toBe(true);
    expect(matchesCriteria(project, criteria({ headTypes: ['PROJECT'] }))).toBe(true);
    expect(matchesCriteria(project, criteria({ bedroomsMin: 3, priceMax: 300_000 }))).toBe(false);
  });
});

describe(listedSince.name, () => {
  it('counts whole Belgian days back from midnight in Brussels (winter and summer time)', () => {
    expect(listedSince(1, '2026-12-03').toISOString()).toBe('2026-12-01T23:00:00.000Z');
    expect(listedSince(7, '2026-07-10').toISOString()).toBe('2026-07-02T22:00:00.000Z');
  });
});

describe('matchesCriteria and the filters of issue 38', () => {
  const villa = buildEstate();
  const criteria = (overrides: Partial<SearchCriteria>): SearchCriteria => ({ ...EMPTY_CRITERIA, ...overrides });
  it('asks what the listing has, as the search columns say it', () => {
    expect(matchesCriteria(villa, criteria({ livingAreaMin: 280, plotAreaMin: 1200, epc: 'C', garden: true, terrace: true, facadesMin: 4 }))).toBe(true);
    expect(matchesCriteria(villa, criteria({ epc: 'B' }))).toBe(false);
    expect(matchesCriteria(villa, criteria({ parking: true }))).toBe(false);
    expect(matchesCriteria(villa, criteria({ newBuild: true }))).toBe(false);
    expect(matchesCriteria(villa, criteria({ livingAreaMin: 281 }))).toBe(false);
  });

  it('finds a listing new since N days by the day a sync first saw it (never one on offer before the site knew it)', () => {
    const since = new Date('2026-11-26T23:00:00Z');
    expect(matchesCriteria({ ...villa, marks: { listedAt: new Date('2026-11-30T10:00:00Z'), priceReducedAt: null } }, criteria({ newSince: 7 }), undefined, since)).toBe(true);
    expect(matchesCriteria({ ...villa, marks: { listedAt: new Date('2026-11-20T10:00:00Z'), priceReducedAt: null } }, criteria({ newSince: 7 }), undefined, since)).toBe(false);
    expect(matchesCriteria({ ...villa, marks: { listedAt: null, priceReducedAt: null } }, criteria({ newSince: 7 }), undefined, since)).toBe(false);
  });
});
