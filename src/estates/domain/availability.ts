import type { Estate, Status } from './estate.js';

/**
 * "Not available" is one rule: a sold, rented or taken-over listing is no longer offered, whatever
 * CRM it came from (each source maps its status ids onto these statuses, see sources/*.status.ts).
 * Similar estates, the display model, JSON-LD availability and searches all ask this.
 */
export const UNAVAILABLE_STATUSES: readonly Status[] = ['SOLD', 'RENTED', 'TAKEN_OVER'];

export function isAvailableStatus(status: Status): boolean {
  return !UNAVAILABLE_STATUSES.includes(status);
}

export function isAvailable(estate: Estate): boolean {
  return isAvailableStatus(estate.transaction.status);
}
