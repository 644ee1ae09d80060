import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { RateLimitService } from '../../src/forms/rate-limit.service.js';
import { addDays, todayInBelgium } from '../../src/holiday/domain/stay.js';
import { urlFor } from '../../src/routing/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PERSON = { name: 'Jan Peeters', email: 'jan@example.be', phone: '+32 470 12 34 56', message: 'Is een bezoek mogelijk?', privacyConsent: 'on' };
const DEMO_UNIT = 103;
const day = (offset: number) => addDays(todayInBelgium(), offset);

/** What a script can post as JSON where a form sends text: objects whose own keys shadow what a conversion calls. */
const HOSTILE_VALUES: ReadonlyArray<[string, unknown]> = [
  ['{"toString":1}', { toString: 1 }],
  ['{"valueOf":1,"toString":1}', { valueOf: 1, toString: 1 }],
  ['[{"toString":1}]', [{ toString: 1 }]],
  ['{"hasOwnProperty":1}', { hasOwnProperty: 1 }],
];

describe('hostile input gets a localized 4xx, never a 500', () => {
  let sut: TestApp;
  let estateId: number;

  beforeAll(async () => {
    sut = await startTestApp({ FORM_RATE_LIMIT: '500', SEND_TO_FRIEND_PER_RECIPIENT_PER_DAY: '500', SEND_TO_FRIEND_PER_HOUR: '500' });
    const listing = await sut.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' } });
    estateId = listing!.id;
  });

  afterAll(() => sut.close());

  const forms = () =>
    [
      ['contact', urlFor('ajaxContactForm', 'nl'), { ...PERSON }],
      ['extra information', urlFor('ajaxContactForm', 'nl'), { ...PERSON, estateId }],
      ['send to a friend', urlFor('ajaxSendToFriend', 'nl'), { estateId, name: 'Jan', email: 'jan@example.be', friendName: 'Luc', friendEmail: 'luc@example.be', message: 'Kijk eens' }],
      ['holiday booking', urlFor('holidayBooking', 'nl', { rentalUnitId: DEMO_UNIT }), { ...PERSON, arrival: day(100), departure: day(107), guests: '2' }],
    ] as const;

  it.each(HOSTILE_VALUES)('answers %s in any text field with 422 and the form in Dutch, on every form', async (_, hostile) => {
    for (const [name, url, valid] of forms()) {
      for (const field of Object.keys(valid).filter((key) => key !== 'estateId')) {
        const body = JSON.stringify({ ...valid, [field]: hostile });
        const htmx = await request(sut.server).post(url).set('HX-Request', 'true').set('Content-Type', 'application/json').send(body);
        expect([name, field, htmx.status]).toEqual([name, field, 422]);
        expect(htmx.text).toMatch(/Deze waarde is ongeldig|Vul dit veld in|Vul een geldig/);
        const page = await request(sut.server).post(url).set('Content-Type', 'application/json').send(body);
        expect([name, field, page.status]).toEqual([name, field, 422]);
        expect(page.text).toContain('<html lang="nl"');
      }
    }
  });

  it('answers a listing id that is an object with a 4xx', async () => {
    for (const [name, url, valid] of forms()) {
      const response = await request(sut.server).post(url).set('HX-Request', 'true').set('Content-Type', 'application/json').send(JSON.stringify({ ...valid, estateId: { toString: 1 } }));
      expect([name, response.status >= 400 && response.status < 500]).toEqual([name, true]);
    }
  });
});

describe('rate-limit keys', () => {
  it('stores any rate-limit key, however long, within its column', async () => {
    const sut = await startTestApp();
    try {
      const limits = sut.app.get(RateLimitService);
      const policy = { name: 'long-keys', points: 1, durationSeconds: 60 };
      await expect(limits.consume(policy, 'k'.repeat(3000))).resolves.toBeUndefined();
      await expect(limits.consume(policy, 'k'.repeat(3000))).rejects.toMatchObject({ code: 'tooManyRequests' });
      await expect(limits.consume(policy, `${'k'.repeat(2999)}j`)).resolves.toBeUndefined();
    } finally {
      await sut.close();
    }
  });
});
