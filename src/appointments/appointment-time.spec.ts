import { appointmentState, appointmentTime } from './appointment-time.js';

describe('appointmentTime', () => {
  it('shows Brussels wall-clock time in winter and summer, whatever the server zone', () => {
    expect(appointmentTime(new Date('2027-03-06T09:30:00Z'), 'nl')).toEqual({ date: 'zaterdag 6 maart 2027', time: '10:30' });
    expect(appointmentTime(new Date('2027-07-06T09:30:00Z'), 'fr')).toEqual({ date: 'mardi 6 juillet 2027', time: '11:30' });
  });

  it('writes the date in the page’s language', () => {
    expect(appointmentTime(new Date('2027-03-06T09:30:00Z'), 'en').date).toBe('Saturday, 6 March 2027');
    expect(appointmentTime(new Date('2027-03-06T09:30:00Z'), 'de').date).toBe('Samstag, 6. März 2027');
  });
});

describe('appointmentState', () => {
  const now = new Date('2027-01-01T12:00:00Z');
  it.each([
    ['a planned visit ahead', 'PLANNED', '2027-01-02T12:00:00Z', 'planned'],
    ['a planned visit that has begun', 'PLANNED', '2027-01-01T12:00:00Z', 'past'],
    ['a cancelled visit ahead', 'CANCELLED', '2027-01-02T12:00:00Z', 'cancelled'],
    ['a cancelled visit in the past', 'CANCELLED', '2026-12-01T12:00:00Z', 'cancelled'],
  ])('%s is %s', (_label, status, startsAt, expected) => {
    expect(appointmentState({ status, startsAt: new Date(startsAt) }, now)).toBe(expected);
  });
});
