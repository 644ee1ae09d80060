import type { ReactElement } from 'react';
import type { DayState } from '../../src/holiday/domain/availability-calendar.js';

export interface CalendarDayView {
  readonly date: string;
  readonly day: number;
  readonly state: DayState;
  /** The whole date in words with its state, for screen readers ("5 March 2027, booked"). */
  readonly label: string;
}

export interface CalendarMonthView {
  readonly id: string;
  /** "March 2027". */
  readonly caption: string;
  readonly weeks: ReadonlyArray<ReadonlyArray<CalendarDayView | null>>;
}

export interface AvailabilityCalendarProps {
  readonly title: string;
  /** How to use the calendar with the keyboard. */
  readonly help: string;
  readonly weekdays: ReadonlyArray<{ readonly short: string; readonly long: string }>;
  readonly legend: Readonly<Record<DayState, string>>;
  /** Every month from today's: the first `firstMonths` always show, a phone shows the rest on request. */
  readonly months: readonly CalendarMonthView[];
  readonly firstMonths: number;
  /** The link that shows the rest on a phone ("Show the next 9 months"). */
  readonly more: string;
}

/** The anchor of the months a phone shows on request: following the link (`:target`) shows them, with or without JavaScript. */
const LATER_MONTHS_ID = 'availability-later';

function MonthTable({ month, weekdays, firstFocusable }: { month: CalendarMonthView; weekdays: AvailabilityCalendarProps['weekdays']; firstFocusable?: string }): ReactElement {
  return (
    <table className="cal-month" aria-describedby="availability-help">
      <caption>{month.caption}</caption>
      <thead>
        <tr>
          {weekdays.map((weekday) => (
            <th key={weekday.long} scope="col">
              <abbr title={weekday.long}>{weekday.short}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {month.weeks.map((week, index) => (
          <tr key={index}>
            {week.map((day, column) =>
              day ? (
                <td key={day.date} className={`cal-day cal-day--${day.state}`} data-date={day.date} tabIndex={day.date === firstFocusable ? 0 : -1} aria-label={day.label}>
                  <span aria-hidden="true">{day.day}</span>
                </td>
              ) : (
                <td key={`empty-${column}`} className="cal-day cal-day--empty" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Twelve months as tables (a screen reader reads each as a table: caption, weekday headers, a cell per day with
 * its state in words). Booked and blocked days are struck through and hatched, not only coloured. Wider screens
 * show every month; a phone shows the first few and a link to the rest (holiday.css: the rest shows as the
 * link's target, so it works without JavaScript). The island lets the arrow keys move from day to day across
 * the months.
 */
export function AvailabilityCalendar({ title, help, weekdays, legend, months, firstMonths, more }: AvailabilityCalendarProps): ReactElement {
  const firstFocusable = months.flatMap((month) => month.weeks.flat()).find((day) => day && day.state !== 'past')?.date;
  const later = months.slice(firstMonths);
  return (
    <section className="availability" id="availability" aria-labelledby="availability-title">
      <h2 id="availability-title">{title}</h2>
      <p className="availability__help" id="availability-help">
        {help}
      </p>
      <ul className="availability__legend">
        {(['free', 'booked', 'blocked'] as const).map((state) => (
          <li key={state}>
            <span className={`cal-swatch cal-day--${state}`} aria-hidden="true" />
            {legend[state]}
          </li>
        ))}
      </ul>
      <div className="availability__months" data-island="calendar">
        {months.slice(0, firstMonths).map((month) => (
          <MonthTable key={month.id} month={month} weekdays={weekdays} firstFocusable={firstFocusable} />
        ))}
        {later.length > 0 && (
          <>
            <div className="availability__later" id={LATER_MONTHS_ID} tabIndex={-1}>
              {later.map((month) => (
                <MonthTable key={month.id} month={month} weekdays={weekdays} firstFocusable={firstFocusable} />
              ))}
            </div>
            <p className="availability__more">
              <a href={`#${LATER_MONTHS_ID}`}>{more}</a>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
