import request from 'supertest';
import { addDays, todayInBelgium } from '../../src/holiday/domain/stay.js';
import { urlFor } from '../../src/routing/routes.js';
import { FakeVerifierServer } from '../support/fake-verifier-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DEMO_UNIT = 103;
const day = (offset: number) => addDays(todayInBelgium(), offset);

/** A booking refused as a whole (no JavaScript) keeps what the visitor typed, and says why in their language. */
describe('a refused holiday booking', () => {
  let verifier: FakeVerifierServer;
  let sut: TestApp | undefined;

  beforeAll(async () => {
    verifier = new FakeVerifierServer();
    await verifier.start();
    sut = await startTestApp({ BOT_CHECK_SECRET: 'secret', BOT_CHECK_SITE_KEY: 'site-key', BOT_CHECK_VERIFY_URL: verifier.url, FORM_RATE_LIMIT: '50' });
  });

  afterAll(async () => {
    try {
      await sut?.close();
    } finally {
      await verifier.stop();
    }
  });

  const typed = { name: 'An Peeters', email: 'an@example.be', phone: '+32 470 11 22 33', message: 'Met de fiets.', privacyConsent: 'on', arrival: day(100), departure: day(107), guests: '2', 'g-recaptcha-response': 'token' };
  const book = (locale: 'nl' | 'fr' | 'en' | 'de') => request(sut!.server).post(urlFor('holidayBooking', locale, { rentalUnitId: DEMO_UNIT })).type('form').send(typed);

  it.each([
    ['nl', 'We konden niet bevestigen'],
    ['fr', 'Nous n'],
    ['en', 'We could not confirm that this message comes from a person'],
    ['de', 'Wir konnten nicht'],
  ] as const)('by the bot check (%s): the unit page again with every field as typed, and why (403)', async (locale, why) => {
    verifier.answer = { status: 200, body: { success: false } };
    const response = await book(locale);
    expect(response.status).toBe(403);
    expect(response.text).toContain(`<html lang="${locale}"`);
    expect(response.text).toContain('id="booking-form"');
    expect(response.text).toContain(why);
    for (const value of ['An Peeters', 'an@example.be', '+32 470 11 22 33', typed.arrival, typed.departure]) expect(response.text).toContain(`value="${value}"`);
    expect(response.text).toContain('Met de fiets.</textarea>');
    expect(response.text).not.toContain('value="token"');
  });
});
