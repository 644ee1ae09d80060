import { CityIndex } from './city-index.js';

const index = new CityIndex([
  { zip: '4000', name: 'Liège', alias: { nl: 'Luik', de: 'Lüttich', fr: 'Liège' }, country: 'BE', count: 3 },
  { zip: '9000', name: 'Gent', alias: { fr: 'Gand' }, country: 'BE', count: 5 },
  { zip: '9050', name: 'Gentbrugge', alias: {}, country: 'BE', count: 1 },
  { zip: '1000', name: 'Brussel', alias: { fr: 'Bruxelles', en: 'Brussels' }, country: 'BE', count: 2 },
  { zip: '59000', name: 'Lille', alias: { nl: 'Rijsel' }, country: 'FR', count: 1 },
  { zip: '2600', name: 'Sint-Niklaas Berchem', alias: {}, country: 'BE', count: 1 },
]);

describe('CityIndex.suggest', () => {
  it('matches a zip prefix', () => {
    expect(index.suggest('90', 'nl').map((city) => city.zip)).toEqual(['9000', '9050']);
  });

  it('matches every localized alias and answers in the visitor’s language', () => {
    expect(index.suggest('luik', 'fr')).toEqual([{ name: 'Liège', zip: '4000', country: 'BE', count: 3 }]);
    expect(index.suggest('Lüttich', 'nl')[0]?.name).toBe('Luik');
    expect(index.suggest('gand', 'nl')[0]?.name).toBe('Gent');
  });

  it('ignores accents and case', () => {
    expect(index.suggest('LIEGE', 'de')[0]?.name).toBe('Lüttich');
  });

  it('sorts by name and stops at the limit', () => {
    expect(index.suggest('gent', 'nl').map((city) => city.name)).toEqual(['Gent', 'Gentbrugge']);
    expect(index.suggest('gent', 'nl', 1)).toHaveLength(1);
  });

  it('finds a word inside a name from the third letter', () => {
    expect(index.suggest('berch', 'nl').map((city) => city.zip)).toEqual(['2600']);
    expect(index.suggest('be', 'nl')).toEqual([]);
  });
});

describe('CityIndex.localName', () => {
  it('names a city in the visitor’s language', () => {
    expect(index.localName('Liège', 'nl')).toBe('Luik');
    expect(index.localName('Gent', 'fr')).toBe('Gand');
    expect(index.localName('Gent', 'nl')).toBe('Gent');
    expect(index.localName('Nergens', 'nl')).toBe('Nergens');
  });
});

describe('CityIndex.resolve', () => {
  it('turns names in any language into the cities they stand for, and keeps zips', () => {
    expect(index.resolve(['Luik', '9000'])).toEqual({ zips: ['9000'], cityZips: ['4000'], cityNames: ['Liège'] });
    expect(index.resolve([])).toBeNull();
  });
});

describe('CityIndex.suggest per transaction', () => {
  const byTransaction = new CityIndex([
    { zip: '9000', name: 'Gent', alias: {}, country: 'BE', count: 4, counts: { buy: 3, rent: 1 } },
    { zip: '9050', name: 'Gentbrugge', alias: {}, country: 'BE', count: 2, counts: { buy: 0, rent: 2 } },
  ]);

  it('counts what the search of that transaction finds, and leaves out a place with nothing for it', () => {
    expect(byTransaction.suggest('gent', 'nl', 8, 'buy')).toEqual([{ name: 'Gent', zip: '9000', country: 'BE', count: 3 }]);
    expect(byTransaction.suggest('gent', 'nl', 8, 'rent').map((city) => [city.name, city.count])).toEqual([
      ['Gent', 1],
      ['Gentbrugge', 2],
    ]);
    expect(byTransaction.suggest('gent', 'nl').map((city) => city.count)).toEqual([4, 2]);
  });
});
