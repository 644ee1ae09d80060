import type { AvailabilityRange, IsoDate } from './holiday-unit.js';
import { isIsoDate, overlaps } from './stay.js';

export interface OverviewFilter {
  readonly arrival?: string;
  readonly departure?: string;
  readonly guests?: number;
}

/** Dates the overview can filter on: both real, arrival not past, departure after it. Guests alone need no dates. */
export function filterProblem(filter: OverviewFilter, today: IsoDate): 'invalidDates' | null {
  if (!filter.arrival && !filter.departure) return null;
  const { arrival = '', departure = '' } = filter;
  if (!isIsoDate(arrival) || !isIsoDate(departure) || arrival < today || departure <= arrival) return 'invalidDates';
  return null;
}

/** A unit shows in a filtered overview when it sleeps the guests and no booked or blocked range touches the stay. */
export function isFreeFor(unit: { readonly guests: number }, ranges: readonly AvailabilityRange[], filter: OverviewFilter): boolean {
  if (filter.guests !== undefined && filter.guests > unit.guests) return false;
  if (filter.arrival && filter.departure) {
    const stay = { start: filter.arrival, end: filter.departure };
    if (ranges.some((range) => overlaps(range, stay))) return false;
  }
  return true;
}
