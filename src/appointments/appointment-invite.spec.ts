import { appointmentInvite } from './appointment-invite.js';

const INVITE = {
  uid: '2b1c7e4a-0000-4000-8000-000000000001@immo.example',
  startsAt: new Date('2027-03-06T09:30:00Z'),
  summary: 'Visit: Villa in Gent',
  description: 'Cancel: https://immo.example/en/cancel-appointment/abc',
  location: null,
  url: 'https://immo.example/en/offer/1001',
  organizer: { name: 'Immo Vastgoed', email: 'info@immo.example' },
  attendee: { name: 'Jan Peeters', email: 'jan@example.be' },
};

describe(appointmentInvite.name, () => {
  it('is a REQUEST for one event with the appointment’s stable UID, its start and an hour’s end', () => {
    const sut = appointmentInvite(INVITE, 'Immo Vastgoed').replace(/\r\n /g, '');
    expect(sut).toContain('METHOD:REQUEST');
    expect(sut.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(sut).toContain(`UID:${INVITE.uid}`);
    expect(sut).toContain('DTSTART:20270306T093000Z');
    expect(sut).toContain('DTEND:20270306T103000Z');
  });

  it('names the agency as organizer and the visitor as attendee', () => {
    const sut = appointmentInvite(INVITE, 'Immo Vastgoed').replace(/\r\n /g, '');
    expect(sut).toContain('ORGANIZER;CN="Immo Vastgoed":mailto:info@immo.example');
    expect(sut).toMatch(/ATTENDEE;[^\r\n]*CN="Jan Peeters"[^\r\n]*:MAILTO:jan@example.be/i);
  });
});
