import type { AvailabilityRange, HolidayUnit, IsoDate } from '../domain/holiday-unit.js';

/** A unit and the booked/blocked ranges its source knows (an iCal feed may add more). */
export interface SourcedHolidayUnit {
  readonly unit: HolidayUnit;
  readonly ranges: readonly AvailabilityRange[];
}

/**
 * Where holiday units come from (a CRM, a channel manager; by default the demo catalogue in fixtures/). Nothing
 * outside sources/ knows a source's raw format. `today` lets a source place relative demo data.
 */
export interface HolidaySource {
  fetchAll(today: IsoDate): Promise<SourcedHolidayUnit[]>;
}

export const HOLIDAY_SOURCE = Symbol('HolidaySource');
