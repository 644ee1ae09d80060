import type { AvailabilityRange, IsoDate, RangeKind } from './holiday-unit.js';
import { addDays } from './stay.js';

export type DayState = 'free' | RangeKind | 'past';

export interface CalendarDay {
  readonly date: IsoDate;
  readonly day: number;
  readonly state: DayState;
}

export interface CalendarMonth {
  /** `YYYY-MM`. */
  readonly month: string;
  /** Weeks from Monday to Sunday; days of other months are null. */
  readonly weeks: ReadonlyArray<ReadonlyArray<CalendarDay | null>>;
}

/** A night's state: booked or blocked when a range holds it (booked wins), past before today, else free. */
export function dayState(ranges: readonly AvailabilityRange[], date: IsoDate, today: IsoDate): DayState {
  if (date < today) return 'past';
  let state: DayState = 'free';
  for (const range of ranges) {
    if (range.start <= date && date < range.end) {
      if (range.kind === 'booked') return 'booked';
      state = 'blocked';
    }
  }
  return state;
}

/** `count` months from today's month, each as weeks of days with their state (the calendar's tables). */
export function availabilityCalendar(ranges: readonly AvailabilityRange[], today: IsoDate, count = 12): CalendarMonth[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const first = new Date(Date.UTC(year, month - 1 + index, 1));
    const key = first.toISOString().slice(0, 7);
    const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    // Monday first, as in Belgium.
    const lead = (first.getUTCDay() + 6) % 7;
    const cells: Array<CalendarDay | null> = Array.from({ length: lead }, () => null);
    for (let day = 1; day <= length; day += 1) {
      const date = addDays(`${key}-01`, day - 1);
      cells.push({ date, day, state: dayState(ranges, date, today) });
    }
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
    return { month: key, weeks };
  });
}
