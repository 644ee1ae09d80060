// @own-database: this file runs on the embedded database or on a server of its own whatever DATABASE_URL says, so CI's PostgreSQL pass leaves it out (.ci/run).
import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { encodeFavorites, FAVORITES_COOKIE } from '../../src/favorites/favorites-cookie.js';
import { InquiryEntity } from '../../src/inquiries/inquiry.entity.js';
import { addDays, todayInBelgium } from '../../src/holiday/domain/stay.js';
import { HolidayBookingRequestEntity } from '../../src/holiday/persistence/holiday-booking-request.entity.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { urlFor } from '../../src/routing/routes.js';
import { SubscriptionEntity } from '../../src/subscriptions/subscription.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PERSON = { name: 'Jan Peeters', email: 'jan@example.be', phone: '+32 470 12 34 56', message: 'Is een bezoek mogelijk?', privacyConsent: 'on' };
/** A demo unit with nothing booked 100 days ahead (fixtures/holiday-rental-units.json), for a week. */
const DEMO_UNIT = 103;
const day = (offset: number) => addDays(todayInBelgium(), offset);

/**
 * The out-of-the-box demo as `npm start` runs it: production, the embedded database, no bot check configured.
 * Every form a page shows must work (mails go to the outbox), without a bot-check token.
 */
describe('the demo without a bot check: every form shown works', () => {
  let sut: TestApp;
  let estateId: number;

  beforeAll(async () => {
    sut = await startTestApp({ NODE_ENV: 'production', FORM_RATE_LIMIT: '50' }, { embedded: true });
    const listing = await sut.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' } });
    estateId = listing!.id;
  });

  afterAll(() => sut.close());

  const db = () => sut.app.get(DataSource);
  const mailsTo = (to: string) => db().getRepository(MailEntity).countBy({ to });
  const post = (url: string, fields: Record<string, string | readonly string[]>, htmx = true) => {
    const pairs = Object.entries(fields).flatMap(([name, value]): Array<[string, string]> => (typeof value === 'string' ? [[name, value]] : value.map((item) => [name, item])));
    const call = request(sut.server).post(url).type('form').send(new URLSearchParams(pairs).toString());
    return htmx ? call.set('HX-Request', 'true') : call;
  };

  const detailPage = async () => request(sut.server).get((await request(sut.server).get(urlFor('detailShort', 'nl', { estateId }))).headers.location as string);

  it('runs as the demo: production on the embedded database without a bot check', () => {
    expect(sut.config.isProduction).toBe(true);
    expect(sut.config.embeddedDatabase).toBe(true);
    expect(sut.config.botCheckRequired).toBe(false);
  });

  it('shows and accepts the extra-information form', async () => {
    const detail = await detailPage();
    expect(detail.text).toContain(`action="${urlFor('ajaxContactForm', 'nl')}"`);
    const response = await post(urlFor('ajaxContactForm', 'nl'), { estateId: String(estateId), ...PERSON, email: 'demo-extra@example.be' });
    expect(response.status).toBe(200);
    expect(await db().getRepository(InquiryEntity).countBy({ email: 'demo-extra@example.be' })).toBe(1);
  });

  it('shows and accepts send-to-a-friend', async () => {
    const detail = await detailPage();
    expect(detail.text).toContain(`action="${urlFor('ajaxSendToFriend', 'nl')}"`);
    const response = await post(urlFor('ajaxSendToFriend', 'nl'), { estateId: String(estateId), name: 'Jan', email: 'jan@example.be', friendName: 'Luc', friendEmail: 'demo-friend@example.be', message: 'Kijk eens' });
    expect(response.status).toBe(200);
    expect(await mailsTo('demo-friend@example.be')).toBe(1);
  });

  it('shows and accepts the contact form', async () => {
    expect((await request(sut.server).get(urlFor('contact', 'nl'))).text).toContain(`action="${urlFor('ajaxContactForm', 'nl')}"`);
    const response = await post(urlFor('ajaxContactForm', 'nl'), { ...PERSON, email: 'demo-contact@example.be' });
    expect(response.status).toBe(200);
    expect(await db().getRepository(InquiryEntity).countBy({ email: 'demo-contact@example.be' })).toBe(1);
  });

  it('shows and accepts keep-me-informed, with and without JavaScript', async () => {
    expect((await request(sut.server).get(urlFor('subscribe', 'nl'))).text).toContain(`action="${urlFor('ajaxNotifications', 'nl')}"`);
    const fields = { transaction: 'buy', headTypes: ['HOUSE'], locations: 'Gent, 9000', name: 'An', language: 'nl', frequency: 'daily', privacyConsent: 'on' };
    expect((await post(urlFor('ajaxNotifications', 'nl'), { ...fields, email: 'demo-subscribe@example.be' })).status).toBe(200);
    expect((await post(urlFor('ajaxNotifications', 'nl'), { ...fields, email: 'demo-subscribe-nojs@example.be' }, false)).status).toBe(303);
    expect(await db().getRepository(SubscriptionEntity).countBy({ email: 'demo-subscribe@example.be' })).toBe(1);
    expect(await db().getRepository(SubscriptionEntity).countBy({ email: 'demo-subscribe-nojs@example.be' })).toBe(1);
  });

  it('shows and accepts a holiday booking request', async () => {
    expect((await request(sut.server).get(urlFor('holiday', 'nl', { rentalUnitId: DEMO_UNIT }))).text).toContain(`action="${urlFor('holidayBooking', 'nl', { rentalUnitId: DEMO_UNIT })}#`);
    const response = await post(urlFor('holidayBooking', 'nl', { rentalUnitId: DEMO_UNIT }), { ...PERSON, email: 'demo-booking@example.be', arrival: day(100), departure: day(107), guests: '2' }, false);
    expect(response.status).toBe(303);
    expect(await db().getRepository(HolidayBookingRequestEntity).countBy({ unitId: DEMO_UNIT, email: 'demo-booking@example.be' })).toBe(1);
  });

  it('shows and accepts mail-me-my-favourites', async () => {
    const cookie = `${FAVORITES_COOKIE}=${encodeFavorites([estateId], sut.config.COOKIE_SECRET)}`;
    expect((await request(sut.server).get(urlFor('favorites', 'nl')).set('Cookie', cookie)).text).toContain('id="favorites-mail"');
    const response = await post(urlFor('favoritesMail', 'nl'), { email: 'demo-favourites@example.be', privacyConsent: 'on' }).set('Cookie', cookie);
    expect(response.status).toBe(200);
    expect(await mailsTo('demo-favourites@example.be')).toBe(1);
  });
});
