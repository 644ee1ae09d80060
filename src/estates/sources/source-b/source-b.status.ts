import type { Status } from '../../domain/estate.js';

/**
 * Source B's transaction status ids (the listing carries a guid) and the status each one means;
 * whether a listing is still available follows from the status (domain/availability.ts). SPEC §4
 * calls ids 1 and 7 "sold" (sold, taken over); id 4 (rented) is off the market too. For rent is id
 * 2, 4, 6, 8 or 10.
 */
export const SOURCE_B_STATUSES: Readonly<Record<number, Status>> = {
  1: 'SOLD',
  2: 'TO_RENT',
  3: 'FOR_SALE',
  4: 'RENTED',
  5: 'TAKE_OVER',
  6: 'TO_RENT', // under option
  7: 'TAKEN_OVER',
  8: 'TO_RENT', // furnished rental
  9: 'FOR_SALE', // under option
  10: 'TO_RENT', // student housing
};

export const SOURCE_B_FOR_RENT_IDS: readonly number[] = [2, 4, 6, 8, 10];

export function isForRentInSourceB(statusId: number): boolean {
  return SOURCE_B_FOR_RENT_IDS.includes(statusId);
}
