import ical from 'ical-generator';
import nodeIcal from 'node-ical';
import type { AvailabilityRange, IsoDate } from '../domain/holiday-unit.js';
import { addDays } from '../domain/stay.js';
import type { FeedRange } from '../persistence/holiday.repository.js';

type DateWithFlag = Date & { dateOnly?: boolean };

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * Days a booking calendar can mean. A feed is written by other software: a date it cannot hold (year 0, 99999999,
 * text node-ical leaves unparsed) is that event's problem, never the feed's.
 */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2199-12-31';

/**
 * An all-day date is the calendar day as written (node-ical makes it local midnight); a date-time is its UTC day.
 * null for anything that is not a plausible calendar day.
 */
function isoDay(date: unknown): IsoDate | null {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return null;
  const day = (date as DateWithFlag).dateOnly
    ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
    : date.toISOString().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= FIRST_DAY && day <= LAST_DAY ? day : null;
}

/**
 * The booked ranges an iCal feed holds (the way booking platforms export a calendar): every event that is not
 * cancelled and not marked free, as [first night, departure day). An event without an end holds one night; an event
 * whose dates are out of range or unreadable is skipped alone (the unit keeps every other booked range).
 */
export function rangesFromIcal(text: string): FeedRange[] {
  const parsed = nodeIcal.sync.parseICS(text);
  const ranges: FeedRange[] = [];
  for (const [key, component] of Object.entries(parsed)) {
    if (!component || component.type !== 'VEVENT') continue;
    if (component.status === 'CANCELLED' || component.transparency === 'TRANSPARENT' || !component.start) continue;
    const start = isoDay(component.start);
    if (!start) continue;
    const endDay = component.end ? isoDay(component.end) : null;
    if (component.end && !endDay) continue;
    const end = endDay && endDay > start ? endDay : addDays(start, 1);
    ranges.push({ uid: component.uid || key, start, end, kind: 'booked' });
  }
  return ranges.sort((a, b) => a.start.localeCompare(b.start));
}

export interface PublishedCalendar {
  readonly name: string;
  readonly unitId: number;
  readonly host: string;
  readonly ranges: readonly AvailabilityRange[];
  readonly summaries: Readonly<Record<AvailabilityRange['kind'], string>>;
}

/** The unit's availability as an iCal feed booking platforms can subscribe to: one all-day event per range. */
export function publishedCalendar(calendar: PublishedCalendar): string {
  const feed = ical({ name: calendar.name, prodId: { company: calendar.host, product: 'holiday-availability', language: 'EN' } });
  for (const range of calendar.ranges) {
    feed.createEvent({
      id: `${calendar.unitId}-${range.start}-${range.end}-${range.kind}@${calendar.host}`,
      start: new Date(`${range.start}T00:00:00Z`),
      end: new Date(`${range.end}T00:00:00Z`),
      allDay: true,
      summary: calendar.summaries[range.kind],
    });
  }
  return feed.toString();
}
