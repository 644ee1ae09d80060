import type { Locale } from '../routing/locales.js';

/** Appointments are booked in Belgian wall-clock time, whatever the server's zone. */
const TIME_ZONE = 'Europe/Brussels';
const LANGUAGE_TAGS: Record<Locale, string> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-GB', de: 'de-BE' };

/** "zaterdag 6 maart 2027" and "10:30": the visit's date and time in Brussels, in the reader's language. */
export function appointmentTime(date: Date, locale: Locale): { readonly date: string; readonly time: string } {
  const tag = LANGUAGE_TAGS[locale];
  return {
    date: new Intl.DateTimeFormat(tag, { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date),
    time: new Intl.DateTimeFormat(tag, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date),
  };
}

export type AppointmentState = 'planned' | 'cancelled' | 'past';

/** What the visitor may still do: a cancelled visit stays cancelled; one that has begun can no longer be cancelled. */
export function appointmentState(appointment: { readonly status: string; readonly startsAt: Date }, now: Date): AppointmentState {
  if (appointment.status === 'CANCELLED') return 'cancelled';
  return appointment.startsAt.getTime() <= now.getTime() ? 'past' : 'planned';
}
