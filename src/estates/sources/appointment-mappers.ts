import { appointmentLocale, boundedText, type SourceAppointment } from './appointment-source.port.js';
import type { SourceAAppointment } from './source-a/source-a.types.js';
import type { SourceBAppointment } from './source-b/source-b.types.js';

function instant(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Source A's appointment, or null when it lacks what a visit needs (ids, a time, the visitor's address). */
export function mapSourceAAppointment(raw: SourceAAppointment): SourceAppointment | null {
  const startsAt = instant(raw.start);
  const email = boundedText(raw.contact?.email, 200);
  if (!Number.isInteger(raw.appointment_id) || !Number.isInteger(raw.property_id) || !startsAt || !email) return null;
  const name = [boundedText(raw.contact?.first_name, 50), boundedText(raw.contact?.last_name, 50)].filter(Boolean).join(' ');
  return {
    sourceId: String(raw.appointment_id),
    listingSourceId: String(raw.property_id),
    startsAt,
    cancelled: raw.status === 'cancelled',
    visitor: { name: name || email, email, phone: boundedText(raw.contact?.phone, 40), locale: appointmentLocale(raw.contact?.language) },
    agent: { name: boundedText(raw.agent?.name, 100) ?? '', email: boundedText(raw.agent?.email, 200) },
  };
}

/** Source B's appointment, or null when it lacks what a visit needs. */
export function mapSourceBAppointment(raw: SourceBAppointment): SourceAppointment | null {
  const startsAt = instant(raw.startsAt);
  const id = boundedText(raw.id, 64);
  const listing = boundedText(raw.listingGuid, 64);
  const email = boundedText(raw.visitor?.email, 200);
  if (!id || !listing || !startsAt || !email) return null;
  return {
    sourceId: id,
    listingSourceId: listing,
    startsAt,
    cancelled: raw.cancelled === true,
    visitor: { name: boundedText(raw.visitor?.name, 100) ?? email, email, phone: boundedText(raw.visitor?.phone, 40), locale: appointmentLocale(raw.visitor?.locale) },
    agent: { name: boundedText(raw.agent?.name, 100) ?? '', email: boundedText(raw.agent?.email, 200) },
  };
}
