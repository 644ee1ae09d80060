import type { Status } from '../../domain/estate.js';

/**
 * Whise's purpose statuses (the public client's PurposeStatus enum) as the site shows them. Decisions:
 * - options (5/6, and 12/13 "option by owner") stay available, as SPEC does for source A's options;
 * - 14 sold under condition, 21 reserved and 22 compromise are deals made: shown as SOLD (RENTED for a rental),
 *   no longer offered;
 * - life annuity for sale (15) and under option (16) are offered as FOR_SALE; 17 is the sold life annuity: SOLD;
 * - cancelled (8/9), suspended (10/11), prospection (19/23), preparation (20/27/28) and estimate (24–26) states are
 *   the agency's own work and never shown.
 */
type WhiseStatus = { readonly status: Status } | { readonly hidden: string };

const SHOWN: Readonly<Record<number, Status | 'SOLD_OR_RENTED'>> = {
  1: 'FOR_SALE',
  2: 'TO_RENT',
  3: 'SOLD',
  4: 'RENTED',
  5: 'FOR_SALE',
  6: 'TO_RENT',
  12: 'FOR_SALE',
  13: 'TO_RENT',
  14: 'SOLD',
  15: 'FOR_SALE',
  16: 'FOR_SALE',
  17: 'SOLD',
  21: 'SOLD_OR_RENTED',
  22: 'SOLD_OR_RENTED',
};

const NOT_PUBLIC: Readonly<Record<number, string>> = {
  8: 'cancelled',
  9: 'cancelled',
  10: 'suspended',
  11: 'suspended',
  19: 'prospection',
  20: 'preparation',
  23: 'prospection',
  24: 'estimate',
  25: 'estimate',
  26: 'estimate',
  27: 'preparation',
  28: 'preparation',
};

/** The rent side of Whise's statuses, for an estate that carries no purpose. */
const RENT_STATUSES: ReadonlySet<number> = new Set([2, 4, 6, 9, 11, 13, 23, 25, 27]);

/** Whise's purpose 2 is rent (1 sale, 3 life annuity); without a purpose, the status tells. */
export function isForRentInWhise(purposeId: number | null, purposeStatusId: number): boolean {
  return purposeId !== null ? purposeId === 2 : RENT_STATUSES.has(purposeStatusId);
}

/** The status shown for a purpose status, or why the estate is hidden; null for an id Whise does not document. */
export function whiseStatus(purposeStatusId: number, forRent: boolean): WhiseStatus | null {
  const shown = SHOWN[purposeStatusId];
  if (shown === 'SOLD_OR_RENTED') return { status: forRent ? 'RENTED' : 'SOLD' };
  if (shown) return { status: shown };
  const state = NOT_PUBLIC[purposeStatusId];
  return state ? { hidden: `purpose status ${purposeStatusId} (${state}) is not public` } : null;
}
