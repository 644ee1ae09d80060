import type { AvailabilityRange, DateRange, Fees, HolidayUnit, IsoDate, Season } from './holiday-unit.js';

const DAY_MS = 24 * 3600 * 1000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written `YYYY-MM-DD` (not 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The nights of a stay: every date from arrival up to the day before departure. */
export function nightsOf(stay: DateRange): IsoDate[] {
  const count = daysBetween(stay.start, stay.end);
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(stay.start, index));
}

/** Two [start, end) ranges share a night. Departure on another's arrival day is no overlap. */
export function overlaps(a: DateRange, b: DateRange): boolean {
  return a.start < b.end && b.start < a.end;
}

export function seasonOf(seasons: readonly Season[], night: IsoDate): Season | null {
  return seasons.find((season) => season.start <= night && night < season.end) ?? null;
}

export interface QuoteLine {
  readonly season: Season;
  readonly nights: number;
  /** Full weeks in this season at the weekly price, the other nights at the nightly price. */
  readonly weeks: number;
  readonly amount: number;
}

export interface Quote {
  readonly nights: number;
  readonly lines: readonly QuoteLine[];
  readonly rent: number;
  readonly cleaning: number;
  readonly touristTax: number;
  readonly total: number;
  /** Paid apart and refunded: shown, not in the total. */
  readonly deposit: number;
}

/**
 * The price of a stay: each season's nights (full weeks at its weekly price, the rest at its nightly price),
 * plus the cleaning fee and the tourist tax per guest and night. Null when a night falls outside every season.
 */
export function quoteStay(seasons: readonly Season[], fees: Fees, stay: DateRange, guests: number): Quote | null {
  const nights = nightsOf(stay);
  const bySeason = new Map<Season, number>();
  for (const night of nights) {
    const season = seasonOf(seasons, night);
    if (!season) return null;
    bySeason.set(season, (bySeason.get(season) ?? 0) + 1);
  }
  const lines = [...bySeason].map(([season, count]) => {
    const weeks = Math.floor(count / 7);
    return { season, nights: count, weeks, amount: weeks * season.perWeek + (count - weeks * 7) * season.perNight };
  });
  const rent = lines.reduce((sum, line) => sum + line.amount, 0);
  const touristTax = round(fees.touristTaxPerPersonNight * guests * nights.length);
  return { nights: nights.length, lines, rent, cleaning: fees.cleaning, touristTax, total: round(rent + fees.cleaning + touristTax), deposit: fees.deposit };
}

function round(amount: number): number {
  return Math.round(amount * 100) / 100;
}

export type StayProblem =
  | { readonly field: 'arrival' | 'departure'; readonly code: 'invalidDate' }
  | { readonly field: 'arrival'; readonly code: 'pastDate' }
  | { readonly field: 'departure'; readonly code: 'departureBeforeArrival' }
  | { readonly field: 'departure'; readonly code: 'tooFarAhead' }
  | { readonly field: 'arrival'; readonly code: 'unavailable'; readonly from: IsoDate; readonly to: IsoDate }
  | { readonly field: 'departure'; readonly code: 'minimumStay'; readonly nights: number }
  | { readonly field: 'arrival'; readonly code: 'noPrice' }
  | { readonly field: 'guests'; readonly code: 'tooManyGuests'; readonly max: number }
  | { readonly field: 'guests'; readonly code: 'noGuests' };

/** How far ahead a stay may be requested: the calendar shows twelve months. */
export const BOOKING_HORIZON_DAYS = 366;

export interface StayRequest {
  readonly arrival: string;
  readonly departure: string;
  readonly guests: number;
}

/**
 * Every reason a requested stay cannot be asked for: dates that are not dates, in the past or reversed, beyond
 * the calendar, overlapping a booked or blocked range, shorter than the arrival season's minimum stay, without a
 * price, or more guests than the unit sleeps. Empty when the request may be sent.
 */
export function stayProblems(
  unit: Pick<HolidayUnit, 'guests' | 'seasons'>,
  ranges: readonly AvailabilityRange[],
  request: StayRequest,
  today: IsoDate,
): StayProblem[] {
  const problems: StayProblem[] = [];
  if (!Number.isInteger(request.guests) || request.guests < 1) problems.push({ field: 'guests', code: 'noGuests' });
  else if (request.guests > unit.guests) problems.push({ field: 'guests', code: 'tooManyGuests', max: unit.guests });
  const arrivalOk = isIsoDate(request.arrival);
  const departureOk = isIsoDate(request.departure);
  if (!arrivalOk) problems.push({ field: 'arrival', code: 'invalidDate' });
  if (!departureOk) problems.push({ field: 'departure', code: 'invalidDate' });
  if (!arrivalOk || !departureOk) return problems;
  if (request.arrival < today) {
    problems.push({ field: 'arrival', code: 'pastDate' });
    return problems;
  }
  if (request.departure <= request.arrival) {
    problems.push({ field: 'departure', code: 'departureBeforeArrival' });
    return problems;
  }
  if (request.departure > addDays(today, BOOKING_HORIZON_DAYS)) {
    problems.push({ field: 'departure', code: 'tooFarAhead' });
    return problems;
  }
  const stay = { start: request.arrival, end: request.departure };
  const taken = ranges.filter((range) => overlaps(range, stay)).sort((a, b) => a.start.localeCompare(b.start));
  if (taken.length > 0) {
    problems.push({ field: 'arrival', code: 'unavailable', from: taken[0].start, to: taken[taken.length - 1].end });
  }
  const season = seasonOf(unit.seasons, request.arrival);
  if (!season || nightsOf(stay).some((night) => !seasonOf(unit.seasons, night))) {
    problems.push({ field: 'arrival', code: 'noPrice' });
  } else if (daysBetween(request.arrival, request.departure) < season.minimumNights) {
    problems.push({ field: 'departure', code: 'minimumStay', nights: season.minimumNights });
  }
  return problems;
}

/**
 * The one price of a requested stay: what the booking form's quote shows while the visitor types, and what the
 * request stores and its mails say. Null with the problems when the stay cannot be asked for.
 */
export function priceRequestedStay(
  unit: Pick<HolidayUnit, 'guests' | 'seasons' | 'fees'>,
  ranges: readonly AvailabilityRange[],
  request: StayRequest,
  today: IsoDate,
): { readonly quote: Quote | null; readonly problems: readonly StayProblem[] } {
  const problems = stayProblems(unit, ranges, request, today);
  if (problems.length > 0) return { quote: null, problems };
  return { quote: quoteStay(unit.seasons, unit.fees, { start: request.arrival, end: request.departure }, request.guests), problems };
}

/** yyyy-mm-dd in Brussels; built once, as ICU formatters are heavy (see holiday-format.ts). */
const BELGIAN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in Belgium, where every unit is: a stay's "past" follows the agency's calendar, not the server's. */
export function todayInBelgium(now: Date = new Date()): IsoDate {
  return BELGIAN_DAY.format(now);
}
