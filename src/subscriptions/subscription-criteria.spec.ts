import 'reflect-metadata';
import type { Translator } from '../i18n/translator.js';
import { criteriaFormValues, describeCriteria, storedCriteria } from './subscription-criteria.js';

const t = {
  locale: 'en',
  t: (key: string) => key.split('.').pop() ?? key,
  has: () => true,
} as unknown as Translator;

describe(storedCriteria.name, () => {
  it('keeps the same search in one canonical form, whatever order or spelling it came in', () => {
    const a = storedCriteria(new URLSearchParams('headTypes=HOUSE&headTypes=APARTMENT&transaction=buy&priceMax=450.000&page=3&sort=price-asc'));
    const b = storedCriteria({ transaction: 'buy', priceMax: '450000', headTypes: ['HOUSE', 'APARTMENT'] });
    expect(a).toEqual(b);
    expect(a).not.toHaveProperty('page');
    expect(a).not.toHaveProperty('sort');
  });

  it('drops what does not validate rather than refusing the search', () => {
    expect(storedCriteria({ priceMin: 'lots', transaction: 'steal' })).toMatchObject({ priceMin: null, transaction: 'buy' });
  });
});

describe(criteriaFormValues.name, () => {
  it('gives the form its fields back, repeated ones as lists', () => {
    expect(criteriaFormValues(storedCriteria(new URLSearchParams('headTypes=HOUSE&locations=Gent&locations=9000&bedroomsMin=2')))).toEqual({
      transaction: 'buy',
      headTypes: ['HOUSE'],
      locations: 'Gent, 9000',
      bedroomsMin: '2',
    });
  });
});

describe(describeCriteria.name, () => {
  it('says the search in one line per criterion', () => {
    expect(describeCriteria(storedCriteria({ transaction: 'rent', locations: 'Gent' }), t)).toEqual(['transaction: rent', 'location: Gent']);
  });

  it('says what a search without criteria is: everything to buy, or (stored before searches chose) everything', () => {
    expect(describeCriteria(storedCriteria({}), t)).toEqual(['transaction: buy']);
    expect(describeCriteria({ ...storedCriteria({}), transaction: null }, t)).toEqual(['everything']);
  });
});
