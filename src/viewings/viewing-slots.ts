/**
 * The half-day slots a visitor may propose for a viewing, as pure rules on an injected clock. Times are Belgian
 * wall-clock times (Europe/Brussels) whatever the server's zone.
 *
 * - The window is today and the 13 days after it (14 calendar days), on the agency's opening days only.
 * - A half-day is offered until it ends: this morning until noon, this afternoon until 18:00. The agency confirms
 *   the appointment by phone or mail, so a morning still open at 11:00 is a fair wish, one past noon is not.
 * - A slot is `YYYY-MM-DD-am` or `YYYY-MM-DD-pm`: the value of its checkbox and what is stored.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type HalfDay = 'am' | 'pm';

/** How many days the visitor can choose from, today included. */
export const VIEWING_WINDOW_DAYS = 14;
/** At most this many preferences per request. */
export const MAX_VIEWING_SLOTS = 3;

/** The half-days' hours (Belgian time): when the agency's agents show listings. */
export const HALF_DAY_HOURS: Readonly<Record<HalfDay, { readonly start: number; readonly end: number }>> = {
  am: { start: 9, end: 12 },
  pm: { start: 14, end: 18 },
};

const TIME_ZONE = 'Europe/Brussels';
const SLOT_ID = /^(\d{4}-\d{2}-\d{2})-(am|pm)$/;

export interface ViewingSlot {
  /** `2026-12-01-am` */
  readonly id: string;
  /** `2026-12-01` (Belgian calendar date) */
  readonly date: string;
  readonly halfDay: HalfDay;
  readonly weekday: Weekday;
}

/** The offered slots of one day, morning first. */
export interface ViewingDay {
  readonly date: string;
  readonly weekday: Weekday;
  readonly slots: readonly ViewingSlot[];
}

let wallClock: Intl.DateTimeFormat | undefined;

/** The Belgian date and minutes past midnight of an instant. */
export function brusselsWallClock(now: Date): { readonly date: string; readonly minutes: number } {
  wallClock ??= new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = Object.fromEntries(wallClock.formatToParts(now).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The calendar date `days` after `date` (pure date arithmetic, no time zone involved). */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): Weekday {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 is Sunday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

function slot(date: string, halfDay: HalfDay): ViewingSlot {
  return { id: `${date}-${halfDay}`, date, halfDay, weekday: weekdayOf(date) };
}

/** The days the visitor can choose from at `now`, each with its still-open half-days; closed days are left out. */
export function offeredDays(now: Date, openingDays: readonly Weekday[]): ViewingDay[] {
  const { date: today, minutes } = brusselsWallClock(now);
  const open = new Set(openingDays);
  const days: ViewingDay[] = [];
  for (let offset = 0; offset < VIEWING_WINDOW_DAYS; offset++) {
    const date = addDays(today, offset);
    const weekday = weekdayOf(date);
    if (!open.has(weekday)) continue;
    const halves = (['am', 'pm'] as const).filter((half) => offset > 0 || minutes < HALF_DAY_HOURS[half].end * 60);
    if (halves.length > 0) days.push({ date, weekday, slots: halves.map((half) => slot(date, half)) });
  }
  return days;
}

export function offeredSlots(now: Date, openingDays: readonly Weekday[]): ViewingSlot[] {
  return offeredDays(now, openingDays).flatMap((day) => day.slots);
}

/**
 * What the offered slots depend on, as a short key: the first slot still open and the last one of the window.
 * With the opening days fixed by the configuration, the list is every opening half-day between the two, so a page
 * that puts the key in its cache version changes whenever its list would: at noon, at 18:00 and at midnight
 * (a slot closes), and when a new opening day enters the window's far end (a form rendered on Saturday evening
 * would otherwise miss the Saturday two weeks on until Monday noon).
 */
export function offeredSlotsKey(now: Date, openingDays: readonly Weekday[]): string {
  const slots = offeredSlots(now, openingDays);
  return slots.length ? `${slots[0]!.id}..${slots[slots.length - 1]!.id}` : 'none';
}

/** The slot a posted value names, or null when it is no slot at all. */
export function parseSlot(id: string): ViewingSlot | null {
  const match = SLOT_ID.exec(id);
  if (!match) return null;
  const date = match[1]!;
  // 2026-02-31 is no date: it must survive a round trip.
  if (addDays(date, 0) !== date) return null;
  return slot(date, match[2] as HalfDay);
}

/** Why the posted slots cannot be accepted (an i18n key of the viewings namespace), or null. */
export type SlotProblem = 'viewings.errors.slotsRequired' | 'viewings.errors.slotsTooMany' | 'viewings.errors.slotUnavailable';

/**
 * Checks the posted slots against those offered at `now`: at least one, at most MAX_VIEWING_SLOTS, each one offered
 * (not past, not on a closed day, not beyond the window, not malformed). Repeats count once. The accepted slots come
 * back in calendar order.
 */
export function checkSlots(
  posted: readonly string[],
  now: Date,
  openingDays: readonly Weekday[],
): { readonly slots: readonly ViewingSlot[]; readonly problem: null } | { readonly slots: readonly []; readonly problem: SlotProblem } {
  const unique = [...new Set(posted.map((value) => value.trim()).filter(Boolean))];
  if (unique.length === 0) return { slots: [], problem: 'viewings.errors.slotsRequired' };
  if (unique.length > MAX_VIEWING_SLOTS) return { slots: [], problem: 'viewings.errors.slotsTooMany' };
  const offered = new Map(offeredSlots(now, openingDays).map((item) => [item.id, item]));
  const chosen = unique.map((id) => offered.get(id));
  if (chosen.some((item) => item === undefined)) return { slots: [], problem: 'viewings.errors.slotUnavailable' };
  return { slots: (chosen as ViewingSlot[]).sort((a, b) => a.id.localeCompare(b.id)), problem: null };
}

/** The UTC offset of Brussels at a wall-clock time, as `+01:00` or `+02:00`. */
function brusselsOffset(date: string, hour: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // The instant that would be this wall-clock time in UTC, read back in Brussels, gives the offset.
  const guess = new Date(Date.UTC(year, month - 1, day, hour));
  const { minutes, date: seen } = brusselsWallClock(guess);
  const shift = (seen === date ? minutes : minutes + 24 * 60) - hour * 60;
  const sign = shift >= 0 ? '+' : '-';
  const abs = Math.abs(shift);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The slot's start and end as ISO 8601 local times with Brussels' offset (`2026-12-01T09:00:00+01:00`). */
export function slotTimes(item: Pick<ViewingSlot, 'date' | 'halfDay'>): { readonly start: string; readonly end: string } {
  const { start, end } = HALF_DAY_HOURS[item.halfDay];
  const at = (hour: number) => `${item.date}T${String(hour).padStart(2, '0')}:00:00${brusselsOffset(item.date, hour)}`;
  return { start: at(start), end: at(end) };
}

/** A slot in words: "dinsdag 1 december 2026, voormiddag (9–12 u)" with the half-day's words from the caller. */
export function slotInWords(item: Pick<ViewingSlot, 'date' | 'halfDay'>, locale: string, halfDayWords: Readonly<Record<HalfDay, string>>): string {
  const [year, month, day] = item.date.split('-').map(Number) as [number, number, number];
  const date = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : `${locale}-BE`, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day, 12)),
  );
  return `${date}, ${halfDayWords[item.halfDay]}`;
}
