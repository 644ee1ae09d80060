import { formatCurrency } from '../estates/domain/format.js';
import type { Locale } from '../routing/locales.js';

/** Belgian conventions per language (English as in Britain). */
const TAGS: Readonly<Record<Locale, string>> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-GB', de: 'de-BE' };

/** Holiday prices read like every other price on the site (SPEC §9): € 1.234,00 in every language. */
export function money(amount: number): string {
  return formatCurrency(amount);
}

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

type DateStyle = 'longDate' | 'monthCaption' | 'weekdayShort' | 'weekdayLong' | 'period';

const STYLES: Readonly<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  longDate: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  monthCaption: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  weekdayShort: { weekday: 'short', timeZone: 'UTC' },
  weekdayLong: { weekday: 'long', timeZone: 'UTC' },
  period: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
};

/**
 * One formatter per language and style for the process: a unit page formats a date for every day of twelve
 * months, and an ICU formatter is heavy (its memory lives outside V8's heap, so a new one per day piled up
 * faster than the collector noticed: megabytes per render).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, style: DateStyle): Intl.DateTimeFormat {
  const key = `${locale} ${style}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(TAGS[locale], STYLES[style]);
    formatters.set(key, format);
  }
  return format;
}

/** "5 March 2027". */
export function longDate(date: string, locale: Locale): string {
  return formatter(locale, 'longDate').format(utc(date));
}

/** "March 2027". */
export function monthCaption(month: string, locale: Locale): string {
  const text = formatter(locale, 'monthCaption').format(utc(`${month}-01`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Monday to Sunday, short and long. */
export function weekdays(locale: Locale): Array<{ short: string; long: string }> {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => {
    const date = utc(`2024-01-0${index + 1}`);
    return { short: formatter(locale, 'weekdayShort').format(date), long: formatter(locale, 'weekdayLong').format(date) };
  });
}

/** "1 Jan 2027 – 31 Mar 2027": the last night is the day before the period's end. */
export function period(start: string, endExclusive: string, locale: Locale): string {
  return formatter(locale, 'period').formatRange(utc(start), new Date(utc(endExclusive).getTime() - 86_400_000));
}
