import { favoriteIds } from './favorites';

describe('favoriteIds', () => {
  it('reads the ids before the signature', () => {
    expect([...favoriteIds('a=1; immo_favorites=12-7.c2lnbmF0dXJl; b=2')]).toEqual(['12', '7']);
  });

  it('is empty without the cookie or with an empty list', () => {
    expect(favoriteIds('a=1').size).toBe(0);
    expect(favoriteIds('immo_favorites=.c2ln').size).toBe(0);
  });
});
