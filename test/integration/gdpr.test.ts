import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { AppointmentEntity } from '../../src/appointments/appointment.entity.js';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { HolidayBookingRequestEntity } from '../../src/holiday/persistence/holiday-booking-request.entity.js';
import { InquiryEntity } from '../../src/inquiries/inquiry.entity.js';
import { LeadEntity } from '../../src/leads/lead.entity.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { RetentionScheduler } from '../../src/privacy/retention.scheduler.js';
import { describeRemoval, eraseVisitor } from '../../src/privacy/visitor-data.js';
import { urlFor } from '../../src/routing/routes.js';
import { demoAppointmentPath } from '../support/demo-appointment.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const JAN = 'jan.peeters@example.be';
const OTHER = 'someone.else@example.be';
const DAY = 24 * 3600 * 1000;

describe('privacy: retention and erasure', () => {
  let sut: TestApp;
  let estateId: number;

  beforeAll(async () => {
    sut = await startTestApp({ FORM_RATE_LIMIT: '50', SEND_TO_FRIEND_PER_RECIPIENT_PER_DAY: '10', RETENTION_INQUIRY_DAYS: '730', RETENTION_MAIL_DAYS: '90' });
    estateId = (await sut.app.get(DataSource).getRepository(EstateEntity).findOneOrFail({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' } })).id;
  });

  afterAll(async () => {
    await sut.close();
  });

  const db = () => sut.app.get(DataSource);
  const post = (route: 'ajaxContactForm' | 'ajaxSendToFriend', fields: Record<string, string>) =>
    request(sut.server).post(urlFor(route, 'nl')).set('HX-Request', 'true').type('form').send(fields);
  const countFor = async (email: string) => ({
    inquiries: await db().getRepository(InquiryEntity).createQueryBuilder('i').where('lower(i.email) = :e OR lower(i.friend_email) = :e', { e: email }).getCount(),
    leads: await db().getRepository(LeadEntity).createQueryBuilder('l').where('lower(l.email) = :e', { e: email }).getCount(),
    mails: await db().getRepository(MailEntity).createQueryBuilder('m').where('lower(m.to_address) = :e OR lower(m.reply_to) = :e', { e: email }).getCount(),
    appointments: await db().getRepository(AppointmentEntity).countBy({ visitorEmail: email }),
    bookings: await db().getRepository(HolidayBookingRequestEntity).createQueryBuilder('b').where('lower(b.email) = :e', { e: email }).getCount(),
  });
  const storeBooking = (email: string, createdAt = new Date()) =>
    db()
      .getRepository(HolidayBookingRequestEntity)
      .insert({ id: randomUUID(), unitId: 101, locale: 'nl', arrival: '2027-07-01', departure: '2027-07-08', guests: 2, name: 'Jan Peeters', email, phone: null, message: 'Met de hond.', total: '900.00', privacyConsent: true, createdAt });

  describe('npm run gdpr:erase -- <email>', () => {
    beforeAll(async () => {
      const visitor = { name: 'Jan Peeters', phone: '+32 470 12 34 56', message: 'Graag meer info.', privacyConsent: 'on' };
      expect((await post('ajaxContactForm', { ...visitor, email: JAN, estateId: String(estateId) })).status).toBe(200);
      expect((await post('ajaxContactForm', { ...visitor, email: 'Jan.Peeters@Example.be', message: 'Contactbericht' })).status).toBe(200);
      expect((await post('ajaxSendToFriend', { name: 'Marie', email: OTHER, friendName: 'Jan', friendEmail: JAN, estateId: String(estateId) })).status).toBe(200);
      expect((await post('ajaxContactForm', { ...visitor, name: 'Someone', email: OTHER, estateId: String(estateId) })).status).toBe(200);
      const path = await demoAppointmentPath(sut.app, 'nl');
      expect((await request(sut.server).post(path).set('HX-Request', 'true').type('form').send({ reason: 'Ziek' })).status).toBe(200);
      await storeBooking('Jan.Peeters@example.be');
      await storeBooking(OTHER);
    });

    it('removes the visitor’s data everywhere, whatever the case of the address, and says what it removed', async () => {
      const before = await countFor(JAN);
      expect(before.inquiries).toBe(3);
      expect(before.leads).toBe(3);
      expect(before.mails).toBeGreaterThanOrEqual(5);
      expect(before.appointments).toBe(1);
      expect(before.bookings).toBe(1);
      const others = await countFor(OTHER);

      const report = await eraseVisitor(db(), 'JAN.PEETERS@example.be');
      expect(report).toMatchObject({ inquiries: 3, leads: 3, appointments: 1, holiday_booking_requests: 1 });
      expect(report.mails).toBeGreaterThanOrEqual(5);
      expect(describeRemoval(report)).toMatch(/^mails: \d+, inquiries: 3, leads: 3, appointments: 1, form_submissions: \d+, rate_limits: \d+, holiday_booking_requests: 1/);

      expect(await countFor(JAN)).toEqual({ inquiries: 0, leads: 0, mails: 0, appointments: 0, bookings: 0 });
      // The other visitor's own inquiry and lead stay; the mail that went to Jan as a friend is gone.
      const after = await countFor(OTHER);
      expect(after.leads).toBe(others.leads);
      expect(after.bookings).toBe(others.bookings);
      expect(after.inquiries).toBe(others.inquiries - 1);
      expect(JSON.stringify(await db().query(`SELECT * FROM mails`))).not.toMatch(/jan\.peeters/i);
    });

    it('keeps the appointment’s slot without the visitor, and the sync does not bring the visitor back', async () => {
      const erased = await db().getRepository(AppointmentEntity).findOneByOrFail({ source: 'A', sourceId: '7001' });
      expect(erased).toMatchObject({ visitorName: '', visitorEmail: '', visitorPhone: null, cancelReason: null });
      await sut.app.get(EstateSyncService).syncAll();
      expect(await db().getRepository(AppointmentEntity).findOneByOrFail({ source: 'A', sourceId: '7001' })).toMatchObject({ visitorEmail: '' });
      expect((await request(sut.server).get(urlFor('cancelAppointment', 'nl', { appointmentId: erased.publicId }))).status).toBe(404);
    });

    it('removes the address from a subscriptions table when there is one', async () => {
      const exists = ((await db().query(`SELECT to_regclass('public.subscriptions') AS name`)) as Array<{ name: string | null }>)[0]!.name !== null;
      if (!exists) await db().query(`CREATE TABLE subscriptions (id serial PRIMARY KEY, email varchar(200) NOT NULL)`);
      try {
        if (!exists) await db().query(`INSERT INTO subscriptions (email) VALUES ($1), ($2)`, [JAN, OTHER]);
        const report = await eraseVisitor(db(), JAN);
        expect(report.subscriptions).toBe(exists ? 0 : 1);
        expect(((await db().query(`SELECT count(*)::int AS n FROM subscriptions WHERE lower(email) = $1`, [JAN])) as Array<{ n: number }>)[0]!.n).toBe(0);
      } finally {
        if (!exists) await db().query(`DROP TABLE subscriptions`);
      }
    });

    it('refuses what is not an address', async () => {
      await expect(eraseVisitor(db(), 'jan')).rejects.toThrow('not an e-mail address');
    });
  });

  describe('the daily retention job', () => {
    it('deletes holiday booking requests after RETENTION_INQUIRY_DAYS, keeping recent ones', async () => {
      const now = Date.now();
      await storeBooking('old-booking@example.be', new Date(now - 731 * DAY));
      await storeBooking('recent-booking@example.be', new Date(now - 729 * DAY));
      const report = await sut.app.get(RetentionScheduler).purge(new Date(now));
      expect(report.holiday_booking_requests).toBe(1);
      expect(await countFor('old-booking@example.be')).toMatchObject({ bookings: 0 });
      expect(await countFor('recent-booking@example.be')).toMatchObject({ bookings: 1 });
    });

    it('deletes inquiries and leads after RETENTION_INQUIRY_DAYS and sent mails after RETENTION_MAIL_DAYS, keeping the rest', async () => {
      const visitor = { name: 'Oud', phone: '', message: 'Oude vraag', privacyConsent: 'on' };
      await post('ajaxContactForm', { ...visitor, email: 'old@example.be' });
      await post('ajaxContactForm', { ...visitor, email: 'recent@example.be' });
      await post('ajaxContactForm', { ...visitor, email: 'oldmail@example.be' });
      const now = Date.now();
      await db().query(`UPDATE inquiries SET created_at = $1 WHERE email = 'old@example.be'`, [new Date(now - 731 * DAY)]);
      await db().query(`UPDATE leads SET created_at = $1 WHERE email = 'old@example.be'`, [new Date(now - 731 * DAY)]);
      await db().query(`UPDATE mails SET created_at = $1, status = 'SENT' WHERE reply_to = 'oldmail@example.be'`, [new Date(now - 91 * DAY)]);
      await db().query(`UPDATE mails SET created_at = $1, status = 'PENDING' WHERE reply_to = 'recent@example.be'`, [new Date(now - 91 * DAY)]);

      const report = await sut.app.get(RetentionScheduler).purge(new Date(now));
      expect(report.inquiries).toBe(1);
      expect(report.leads).toBe(1);
      expect(report.mails).toBeGreaterThanOrEqual(1);

      expect(await countFor('old@example.be')).toMatchObject({ inquiries: 0, leads: 0 });
      expect(await countFor('recent@example.be')).toMatchObject({ inquiries: 1, leads: 1, mails: 1 });
      expect(await countFor('oldmail@example.be')).toMatchObject({ inquiries: 1, mails: 0 });
    });
  });
});
