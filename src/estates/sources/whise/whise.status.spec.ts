import { isForRentInWhise, whiseStatus } from './whise.status.js';

describe(whiseStatus.name, () => {
  it.each([
    [1, false, 'FOR_SALE'],
    [2, true, 'TO_RENT'],
    [3, false, 'SOLD'],
    [4, true, 'RENTED'],
    [5, false, 'FOR_SALE'],
    [6, true, 'TO_RENT'],
    [12, false, 'FOR_SALE'],
    [13, true, 'TO_RENT'],
    [14, false, 'SOLD'],
    [15, false, 'FOR_SALE'],
    [16, false, 'FOR_SALE'],
    [17, false, 'SOLD'],
    [21, false, 'SOLD'],
    [21, true, 'RENTED'],
    [22, false, 'SOLD'],
    [22, true, 'RENTED'],
  ])('purpose status %i (rent: %s) is shown as %s', (id, forRent, status) => {
    expect(whiseStatus(id, forRent)).toEqual({ status });
  });

  it.each([
    [8, 'cancelled'],
    [9, 'cancelled'],
    [10, 'suspended'],
    [11, 'suspended'],
    [19, 'prospection'],
    [20, 'preparation'],
    [23, 'prospection'],
    [24, 'estimate'],
    [25, 'estimate'],
    [26, 'estimate'],
    [27, 'preparation'],
    [28, 'preparation'],
  ])('purpose status %i (%s) is never shown, with why', (id, state) => {
    expect(whiseStatus(id, false)).toEqual({ hidden: `purpose status ${id} (${state}) is not public` });
  });

  it('an id Whise does not document is neither shown nor silently hidden', () => {
    expect(whiseStatus(7, false)).toBeNull();
    expect(whiseStatus(99, false)).toBeNull();
  });
});

describe(isForRentInWhise.name, () => {
  it('follows the purpose (2 is rent) when there is one, else the status', () => {
    expect(isForRentInWhise(2, 1)).toBe(true);
    expect(isForRentInWhise(1, 2)).toBe(false);
    expect(isForRentInWhise(3, 15)).toBe(false);
    expect(isForRentInWhise(null, 4)).toBe(true);
    expect(isForRentInWhise(null, 3)).toBe(false);
  });
});
