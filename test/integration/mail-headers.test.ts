import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { AppointmentEntity } from '../../src/appointments/appointment.entity.js';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { encodeFavorites, FAVORITES_COOKIE } from '../../src/favorites/favorites-cookie.js';
import { urlFor } from '../../src/routing/routes.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import type { FakeVerifierServer } from '../support/fake-verifier-server.js';
import type { SmtpTestServer } from '../support/smtp-test-server.js';
import { type TestApp } from '../support/test-app.js';
import { type FormTestApp, startFormTestApp } from '../support/form-test-app.js';
import { until } from '../support/poll.js';

const DAY = 24 * 3600 * 1000;
const AGENCY = { name: 'Immo Vastgoed', email: 'info@immo.example' };

/** What a mail client shows of a mail: sender, reply target, language, and the images it loads. */
describe('mails as a mail client gets them', () => {
  let crm: FakeCrmServer;
  let verifier: FakeVerifierServer;
  let smtp: SmtpTestServer;
  let sut: TestApp;
  let forms: FormTestApp;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    Object.assign(crm.sourceA.appointments[0]!, { start: new Date(Date.now() + 3 * DAY).toISOString() });
    await crm.start();
    ({ sut, verifier, smtp } = forms = await startFormTestApp(fakeCrmEnv(crm)));
    verifier.answer = { status: 200, body: { success: true, score: 0.9 } };
  });

  afterAll(async () => {
    try {
      await forms?.close();
    } finally {
      await crm.stop();
    }
  });

  const delivered = async (what: string, match: (mail: ParsedMail) => boolean): Promise<ParsedMail> => {
    await until(what, async () => smtp.received.some(match), Boolean, { timeoutMs: 20_000 });
    return smtp.received.find(match)!;
  };

  const favouritesMail = async (): Promise<ParsedMail> => {
    const listings = await sut.app.get(DataSource).getRepository(EstateEntity).find({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' }, take: 2 });
    const cookie = `${FAVORITES_COOKIE}=${encodeFavorites(listings.map((listing) => listing.id), sut.config.COOKIE_SECRET)}`;
    const response = await request(sut.server)
      .post(urlFor('favoritesMail', 'fr'))
      .set('HX-Request', 'true')
      .set('Cookie', cookie)
      .type('form')
      .send({ 'g-recaptcha-response': 'ok', email: 'fan@example.be', privacyConsent: 'on' });
    expect(response.status).toBe(200);
    return delivered('favourites mail', (mail) => mail.to !== undefined && 'text' in mail.to && mail.to.text === 'fan@example.be');
  };

  it('the favourites mail comes from the agency by name, answers go to the agency, and it says its language', async () => {
    const mail = await favouritesMail();
    expect(mail.from?.value).toEqual([{ name: AGENCY.name, address: 'no-reply@immo.example' }]);
    expect(mail.replyTo?.value).toEqual([expect.objectContaining({ address: AGENCY.email })]);
    expect(mail.headers.get('content-language')).toBe('fr');
  });

  it('the visitor’s cancellation mail answers to the agency, in the visitor’s language', async () => {
    const appointment = await sut.app.get(DataSource).getRepository(AppointmentEntity).findOneByOrFail({ source: 'A', sourceId: '7001' });
    const response = await request(sut.server)
      .post(urlFor('cancelAppointment', 'en', { appointmentId: appointment.publicId }))
      .set('HX-Request', 'true')
      .type('form')
      .send({ 'g-recaptcha-response': 'ok' });
    expect(response.status).toBe(200);
    const mail = await delivered('cancellation mail', (mail) => mail.subject?.startsWith('Appointment cancelled') === true);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('jan.peeters@example.be');
    expect(mail.from?.value[0]?.name).toBe(AGENCY.name);
    expect(mail.replyTo?.value).toEqual([expect.objectContaining({ address: AGENCY.email })]);
    expect(mail.headers.get('content-language')).toBe('en');
  });

  it('shows a PNG logo that a mail client on another origin may load, cached for long', async () => {
    const mail = await favouritesMail();
    const [, src] = /<img src="([^"]+)"/.exec(String(mail.html)) ?? [];
    expect(src).toMatch(/^http:\/\/immo\.test\/assets\/logo-[0-9A-F]+\.png$/);
    const logo = await request(sut.server).get(new URL(src!).pathname);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cross-origin-resource-policy']).not.toBe('same-origin');
    expect(logo.headers['cache-control']).toMatch(/max-age=31536000/);
  });
});
