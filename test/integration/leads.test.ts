import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { addDays, todayInBelgium } from '../../src/holiday/domain/stay.js';
import { LeadEntity } from '../../src/leads/lead.entity.js';
import { LeadsService } from '../../src/leads/leads.service.js';
import { urlFor } from '../../src/routing/routes.js';
import { SubscriptionService } from '../../src/subscriptions/subscription.service.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { demoSubscriptionToken } from '../support/demo-subscription.js';
import { zabunLeadEmail } from '../support/fake-zabun-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeHolidayUnit } from '../factories/holiday-unit.factory.js';
import { until } from '../support/poll.js';

const VISITOR = { name: 'Jan Peeters', email: 'jan@example.be', phone: '+32 470 12 34 56', message: 'Graag een bezoek.', privacyConsent: 'on' };

describe('leads reach the agency’s CRM', () => {
  let crm: FakeCrmServer;
  let sut: TestApp;
  let listingA: EstateEntity;
  let listingB: EstateEntity;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    sut = await startTestApp({ ...fakeCrmEnv(crm), LEAD_RETRY_DELAY_SECONDS: '1', FORM_RATE_LIMIT: '50' });
    const estates = sut.app.get(DataSource).getRepository(EstateEntity);
    listingA = (await estates.findOne({ where: { source: 'A', parentId: IsNull(), isProject: false }, order: { id: 'ASC' } }))!;
    listingB = (await estates.findOne({ where: { source: 'B', parentId: IsNull(), isProject: false }, order: { id: 'ASC' } }))!;
  });

  afterAll(async () => {
    await sut.close();
    await crm.stop();
  });

  const leads = () => sut.app.get(DataSource).getRepository(LeadEntity);
  const post = (route: 'ajaxContactForm' | 'ajaxSendToFriend', fields: Record<string, string>) =>
    request(sut.server).post(urlFor(route, 'nl')).set('HX-Request', 'true').type('form').send(fields);
  const delivered = (email: string) => until(`lead of ${email} delivered`, async () => (await leads().findOneBy({ email }))?.status === 'DELIVERED', Boolean, { timeoutMs: 20_000 });

  it('delivers an extra-info request about a source A listing to A’s contact endpoint, by the CRM’s property id', async () => {
    const response = await post('ajaxContactForm', { ...VISITOR, email: 'a-lead@example.be', estateId: String(listingA.id) });
    expect(response.status).toBe(200);
    const lead = await leads().findOneByOrFail({ email: 'a-lead@example.be' });
    expect(lead).toMatchObject({ kind: 'extra-info', source: 'A', estateId: listingA.id, sourceEstateId: listingA.sourceId, locale: 'nl' });
    await delivered('a-lead@example.be');
    const received = crm.leads.a.find((posted) => zabunLeadEmail(posted) === 'a-lead@example.be');
    expect(received).toMatchObject({
      endpoint: 'contactmessage',
      body: {
        contact: { first_name: 'Jan', last_name: 'Peeters', email: 'a-lead@example.be', language: 'nl' },
        message: { property_id: Number(listingA.sourceId), info: expect.arrayContaining(['website lead: extra-info', `reference: ${lead.id}`]) },
      },
    });
  });

  it('delivers the sender of a send-to-a-friend about a source B listing to B’s webhook, never the friend', async () => {
    const response = await post('ajaxSendToFriend', { name: 'Marie', email: 'b-lead@example.be', friendName: 'Luc', friendEmail: 'luc-friend@example.be', estateId: String(listingB.id) });
    expect(response.status).toBe(200);
    await delivered('b-lead@example.be');
    const received = crm.leads.b.find((body) => (body.lead as { contact: { email: string } }).contact.email === 'b-lead@example.be');
    expect(received).toMatchObject({ event: 'lead', lead: { kind: 'send-to-friend', propertyId: listingB.sourceId } });
    expect(JSON.stringify(crm.leads.b)).not.toContain('luc-friend@example.be');
    expect(await leads().countBy({ email: 'luc-friend@example.be' })).toBe(0);
  });

  it('delivers a confirmed keep-me-informed subscription to Zabun as a search profile (contactrequest), with its search', async () => {
    const token = await demoSubscriptionToken(sut.app, 'profile-lead@example.be', 'unconfirmed');
    expect((await sut.app.get(SubscriptionService).confirm(token)).kind).toBe('ok');
    const lead = await leads().findOneByOrFail({ email: 'profile-lead@example.be' });
    expect(lead).toMatchObject({ kind: 'subscription', source: 'A', searchProfile: { transaction: 'buy', headTypes: ['HOUSE'], locations: ['Gent'], priceMax: 400_000 } });
    await delivered('profile-lead@example.be');
    const received = crm.leads.a.find((posted) => zabunLeadEmail(posted) === 'profile-lead@example.be');
    expect(received?.endpoint).toBe('contactrequest');
    expect(received?.body.request).toMatchObject({ price: { max: 400_000 }, transactions: [expect.any(Number)], headtypes: [expect.any(Number)] });
  });

  it('sends a lead about no listing to the configured default CRM', async () => {
    await post('ajaxContactForm', { ...VISITOR, email: 'default-lead@example.be' });
    expect(await leads().findOneByOrFail({ email: 'default-lead@example.be' })).toMatchObject({ kind: 'contact', source: 'A', estateId: null });
    await delivered('default-lead@example.be');
  });

  it('delivers a holiday booking request as a booking lead to the default CRM, with the stay', async () => {
    const today = todayInBelgium();
    await storeHolidayUnit(sut.app.get(DataSource), {
      id: 998,
      name: { nl: 'Leadhuis', en: 'Lead house' },
      description: { nl: 'Een huis voor leads.' },
      houseRules: { nl: 'Niet roken.' },
      street: 'Zeedijk 2',
      seasons: [{ name: { nl: 'Altijd' }, start: addDays(today, -10), end: addDays(today, 400), perNight: 100, perWeek: 600, minimumNights: 2 }],
    });
    const response = await request(sut.server)
      .post(urlFor('holidayBooking', 'fr', { rentalUnitId: 998 }))
      .type('form')
      .send({ ...VISITOR, email: 'booking-lead@example.be', message: 'Avec le vélo.', arrival: addDays(today, 20), departure: addDays(today, 23), guests: '2', 'g-recaptcha-response': '' });
    expect(response.status).toBe(303);
    const lead = await leads().findOneByOrFail({ email: 'booking-lead@example.be' });
    expect(lead).toMatchObject({ kind: 'booking', source: 'A', estateId: null, locale: 'fr', name: 'Jan Peeters', phone: VISITOR.phone });
    expect(lead.message).toContain('Leadhuis');
    expect(lead.message).toContain('Avec le vélo.');
    await delivered('booking-lead@example.be');
    expect(crm.leads.a.find((posted) => zabunLeadEmail(posted) === 'booking-lead@example.be')).toMatchObject({
      endpoint: 'contactmessage',
      body: { message: { info: expect.arrayContaining(['website lead: booking', `reference: ${lead.id}`]) } },
    });
  });

  it('retries a lead the CRM refused, with backoff, until it is accepted', async () => {
    crm.leads.failure = 'once-500';
    await post('ajaxContactForm', { ...VISITOR, email: 'retry-lead@example.be', estateId: String(listingA.id) });
    await delivered('retry-lead@example.be');
    const lead = await leads().findOneByOrFail({ email: 'retry-lead@example.be' });
    expect(lead.attempts).toBe(2);
    expect(crm.leads.a.filter((posted) => zabunLeadEmail(posted) === 'retry-lead@example.be')).toHaveLength(1);
  });

  it('stores no lead when the submission is refused', async () => {
    const before = await leads().count();
    const response = await post('ajaxContactForm', { ...VISITOR, email: 'not-an-address', estateId: String(listingA.id) });
    expect(response.status).toBe(422);
    expect(await leads().count()).toBe(before);
  });

  it('records a lead only with the transaction it belongs to', async () => {
    const service = sut.app.get(LeadsService);
    await expect(
      sut.app.get(DataSource).transaction(async (manager) => {
        await service.record('booking', { estateId: listingB.id, locale: 'fr', name: 'Rolled Back', email: 'rollback@example.be' }, manager);
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    expect(await leads().countBy({ email: 'rollback@example.be' })).toBe(0);
  });

  it('keeps a lead for a CRM that takes none as SKIPPED', async () => {
    const other = await startTestApp({ LEAD_DEFAULT_SOURCE: 'B' });
    try {
      await request(other.server).post(urlFor('ajaxContactForm', 'en')).set('HX-Request', 'true').type('form').send({ ...VISITOR, email: 'skipped@example.be' });
      const rows = other.app.get(DataSource).getRepository(LeadEntity);
      await until('lead skipped', async () => (await rows.findOneBy({ email: 'skipped@example.be' }))?.status === 'SKIPPED', Boolean, { timeoutMs: 20_000 });
    } finally {
      await other.close();
    }
  });

  it('keeps a lead the CRM refused on every attempt as FAILED, with the last error', async () => {
    const other = await startTestApp({ ...fakeCrmEnv(crm), LEAD_MAX_ATTEMPTS: '2', LEAD_RETRY_DELAY_SECONDS: '1' });
    crm.leads.failure = 'always-500';
    try {
      await request(other.server).post(urlFor('ajaxContactForm', 'en')).set('HX-Request', 'true').type('form').send({ ...VISITOR, email: 'failed-lead@example.be' });
      const rows = other.app.get(DataSource).getRepository(LeadEntity);
      await until('lead failed', async () => (await rows.findOneBy({ email: 'failed-lead@example.be' }))?.status === 'FAILED', Boolean, { timeoutMs: 30_000 });
      expect(await rows.findOneByOrFail({ email: 'failed-lead@example.be' })).toMatchObject({ attempts: 2, lastError: expect.stringContaining('HTTP 500') });
    } finally {
      crm.leads.failure = 'none';
      await other.close();
    }
  });
});
