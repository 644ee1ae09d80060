import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nodeIcal from 'node-ical';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { addDays, todayInBelgium } from '../../src/holiday/domain/stay.js';
import { HolidayIcalImporterService, ICAL_QUEUE } from '../../src/holiday/ical/holiday-ical-importer.service.js';
import { HolidayAvailabilityEntity } from '../../src/holiday/persistence/holiday-availability.entity.js';
import { HolidayBookingRequestEntity } from '../../src/holiday/persistence/holiday-booking-request.entity.js';
import { HolidayRepository } from '../../src/holiday/persistence/holiday.repository.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { LOCALES } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { SmtpTestServer } from '../support/smtp-test-server.js';
import { startTestApp, type TestApp, waitForJob } from '../support/test-app.js';
import { storeHolidayUnit } from '../factories/holiday-unit.factory.js';
import { until } from '../support/poll.js';

/** A booking platform's calendar export, served over HTTP like the real thing. */
class IcalServer {
  body = '';
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/calendar' }).end(this.body));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/calendar.ics`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

function compact(date: string): string {
  return date.replace(/-/g, '');
}

function vcalendar(events: Array<{ uid: string; start: string; end: string; status?: string }>): string {
  const lines = events.flatMap((event) => [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;VALUE=DATE:${compact(event.start)}`,
    `DTEND;VALUE=DATE:${compact(event.end)}`,
    ...(event.status ? [`STATUS:${event.status}`] : []),
    'SUMMARY:Reserved',
    'END:VEVENT',
  ]);
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Booking platform//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
}

function textOf(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

const TEST_UNIT = 999;
const today = todayInBelgium();
const day = (offset: number) => addDays(today, offset);

describe('holiday rentals', () => {
  let ical: IcalServer;
  let smtp: SmtpTestServer;
  let sut: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    ical = new IcalServer();
    smtp = new SmtpTestServer();
    await Promise.all([ical.start(), smtp.start()]);
    ical.body = vcalendar([{ uid: 'stay-1@platform', start: day(100), end: day(104) }]);
    sut = await startTestApp({ HOLIDAY_ICAL_FEEDS: `101=${ical.url}`, HOLIDAY_ICAL_INTERVAL_MINUTES: '0', FORM_RATE_LIMIT: '50', SMTP_URL: smtp.url });
    dataSource = sut.app.get(DataSource);
    // A unit with known seasons: low until day 30 (min 2 nights), high from day 30 (min 5), booked days 10–13.
    await storeHolidayUnit(dataSource, {
      id: TEST_UNIT,
      amenities: ['wifi', 'seaView'],
      seasons: [
        { name: { nl: 'Laag', en: 'Low' }, start: day(-10), end: day(30), perNight: 100, perWeek: 600, minimumNights: 2 },
        { name: { nl: 'Hoog', en: 'High' }, start: day(30), end: day(400), perNight: 200, perWeek: 1200, minimumNights: 5 },
      ],
    });
    await dataSource.getRepository(HolidayAvailabilityEntity).insert({ id: '0e4c3f66-5b1c-4a4e-9d3e-1f2a3b4c5d6e', unitId: TEST_UNIT, origin: 'source', kind: 'booked', startsOn: day(10), endsOn: day(13), uid: null });
  });

  afterAll(async () => {
    await sut.close();
    await Promise.all([ical.stop(), smtp.stop()]);
  });

  describe('unit page', () => {
    it.each(LOCALES)('shows name, capacity, amenities, rules, check-in/out, prices, calendar, map and contact in %s', async (locale) => {
      const response = await request(sut.server).get(urlFor('holiday', locale, { rentalUnitId: 102 }));
      expect(response.status).toBe(200);
      const html = response.text;
      expect(html).toContain('data-island="gallery"');
      expect(html).toContain('data-island="map"');
      expect((html.match(/<table class="cal-month"/g) ?? []).length).toBe(12);
      expect(html).toContain('class="holiday__prices"');
      expect(html).toContain('+32 80 12 34 56');
      expect(html).toContain('Route de Botrange 12, 4960 Malmedy');
      expect(html).toContain('15:00');
      expect(html).toContain('11:00');
      expect((html.match(/class="icon amenity-icon"/g) ?? []).length).toBe(8);
      // Without JavaScript a refused request's page opens at its error summary.
      expect(html).toContain(`action="${urlFor('holidayBooking', locale, { rentalUnitId: 102 })}#booking-errors"`);
      expect(textOf(html)).not.toMatch(/holiday\.\w+\.\w+|\{\w+\}/);
    });

    it.each(LOCALES)('puts no ARIA role on a table or its rows and cells, which already are what the role says (%s, issue 38)', async (locale) => {
      const response = await request(sut.server).get(urlFor('holiday', locale, { rentalUnitId: 101 }));
      expect(response.status).toBe(200);
      // React writes every attribute quoted: an opening tag of a table part with a role attribute is this.
      const roles = [...response.text.matchAll(/<(table|caption|thead|tbody|tfoot|tr|th|td)\b[^>]*\srole="([^"]*)"/g)].map(([, tag, role]) => `<${tag} role="${role}">`);
      expect((response.text.match(/<table class="cal-month"/g) ?? []).length).toBe(12);
      expect(response.text).toContain('class="holiday__prices"');
      expect(roles).toEqual([]);
    });

    it('describes the unit as a VacationRental in JSON-LD', async () => {
      const response = await request(sut.server).get(urlFor('holiday', 'fr', { rentalUnitId: 102 }));
      const json = /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"VacationRental"[\s\S]*?)<\/script>/.exec(response.text)?.[1];
      expect(JSON.parse(json ?? '{}')).toMatchObject({
        name: 'Gîte des Hautes Fagnes',
        url: 'http://immo.test/fr/vacances/102',
        address: { addressLocality: 'Malmedy', postalCode: '4960' },
        checkinTime: '15:00:00',
        containsPlace: { occupancy: { value: 6 }, numberOfBedrooms: 3 },
      });
    });

    it('falls back to the Dutch text, marked with its language, when a locale has none', async () => {
      const response = await request(sut.server).get(urlFor('holiday', 'de', { rentalUnitId: 102 }));
      expect(response.text).toContain('<p lang="nl">Gerenoveerde hoeve');
    });

    it('answers 404 for an unknown unit and for an id that is not one', async () => {
      expect((await request(sut.server).get(urlFor('holiday', 'en', { rentalUnitId: 424242 }))).status).toBe(404);
      expect((await request(sut.server).get(urlFor('holiday', 'fr', { rentalUnitId: 'abc' }))).status).toBe(404);
      expect((await request(sut.server).get(urlFor('holidayCalendar', 'nl', { rentalUnitId: 424242 }))).status).toBe(404);
    });

    it('lists at least six demo units on the coast, in the Ardennes and in a city', async () => {
      const units = await sut.app.get(HolidayRepository).findAll();
      const regions = new Set(units.map(({ unit }) => unit.region));
      expect(units.filter(({ unit }) => unit.id !== TEST_UNIT).length).toBeGreaterThanOrEqual(6);
      expect(regions).toEqual(new Set(['coast', 'ardennes', 'city']));
    });

    it('marks booked days in words in the calendar, not only by colour', async () => {
      const response = await request(sut.server).get(urlFor('holiday', 'en', { rentalUnitId: TEST_UNIT }));
      const cell = new RegExp(`<td class="cal-day cal-day--booked" data-date="${day(10)}" tabindex="-1" aria-label="[^"]+, booked">`);
      expect(response.text).toMatch(cell);
      expect(response.text).toMatch(new RegExp(`data-date="${day(13)}" tabindex="-1" aria-label="[^"]+, free"`));
    });
  });

  describe('iCal', () => {
    const ranges = async () =>
      (await dataSource.getRepository(HolidayAvailabilityEntity).find({ where: { unitId: 101, origin: 'ical' }, order: { startsOn: 'ASC' } })).map((row) => [row.uid, row.startsOn, row.endsOn]);

    const importNow = async () => {
      const id = await sut.app.get(HolidayIcalImporterService).queue(101);
      expect(await waitForJob(sut.app, ICAL_QUEUE, id!)).toBe('completed');
    };

    it('imports the feed at start through the job queue, then new, changed and removed events', async () => {
      await importNow();
      expect(await ranges()).toEqual([['stay-1@platform', day(100), day(104)]]);
      // The page answered once is remembered by URL (KnownPagesService) until a change on the feed forgets it.
      const unitPage = urlFor('holiday', 'en', { rentalUnitId: 101 });
      expect((await request(sut.server).get(unitPage)).text).toMatch(new RegExp(`data-date="${day(121)}" tabindex="-1" aria-label="[^"]+, free"`));

      ical.body = vcalendar([
        { uid: 'stay-1@platform', start: day(101), end: day(106) },
        { uid: 'stay-2@platform', start: day(120), end: day(127) },
        { uid: 'stay-3@platform', start: day(130), end: day(133), status: 'CANCELLED' },
      ]);
      await importNow();
      expect(await ranges()).toEqual([
        ['stay-1@platform', day(101), day(106)],
        ['stay-2@platform', day(120), day(127)],
      ]);

      ical.body = vcalendar([{ uid: 'stay-2@platform', start: day(120), end: day(127) }]);
      await importNow();
      expect(await ranges()).toEqual([['stay-2@platform', day(120), day(127)]]);

      // The import announced the change: the same URL shows the new calendar at once, not the remembered page.
      const page = await request(sut.server).get(unitPage);
      expect(page.text).toMatch(new RegExp(`data-date="${day(121)}" tabindex="-1" aria-label="[^"]+, booked"`));
    });

    it('keeps the last import when the feed cannot be read', async () => {
      ical.body = 'not a calendar';
      await expect(sut.app.get(HolidayIcalImporterService).importUnit(101)).rejects.toThrow(/not a calendar/);
      expect(await ranges()).toEqual([['stay-2@platform', day(120), day(127)]]);
      ical.body = vcalendar([{ uid: 'stay-2@platform', start: day(120), end: day(127) }]);
    });

    it('publishes each unit’s availability as an iCal feed that an iCal library reads', async () => {
      const response = await request(sut.server).get(urlFor('holidayCalendar', 'en', { rentalUnitId: TEST_UNIT }));
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/calendar/);
      const events = Object.values(nodeIcal.sync.parseICS(response.text)).filter((item) => item?.type === 'VEVENT');
      expect(events).toHaveLength(1);
      const [event] = events as Array<{ start: Date; end: Date; summary: string }>;
      expect(event.start.toISOString().slice(0, 10)).toBe(day(10));
      expect(event.end.toISOString().slice(0, 10)).toBe(day(13));
      expect(event.summary).toBe('booked');
    });
  });

  describe('overview', () => {
    const ids = (html: string) => [...html.matchAll(/<a href="\/en\/holiday\/(\d+)"/g)].map((match) => Number(match[1]));

    it.each(LOCALES)('lists every unit as a card with photo, place, capacity and price from, linked from the header (%s)', async (locale) => {
      const response = await request(sut.server).get(urlFor('holidayOverview', locale));
      expect(response.status).toBe(200);
      expect((response.text.match(/class="holiday-card"/g) ?? []).length).toBe(7);
      expect(response.text).toContain('<picture>');
      const home = await request(sut.server).get(urlFor('home', locale));
      expect(home.text).toContain(`href="${urlFor('holidayOverview', locale)}"`);
    });

    it('keeps only the units free for the dates and large enough for the guests', async () => {
      const all = ids((await request(sut.server).get(urlFor('holidayOverview', 'en'))).text);
      expect(all).toContain(TEST_UNIT);
      const booked = ids((await request(sut.server).get(urlFor('holidayOverview', 'en')).query({ arrival: day(11), departure: day(12) })).text);
      expect(booked).not.toContain(TEST_UNIT);
      const large = ids((await request(sut.server).get(urlFor('holidayOverview', 'en')).query({ guests: '7' })).text);
      expect(large).toEqual([104]);
    });

    it('says when the dates cannot be used, and filters on guests only', async () => {
      const response = await request(sut.server).get(urlFor('holidayOverview', 'en')).query({ arrival: day(5), departure: day(2), guests: '7' });
      expect(textOf(response.text)).toContain('Choose a departure after the arrival');
      expect(ids(response.text)).toEqual([104]);
    });
  });

  describe('booking request', () => {
    const VISITOR = { name: 'An Peeters', email: 'an@example.be', phone: '+32 470 11 22 33', message: 'Met de fiets.', privacyConsent: 'on', 'g-recaptcha-response': '' };
    const post = (fields: Record<string, string>, locale: 'nl' | 'fr' | 'en' | 'de' = 'en', htmx = false) => {
      const call = request(sut.server).post(urlFor('holidayBooking', locale, { rentalUnitId: TEST_UNIT })).type('form').send({ ...VISITOR, ...fields });
      return htmx ? call.set('HX-Request', 'true') : call;
    };
    const requests = () => dataSource.getRepository(HolidayBookingRequestEntity).count({ where: { unitId: TEST_UNIT } });

    it('stores a valid request, mails the agency and the visitor, and redirects to the thanks (303)', async () => {
      const before = await requests();
      const response = await post({ arrival: day(3), departure: day(6), guests: '2' });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`${urlFor('holiday', 'en', { rentalUnitId: TEST_UNIT })}?sent=1#booking`);
      expect(await requests()).toBe(before + 1);
      const stored = await dataSource.getRepository(HolidayBookingRequestEntity).findOneByOrFail({ unitId: TEST_UNIT, arrival: day(3) });
      // 3 nights × 100 + cleaning 80 + tourist tax 2 × 3 × 2.50.
      expect(stored.total).toBe('395.00');
      const mails = await dataSource.getRepository(MailEntity).find({ where: { template: 'booking-request' } });
      expect(mails.map((mail) => mail.to).sort()).toEqual(['an@example.be', 'vakantie@immo.example']);
      expect(mails.find((mail) => mail.to === 'an@example.be')?.text).toContain('€\u00a0395,00');
      await until('both mails sent', async () => smtp.received.filter((mail) => /booking request/i.test(mail.subject ?? '') || /Boekingsaanvraag/.test(mail.subject ?? '')).length === 2, Boolean, { timeoutMs: 20_000 });
      const agency = smtp.received.find((mail) => mail.subject?.startsWith('Boekingsaanvraag'));
      expect(agency?.replyTo?.text).toBe('an@example.be');
      expect(agency?.text).toContain('Met de fiets.');
      const copy = smtp.received.find((mail) => mail.subject === 'Your booking request for Test house');
      expect(copy?.text).toContain('This is a request, not yet a confirmed booking.');
      expect(copy?.text).not.toContain('Met de fiets.');
      const thanks = await request(sut.server).get(response.headers.location);
      expect(thanks.text).toContain('we have received your request');
    });

    it('prices a stay across two seasons: each night at its season’s rate, plus cleaning and tourist tax', async () => {
      const response = await request(sut.server).get(urlFor('ajaxHolidayQuote', 'en', { rentalUnitId: TEST_UNIT })).query({ arrival: day(28), departure: day(33), guests: '2' });
      expect(response.status).toBe(200);
      const text = textOf(response.text);
      expect(text).toContain('2 nights, Low € 200,00');
      expect(text).toContain('3 nights, High € 600,00');
      // 200 + 600 + 80 + 2 × 5 × 2.50.
      expect(text).toContain('Total € 905,00');
    });

    it('shows the price on the page without JavaScript when the dates are in the query', async () => {
      const response = await request(sut.server).get(urlFor('holiday', 'en', { rentalUnitId: TEST_UNIT })).query({ arrival: day(28), departure: day(33), guests: '2' });
      expect(textOf(response.text)).toContain('Total € 905,00');
      expect(response.text).toContain('<meta name="robots" content="noindex"/>');
    });

    it.each([
      ['overlapping a booked range', { arrival: day(9), departure: day(12), guests: '2' }, 'arrival', /not free between/],
      ['shorter than the season’s minimum stay', { arrival: day(40), departure: day(43), guests: '2' }, 'departure', /minimum stay in this season is 5 nights/],
      ['more guests than the unit sleeps', { arrival: day(3), departure: day(6), guests: '5' }, 'guests', /at most 4 guests/],
      ['arriving in the past', { arrival: day(-2), departure: day(2), guests: '2' }, 'arrival', /arrival is in the past/],
      ['departing before arriving', { arrival: day(6), departure: day(4), guests: '2' }, 'departure', /departure must be after the arrival/],
      ['a date that does not exist', { arrival: '2027-02-30', departure: day(6), guests: '2' }, 'arrival', /valid date/],
    ])('refuses a stay %s with a localized 422, storing nothing', async (_, fields, field, message) => {
      const before = await requests();
      const response = await post(fields, 'en', true);
      expect(response.status).toBe(422);
      expect(response.text).toMatch(new RegExp(`id="booking-${field}-error">[^<]*`));
      expect(textOf(response.text)).toMatch(message);
      expect(await requests()).toBe(before);
    });

    it('says why in the visitor’s language, on the whole page without JavaScript', async () => {
      const response = await post({ arrival: day(9), departure: day(12), guests: '2' }, 'fr');
      expect(response.status).toBe(422);
      expect(textOf(response.text)).toContain("Le logement n'est pas libre entre le");
      expect(response.text).toContain('<html lang="fr"');
    });

    it('does not block the dates: a request is not a booking', async () => {
      await post({ arrival: day(20), departure: day(23), guests: '2', email: 'first@example.be' });
      const second = await post({ arrival: day(20), departure: day(23), guests: '2', email: 'second@example.be' });
      expect(second.status).toBe(303);
    });
  });
});
