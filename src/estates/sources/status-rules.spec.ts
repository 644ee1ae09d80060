import { isAvailableStatus } from '../domain/availability.js';
import { isForRentInSourceA, SOURCE_A_STATUSES } from './source-a/source-a.status.js';
import { isForRentInSourceB, SOURCE_B_STATUSES } from './source-b/source-b.status.js';

const IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** Whether each known status id of a source leaves the listing available. */
function availabilityById(table: Readonly<Record<number, Parameters<typeof isAvailableStatus>[0]>>): Record<number, boolean> {
  return Object.fromEntries(Object.entries(table).map(([id, status]) => [id, isAvailableStatus(status)]));
}

describe('transaction status rules (SPEC §4)', () => {
  it('source A: only 5 (sold), 6 (rented) and 9 (taken over) are no longer available', () => {
    expect(availabilityById(SOURCE_A_STATUSES)).toEqual({ 1: true, 2: true, 3: true, 4: true, 5: false, 6: false, 7: true, 8: true, 9: false });
  });

  it('source B: only 1 (sold), 4 (rented) and 7 (taken over) are no longer available', () => {
    expect(availabilityById(SOURCE_B_STATUSES)).toEqual({
      1: false,
      2: true,
      3: true,
      4: false,
      5: true,
      6: true,
      7: false,
      8: true,
      9: true,
      10: true,
    });
  });

  it('source A: for rent is id 2, 4, 6 or 8', () => {
    expect(IDS.filter(isForRentInSourceA)).toEqual([2, 4, 6, 8]);
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
