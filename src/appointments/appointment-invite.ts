import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** A CRM gives a visit's start only; the invite blocks this long. */
const VISIT_MINUTES = 60;

export interface AppointmentInvite {
  /** Stable per appointment: a calendar updates the same event when it gets a later invite for it. */
  readonly uid: string;
  readonly startsAt: Date;
  readonly summary: string;
  readonly description: string;
  readonly location: string | null;
  readonly url: string | null;
  readonly organizer: { readonly name: string; readonly email: string };
  readonly attendee: { readonly name: string; readonly email: string };
}

/** The visit as an iCalendar invitation (METHOD:REQUEST) the visitor's calendar can add. */
export function appointmentInvite(invite: AppointmentInvite, productName: string): string {
  const calendar = ical({ method: ICalCalendarMethod.REQUEST, prodId: { company: productName, product: 'appointments', language: 'EN' } });
  calendar.createEvent({
    id: invite.uid,
    start: invite.startsAt,
    end: new Date(invite.startsAt.getTime() + VISIT_MINUTES * 60_000),
    summary: invite.summary,
    description: invite.description,
    location: invite.location,
    url: invite.url,
    status: ICalEventStatus.CONFIRMED,
    organizer: invite.organizer,
    attendees: [{ ...invite.attendee, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED }],
  });
  return calendar.toString();
}
