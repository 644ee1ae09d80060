import { changeFavorites, decodeFavorites, encodeFavorites } from './favorites-cookie.js';

const SECRET = 'test-secret-of-sixteen+';

describe('favourites cookie', () => {
  it('round-trips the ids it signed', () => {
    expect(decodeFavorites(encodeFavorites([12, 7, 300], SECRET), SECRET, 50)).toEqual([12, 7, 300]);
    expect(decodeFavorites(encodeFavorites([], SECRET), SECRET, 50)).toEqual([]);
  });

  it('keeps the ids readable before the signature (the page script reads them)', () => {
    expect(encodeFavorites([12, 7], SECRET)).toMatch(/^12-7\.[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['a forged id list', (value: string) => value.replace(/^12/, '13')],
    ['another secret', () => encodeFavorites([12, 7], 'another-secret-value')],
    ['no signature', () => '12-7'],
    ['garbage', () => 'x.y.z'],
    ['a negative id', () => encodeFavorites([-1] as number[], SECRET)],
  ])('trusts nothing from %s', (_label, forge) => {
    expect(decodeFavorites(forge(encodeFavorites([12, 7], SECRET)), SECRET, 50)).toEqual([]);
  });

  it('caps what it reads', () => {
    expect(decodeFavorites(encodeFavorites([1, 2, 3, 4], SECRET), SECRET, 2)).toEqual([1, 2]);
  });
});

describe('changeFavorites', () => {
  it('adds in front, once', () => {
    expect(changeFavorites([1], 2, 'add', 50)).toEqual({ ids: [2, 1], outcome: 'added' });
    expect(changeFavorites([2, 1], 2, 'add', 50)).toEqual({ ids: [2, 1], outcome: 'unchanged' });
  });

  it('removes, and removing what is not there changes nothing', () => {
    expect(changeFavorites([2, 1], 2, 'remove', 50)).toEqual({ ids: [1], outcome: 'removed' });
    expect(changeFavorites([1], 2, 'remove', 50)).toEqual({ ids: [1], outcome: 'unchanged' });
  });

  it('takes nothing more when the list is full', () => {
    expect(changeFavorites([1, 2], 3, 'add', 2)).toEqual({ ids: [1, 2], outcome: 'full' });
  });
});
