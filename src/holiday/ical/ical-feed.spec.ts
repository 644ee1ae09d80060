import nodeIcal from 'node-ical';
import { publishedCalendar, rangesFromIcal } from './ical-feed.js';

const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Platform//EN',
  'BEGIN:VEVENT',
  'UID:a@platform',
  'DTSTAMP:20260101T000000Z',
  'DTSTART;VALUE=DATE:20270305',
  'DTEND;VALUE=DATE:20270308',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:b@platform',
  'DTSTAMP:20260101T000000Z',
  'DTSTART;VALUE=DATE:20270310',
  'DTEND;VALUE=DATE:20270312',
  'STATUS:CANCELLED',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:c@platform',
  'DTSTAMP:20260101T000000Z',
  'DTSTART;VALUE=DATE:20270401',
  'TRANSP:TRANSPARENT',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:d@platform',
  'DTSTAMP:20260101T000000Z',
  'DTSTART;VALUE=DATE:20270501',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe(rangesFromIcal.name, () => {
  it('reads booked stays as [arrival, departure), skipping cancelled and free events; an event without an end is one night', () => {
    expect(rangesFromIcal(FEED)).toEqual([
      { uid: 'a@platform', start: '2027-03-05', end: '2027-03-08', kind: 'booked' },
      { uid: 'd@platform', start: '2027-05-01', end: '2027-05-02', kind: 'booked' },
    ]);
  });

  it.each([
    ['a year no calendar has', 'DTSTART;VALUE=DATE:99999999'],
    ['year zero', 'DTSTART;VALUE=DATE:00000101'],
    ['text node-ical cannot read', 'DTSTART;VALUE=DATE:abcdefgh'],
    ['a date-time beyond what a Date holds', 'DTSTART:+2750000101T000000Z'],
  ])('skips only the event with %s, keeping the feed’s valid events', (_, line) => {
    const feed = FEED.replace('DTSTART;VALUE=DATE:20270501', line);
    expect(rangesFromIcal(feed)).toEqual([{ uid: 'a@platform', start: '2027-03-05', end: '2027-03-08', kind: 'booked' }]);
  });

  it('skips an event whose end is unreadable rather than guessing its length', () => {
    const feed = FEED.replace('DTEND;VALUE=DATE:20270308', 'DTEND;VALUE=DATE:abcdefgh');
    expect(rangesFromIcal(feed)).toEqual([{ uid: 'd@platform', start: '2027-05-01', end: '2027-05-02', kind: 'booked' }]);
  });
});

describe(publishedCalendar.name, () => {
  it('publishes one all-day event per range that an iCal library reads back to the same days', () => {
    const text = publishedCalendar({
      name: 'Boshut',
      unitId: 105,
      host: 'immo.example',
      ranges: [{ start: '2027-03-05', end: '2027-03-08', kind: 'booked' }],
      summaries: { booked: 'booked', blocked: 'unavailable' },
    });
    expect(text).toContain('DTSTART;VALUE=DATE:20270305');
    expect(rangesFromIcal(text)).toEqual([{ uid: '105-2027-03-05-2027-03-08-booked@immo.example', start: '2027-03-05', end: '2027-03-08', kind: 'booked' }]);
    expect(Object.values(nodeIcal.sync.parseICS(text)).filter((item) => item?.type === 'VEVENT')).toHaveLength(1);
  });
});
