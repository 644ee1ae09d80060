import { isForRentInSourceA, isSoldInSourceA, SOURCE_A_STATUSES } from './source-a/source-a.status.js';
import { isForRentInSourceB, isSoldInSourceB, SOURCE_B_STATUSES } from './source-b/source-b.status.js';

const IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe('transaction status rules (SPEC §4)', () => {
  it('source A: sold is id 5 or 6', () => {
    expect(IDS.filter(isSoldInSourceA)).toEqual([5, 6]);
  });

  it('source A: for rent is id 2, 4, 6 or 8', () => {
    expect(IDS.filter(isForRentInSourceA)).toEqual([2, 4, 6, 8]);
  });

  it('source B: sold is id 1 or 7', () => {
    expect(IDS.filter(isSoldInSourceB)).toEqual([1, 7]);
  });

  it('source B: for rent is id 2, 4, 6, 8 or 10', () => {
    expect(IDS.filter(isForRentInSourceB)).toEqual([2, 4, 6, 8, 10]);
  });

  it('every status id names one of the six statuses, and each status is reachable', () => {
    for (const table of [SOURCE_A_STATUSES, SOURCE_B_STATUSES]) {
      expect(new Set(Object.values(table))).toEqual(new Set(['FOR_SALE', 'TO_RENT', 'TAKE_OVER', 'SOLD', 'RENTED', 'TAKEN_OVER']));
    }
  });
});
