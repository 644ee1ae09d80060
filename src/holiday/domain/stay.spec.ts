import type { Season } from './holiday-unit.js';
import { availabilityCalendar, dayState } from './availability-calendar.js';
import { filterProblem, isFreeFor } from './overview-filter.js';
import { isIsoDate, nightsOf, overlaps, quoteStay, stayProblems } from './stay.js';

const LOW: Season = { start: '2027-01-01', end: '2027-07-01', name: { en: 'Low' }, perNight: 100, perWeek: 600, minimumNights: 2 };
const HIGH: Season = { start: '2027-07-01', end: '2027-09-01', name: { en: 'High' }, perNight: 200, perWeek: 1200, minimumNights: 7 };
const FEES = { cleaning: 80, deposit: 500, touristTaxPerPersonNight: 2.5 };
const UNIT = { guests: 4, seasons: [LOW, HIGH] };
const TODAY = '2027-03-01';

describe(quoteStay.name, () => {
  it('prices each season’s nights at that season’s rate, plus cleaning and tourist tax; the deposit stays apart', () => {
    const sut = quoteStay([LOW, HIGH], FEES, { start: '2027-06-29', end: '2027-07-03' }, 2);
    expect(sut?.lines.map((line) => [line.season.name.en, line.nights, line.amount])).toEqual([
      ['Low', 2, 200],
      ['High', 2, 400],
    ]);
    expect(sut).toMatchObject({ nights: 4, rent: 600, cleaning: 80, touristTax: 20, total: 700, deposit: 500 });
  });

  it('charges a full week in one season at the weekly price', () => {
    expect(quoteStay([LOW, HIGH], FEES, { start: '2027-03-01', end: '2027-03-09' }, 1)?.rent).toBe(700);
  });

  it('has no price when a night falls outside every season', () => {
    expect(quoteStay([LOW], FEES, { start: '2027-06-30', end: '2027-07-02' }, 1)).toBeNull();
  });
});

describe(stayProblems.name, () => {
  const ok = { arrival: '2027-03-10', departure: '2027-03-13', guests: 2 };

  it('accepts a free stay within capacity and minimum stay', () => {
    expect(stayProblems(UNIT, [], ok, TODAY)).toEqual([]);
  });

  it('refuses a stay overlapping a booked or blocked range, but not one departing on its arrival day', () => {
    expect(stayProblems(UNIT, [{ start: '2027-03-12', end: '2027-03-15', kind: 'booked' }], ok, TODAY)).toEqual([
      { field: 'arrival', code: 'unavailable', from: '2027-03-12', to: '2027-03-15' },
    ]);
    expect(stayProblems(UNIT, [{ start: '2027-03-13', end: '2027-03-15', kind: 'blocked' }], ok, TODAY)).toEqual([]);
  });

  it('refuses a stay shorter than the arrival season’s minimum', () => {
    expect(stayProblems(UNIT, [], { arrival: '2027-07-10', departure: '2027-07-14', guests: 2 }, TODAY)).toEqual([
      { field: 'departure', code: 'minimumStay', nights: 7 },
    ]);
  });

  it('refuses more guests than the unit sleeps, and no guests', () => {
    expect(stayProblems(UNIT, [], { ...ok, guests: 5 }, TODAY)).toEqual([{ field: 'guests', code: 'tooManyGuests', max: 4 }]);
    expect(stayProblems(UNIT, [], { ...ok, guests: 0 }, TODAY)).toEqual([{ field: 'guests', code: 'noGuests' }]);
  });

  it('refuses past arrival, departure not after arrival, dates that do not exist and dates beyond the calendar', () => {
    expect(stayProblems(UNIT, [], { ...ok, arrival: '2027-02-27' }, TODAY)).toEqual([{ field: 'arrival', code: 'pastDate' }]);
    expect(stayProblems(UNIT, [], { ...ok, departure: '2027-03-10' }, TODAY)).toEqual([{ field: 'departure', code: 'departureBeforeArrival' }]);
    expect(stayProblems(UNIT, [], { ...ok, arrival: '2027-02-30' }, TODAY)).toEqual([{ field: 'arrival', code: 'invalidDate' }]);
    expect(stayProblems(UNIT, [], { ...ok, arrival: '2028-03-05', departure: '2028-03-08' }, TODAY)).toEqual([{ field: 'departure', code: 'tooFarAhead' }]);
  });
});

describe('dates', () => {
  it('knows real dates, nights of a stay and half-open overlaps', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(nightsOf({ start: '2027-12-30', end: '2028-01-02' })).toEqual(['2027-12-30', '2027-12-31', '2028-01-01']);
    expect(overlaps({ start: '2027-01-01', end: '2027-01-03' }, { start: '2027-01-03', end: '2027-01-05' })).toBe(false);
  });
});

describe(availabilityCalendar.name, () => {
  it('gives twelve months of Monday-first weeks with each day’s state', () => {
    const sut = availabilityCalendar([{ start: '2027-03-05', end: '2027-03-07', kind: 'booked' }], TODAY);
    expect(sut).toHaveLength(12);
    expect(sut[0].month).toBe('2027-03');
    expect(sut[0].weeks[0].map((day) => day?.day ?? null)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sut[11].month).toBe('2028-02');
    expect(dayState([{ start: '2027-03-05', end: '2027-03-07', kind: 'booked' }], '2027-03-07', TODAY)).toBe('free');
    expect(dayState([], '2027-02-28', TODAY)).toBe('past');
  });
});

describe(isFreeFor.name, () => {
  const ranges = [{ start: '2027-03-10', end: '2027-03-12', kind: 'booked' as const }];

  it('keeps a unit free for the stay and large enough for the guests', () => {
    expect(isFreeFor({ guests: 4 }, ranges, { arrival: '2027-03-12', departure: '2027-03-14', guests: 4 })).toBe(true);
  });

  it('leaves out a unit booked during the stay or too small', () => {
    expect(isFreeFor({ guests: 4 }, ranges, { arrival: '2027-03-11', departure: '2027-03-14' })).toBe(false);
    expect(isFreeFor({ guests: 4 }, ranges, { guests: 5 })).toBe(false);
  });

  it('refuses dates in the past or reversed, and accepts guests alone', () => {
    expect(filterProblem({ arrival: '2027-02-01', departure: '2027-02-03' }, TODAY)).toBe('invalidDates');
    expect(filterProblem({ arrival: '2027-03-05', departure: '2027-03-04' }, TODAY)).toBe('invalidDates');
    expect(filterProblem({ guests: 2 }, TODAY)).toBeNull();
  });
});
