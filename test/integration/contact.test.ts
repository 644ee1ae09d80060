import request from 'supertest';
import { DataSource } from 'typeorm';
import { InquiryEntity } from '../../src/inquiries/inquiry.entity.js';
import { LeadEntity } from '../../src/leads/lead.entity.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { LOCALES } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import type { FakeVerifierServer } from '../support/fake-verifier-server.js';
import type { SmtpTestServer } from '../support/smtp-test-server.js';
import { type TestApp } from '../support/test-app.js';
import { type FormTestApp, startFormTestApp } from '../support/form-test-app.js';
import { until } from '../support/poll.js';

const VALID = {
  name: 'Sofie Janssens',
  email: 'sofie@example.be',
  phone: '+32 478 00 11 22',
  message: 'Ik wil mijn woning laten schatten.',
  privacyConsent: 'on',
  'g-recaptcha-response': 'token-ok',
};

describe('contact form', () => {
  let verifier: FakeVerifierServer;
  let smtp: SmtpTestServer;
  let sut: TestApp;
  let forms: FormTestApp;

  beforeAll(async () => {
    ({ sut, verifier, smtp } = forms = await startFormTestApp());
  });

  afterAll(() => forms?.close());

  beforeEach(() => {
    verifier.answer = { status: 200, body: { success: true, score: 0.9 } };
  });

  const db = () => sut.app.get(DataSource);
  const stored = async () => ({ inquiries: await db().getRepository(InquiryEntity).count(), leads: await db().getRepository(LeadEntity).count(), mails: await db().getRepository(MailEntity).count() });
  const post = (fields: Record<string, string>, htmx = true, locale: 'nl' | 'fr' | 'en' | 'de' = 'nl') => {
    const call = request(sut.server).post(urlFor('ajaxContactForm', locale)).type('form').send(fields);
    return htmx ? call.set('HX-Request', 'true') : call;
  };

  it.each([...LOCALES])('has a contact page in %s, linked from every page’s footer', async (locale) => {
    const page = await request(sut.server).get(urlFor('contact', locale));
    expect(page.status).toBe(200);
    expect(page.text).toContain(`action="${urlFor('ajaxContactForm', locale)}"`);
    expect(page.text).toContain('name="privacyConsent"');
    expect(page.text).toContain('name="reference"');
    const home = await request(sut.server).get(urlFor('home', locale));
    expect(home.text).toContain(`href="${urlFor('contact', locale)}"`);
  });

  it('stores the message, mails the agency through SMTP, records the lead, and swaps the form for the thanks', async () => {
    const response = await post({ ...VALID, reference: 'REF-UNKNOWN' });
    expect(response.status).toBe(200);
    expect(response.text).toContain('Bedankt, we hebben uw bericht goed ontvangen');
    expect(response.text).not.toContain('<html');
    const inquiry = await db().getRepository(InquiryEntity).findOneByOrFail({ email: VALID.email });
    expect(inquiry).toMatchObject({ kind: 'CONTACT', estateId: null, reference: 'REF-UNKNOWN', privacyConsent: true, locale: 'nl' });
    expect(await db().getRepository(LeadEntity).findOneByOrFail({ email: VALID.email })).toMatchObject({ kind: 'contact', estateId: null });
    await until('contact mail delivered', async () => smtp.received.some((mail) => mail.subject?.includes('Sofie Janssens')), Boolean, { timeoutMs: 20_000 });
    const mail = smtp.received.find((received) => received.subject?.includes('Sofie Janssens'))!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('info@immo.example');
    expect(mail.replyTo?.text).toBe(VALID.email);
    expect(mail.text).toContain('Ik wil mijn woning laten schatten.');
    expect(mail.text).toContain('REF-UNKNOWN');
  });

  it('links the message to the listing whose reference the visitor typed', async () => {
    const estate = await db().query(`SELECT id, document->>'reference' AS reference FROM estates WHERE document->>'reference' IS NOT NULL ORDER BY id LIMIT 1`) as Array<{ id: number; reference: string }>;
    await post({ ...VALID, email: 'ref@example.be', reference: estate[0]!.reference });
    expect(await db().getRepository(InquiryEntity).findOneByOrFail({ email: 'ref@example.be' })).toMatchObject({ estateId: estate[0]!.id });
    expect(await db().getRepository(LeadEntity).findOneByOrFail({ email: 'ref@example.be' })).toMatchObject({ estateId: estate[0]!.id });
  });

  it('without JavaScript: 303 to the contact page, which thanks', async () => {
    const response = await post({ ...VALID, email: 'nojs-contact@example.be' }, false, 'fr');
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/fr/contact?sent=1');
    const thanks = await request(sut.server).get(response.headers.location);
    expect(thanks.text).toContain('Merci, nous avons bien reçu votre message');
    expect(thanks.headers['cache-control']).toContain('no-store');
  });

  it('refuses invalid input with 422 and the contact form (not the listing’s), storing nothing', async () => {
    const before = await stored();
    const htmx = await post({ ...VALID, email: 'geen-adres', message: '' });
    expect(htmx.status).toBe(422);
    expect(htmx.text).toContain('id="contact-form"');
    expect(htmx.text).toContain('value="geen-adres"');
    expect(htmx.text).toContain('aria-invalid="true"');
    const page = await post({ ...VALID, email: 'geen-adres' }, false, 'de');
    expect(page.status).toBe(422);
    expect(page.text).toContain('<html lang="de"');
    expect(page.text).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(await stored()).toEqual(before);
  });

  it('refuses a message without the privacy consent, storing nothing', async () => {
    const before = await stored();
    const { privacyConsent: _left, ...withoutConsent } = VALID;
    const response = await post(withoutConsent, true, 'en');
    expect(response.status).toBe(422);
    expect(response.text).toContain('Please give your consent so we can send your request.');
    expect(await stored()).toEqual(before);
  });

  it('refuses when the bot check says bot, storing nothing', async () => {
    verifier.answer = { status: 200, body: { success: false } };
    const before = await stored();
    const response = await post({ ...VALID, email: 'bot@example.be' });
    expect(response.status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('refuses a cross-site post with 403, storing nothing', async () => {
    const before = await stored();
    const response = await request(sut.server)
      .post(urlFor('ajaxContactForm', 'en'))
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ ...VALID, email: 'csrf@example.be' });
    expect(response.status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('stores a double submit once', async () => {
    const fields = { ...VALID, email: 'double-contact@example.be' };
    const [first, second] = await Promise.all([post(fields), post(fields)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await db().getRepository(InquiryEntity).countBy({ email: fields.email })).toBe(1);
    expect(await db().getRepository(LeadEntity).countBy({ email: fields.email })).toBe(1);
  });
});
