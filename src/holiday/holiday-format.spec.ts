import { LOCALES } from '../routing/locales.js';
import { longDate, monthCaption, period, weekdays } from './holiday-format.js';

describe('holiday-format', () => {
  it('builds a bounded number of date formatters however many days a page formats', () => {
    const constructed = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      const day = (offset: number) => new Date(Date.UTC(2027, 0, 1 + offset)).toISOString().slice(0, 10);
      for (let render = 0; render < 3; render++) {
        for (const locale of LOCALES) {
          weekdays(locale);
          for (let offset = 0; offset < 366; offset++) longDate(day(offset), locale);
          for (let month = 1; month <= 12; month++) monthCaption(`2027-${String(month).padStart(2, '0')}`, locale);
          period('2027-01-01', '2027-04-01', locale);
        }
      }
      // At most one per language and style (five styles), not one per day.
      expect(constructed.mock.calls.length).toBeLessThanOrEqual(LOCALES.length * 5);
    } finally {
      constructed.mockRestore();
    }
  });

  it('formats dates in the visitor language, as before', () => {
    expect(longDate('2027-03-05', 'nl')).toBe('5 maart 2027');
    expect(longDate('2027-03-05', 'en')).toBe('5 March 2027');
    expect(monthCaption('2027-03', 'fr')).toBe('Mars 2027');
    expect(weekdays('de')[0]).toEqual({ short: 'Mo', long: 'Montag' });
    expect(period('2027-01-01', '2027-04-01', 'en').replace(/\s/g, ' ')).toBe('1 Jan – 31 Mar 2027');
  });
});
