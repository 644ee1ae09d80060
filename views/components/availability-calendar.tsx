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
  readonly months: readonly CalendarMonthView[];
}

/**
 * Twelve months as tables (a screen reader reads each as a table: caption, weekday headers, a cell per day with
 * its state in words). Booked and blocked days are struck through and hatched, not only coloured. Without
 * JavaScript every month shows; the island lets the arrow keys move from day to day across the months.
 */
export function AvailabilityCalendar({ title, help, weekdays, legend, months }: AvailabilityCalendarProps): ReactElement {
  const firstFocusable = months.flatMap((month) => month.weeks.flat()).find((day) => day && day.state !== 'past')?.date;
  return (
    <section className="availability" aria-labelledby="availability-title">
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
        {months.map((month) => (
          <table key={month.id} className="cal-month" aria-describedby="availability-help">
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
                      <td
                        key={day.date}
                        className={`cal-day cal-day--${day.state}`}
                        data-date={day.date}
                        tabIndex={day.date === firstFocusable ? 0 : -1}
                        aria-label={day.label}
                      >
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
        ))}
      </div>
    </section>
  );
}
