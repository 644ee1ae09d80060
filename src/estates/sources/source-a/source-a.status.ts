import type { Status } from '../../domain/estate.js';

/**
 * Source A's transaction status ids and the status each one means; whether a listing is still
 * available follows from the status (domain/availability.ts). SPEC §4 calls ids 5 and 6 "sold" (sold,
 * rented); id 9 (taken over) is off the market too. For rent is id 2, 4, 6 or 8. Options count as
 * still available.
 */
export const SOURCE_A_STATUSES: Readonly<Record<number, Status>> = {
  1: 'FOR_SALE',
  2: 'TO_RENT',
  3: 'FOR_SALE', // under option
  4: 'TO_RENT', // under option
  5: 'SOLD',
  6: 'RENTED',
  7: 'TAKE_OVER',
  8: 'TO_RENT', // furnished rental
  9: 'TAKEN_OVER',
};

export const SOURCE_A_FOR_RENT_IDS: readonly number[] = [2, 4, 6, 8];

export function isForRentInSourceA(statusId: number): boolean {
  return SOURCE_A_FOR_RENT_IDS.includes(statusId);
}
