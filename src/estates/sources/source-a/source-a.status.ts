import type { Status } from '../../domain/estate.js';

/**
 * Source A's transaction status ids. SPEC §4: sold is id 5 or 6; for rent is id 2, 4, 6 or 8.
 * The names of the other ids follow the CRM's list (options count as still available).
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

export const SOURCE_A_SOLD_IDS: readonly number[] = [5, 6];
export const SOURCE_A_FOR_RENT_IDS: readonly number[] = [2, 4, 6, 8];

export function isSoldInSourceA(statusId: number): boolean {
  return SOURCE_A_SOLD_IDS.includes(statusId);
}

export function isForRentInSourceA(statusId: number): boolean {
  return SOURCE_A_FOR_RENT_IDS.includes(statusId);
}
