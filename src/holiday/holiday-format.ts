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

/** "5 March 2027". */
export function longDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(TAGS[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(date));
}

/** "March 2027". */
export function monthCaption(month: string, locale: Locale): string {
  const text = new Intl.DateTimeFormat(TAGS[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(`${month}-01`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Monday to Sunday, short and long. */
export function weekdays(locale: Locale): Array<{ short: string; long: string }> {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => {
    const date = utc(`2024-01-0${index + 1}`);
    return {
      short: new Intl.DateTimeFormat(TAGS[locale], { weekday: 'short', timeZone: 'UTC' }).format(date),
      long: new Intl.DateTimeFormat(TAGS[locale], { weekday: 'long', timeZone: 'UTC' }).format(date),
    };
  });
}

/** "1 Jan 2027 – 31 Mar 2027": the last night is the day before the period's end. */
export function period(start: string, endExclusive: string, locale: Locale): string {
  const format = new Intl.DateTimeFormat(TAGS[locale], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(utc(start), new Date(utc(endExclusive).getTime() - 86_400_000));
}
