import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { InquiryEntity } from '../../src/inquiries/inquiry.entity.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { urlFor } from '../../src/routing/routes.js';
import { FakeVerifierServer } from '../support/fake-verifier-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

const VALID_EXTRA_INFO = {
  name: 'Jan Peeters',
  email: 'jan@example.be',
  phone: '+32 470 12 34 56',
  message: 'Is een bezoek zaterdag mogelijk?',
  privacyConsent: 'on',
  'g-recaptcha-response': 'token-ok',
};

describe('inquiry forms', () => {
  let verifier: FakeVerifierServer;
  let outboxDir: string;
  let sut: TestApp;
  let estateId: number;

  beforeAll(async () => {
    verifier = new FakeVerifierServer();
    await verifier.start();
    outboxDir = mkdtempSync(join(tmpdir(), 'immo-outbox-'));
    sut = await startTestApp({
      BOT_CHECK_SECRET: 'verifier-secret',
      BOT_CHECK_VERIFY_URL: verifier.url,
      MAIL_OUTBOX_DIR: outboxDir,
      FORM_RATE_LIMIT: '16',
    });
    const listing = await sut.app
      .get(DataSource)
      .getRepository(EstateEntity)
      .findOne({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' } });
    estateId = listing!.id;
  });

  afterAll(async () => {
    await sut.close();
    await verifier.stop();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    verifier.answer = { status: 200, body: { success: true, score: 0.9 } };
  });

  const inquiries = () => sut.app.get(DataSource).getRepository(InquiryEntity);
  const outbox = () => sut.app.get(DataSource).getRepository(MailEntity);
  const post = (route: 'ajaxContactForm' | 'ajaxSendToFriend', locale: 'nl' | 'fr' | 'en' | 'de', fields: Record<string, string>, htmx = true) => {
    const call = request(sut.server).post(urlFor(route, locale)).type('form').send({ estateId: String(estateId), ...fields });
    return htmx ? call.set('HX-Request', 'true') : call;
  };

  it('stores an accepted extra-info request, queues its mail to the agency and writes the .eml', async () => {
    const before = await inquiries().count();
    const response = await post('ajaxContactForm', 'nl', VALID_EXTRA_INFO);
    expect(response.status).toBe(200);
    expect(await inquiries().count()).toBe(before + 1);
    const stored = await inquiries().findOneOrFail({ where: { email: 'jan@example.be' } });
    expect(stored).toMatchObject({ kind: 'EXTRA_INFO', estateId, locale: 'nl', privacyConsent: true });
    const mail = await outbox().findOneOrFail({ where: { inquiryId: stored.id } });
    expect(mail).toMatchObject({ to: 'info@immo.example', replyTo: 'jan@example.be' });
    expect(verifier.requests.at(-1)?.get('secret')).toBe('verifier-secret');
    expect(verifier.requests.at(-1)?.get('response')).toBe('token-ok');

    // Its job sends it right after the request, in the background.
    await until('mail sent', async () => (await outbox().findOneByOrFail({ id: mail.id })).status === 'SENT', Boolean, { timeoutMs: 20_000 });
    const eml = readFileSync(join(outboxDir, `${mail.id}.eml`), 'utf8');
    expect(eml).toContain('To: info@immo.example');
    expect(eml).toContain('Is een bezoek zaterdag mogelijk?');
    expect(mail.text).toContain(`http://immo.test/nl/aanbod/${estateId}/`);
  });

  it('accepts an empty optional phone number, as a browser sends it', async () => {
    const response = await post('ajaxContactForm', 'nl', { ...VALID_EXTRA_INFO, phone: '', email: 'nophone@example.be' });
    expect(response.status).toBe(200);
    expect(await inquiries().findOneByOrFail({ email: 'nophone@example.be' })).toMatchObject({ phone: null });
  });

  it('sends a listing to a friend in the visitor’s language', async () => {
    const response = await post('ajaxSendToFriend', 'fr', {
      name: 'Marie',
      email: 'marie@example.be',
      friendName: 'Luc',
      friendEmail: 'luc@example.be',
      'g-recaptcha-response': 'token-ok',
    });
    expect(response.status).toBe(200);
    const stored = await inquiries().findOneOrFail({ where: { friendEmail: 'luc@example.be' } });
    const mail = await outbox().findOneOrFail({ where: { inquiryId: stored.id } });
    expect(mail.to).toBe('luc@example.be');
    expect(mail.subject).toContain('Marie vous envoie un bien');
  });

  it('answers invalid input with 422 and localized field errors, storing nothing', async () => {
    const before = await inquiries().count();
    const fr = await post('ajaxContactForm', 'fr', { ...VALID_EXTRA_INFO, email: 'pas-une-adresse', name: '' });
    expect(fr.status).toBe(422);
    expect(fr.text).toContain('Veuillez saisir une adresse e-mail valide.');
    expect(fr.text).toContain('Veuillez remplir ce champ.');
    expect(fr.text).toContain('value="pas-une-adresse"');
    expect(fr.text).toContain('aria-invalid="true"');
    const de = await post('ajaxSendToFriend', 'de', { name: 'Max', email: 'max@example.de', friendName: '', friendEmail: 'x', 'g-recaptcha-response': 'token-ok' });
    expect(de.status).toBe(422);
    expect(de.text).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(await inquiries().count()).toBe(before);
  });

  it('requires the privacy consent for extra information (SPEC §5), storing nothing', async () => {
    const before = await inquiries().count();
    const { privacyConsent: _omitted, ...withoutConsent } = VALID_EXTRA_INFO;
    const response = await post('ajaxContactForm', 'en', withoutConsent);
    expect(response.status).toBe(422);
    expect(response.text).toContain('Please give your consent so we can send your request.');
    expect(await inquiries().count()).toBe(before);
  });

  it('refuses when the verifier says bot, storing nothing', async () => {
    verifier.answer = { status: 200, body: { success: false } };
    const before = await inquiries().count();
    const response = await post('ajaxContactForm', 'nl', VALID_EXTRA_INFO);
    expect(response.status).toBe(403);
    expect(response.text).not.toContain('<form');
    expect(await inquiries().count()).toBe(before);
  });

  it('fails with 503 when the verifier is down, storing nothing', async () => {
    verifier.answer = { status: 502, body: {} };
    const before = await inquiries().count();
    const response = await post('ajaxContactForm', 'nl', VALID_EXTRA_INFO);
    expect(response.status).toBe(503);
    expect(await inquiries().count()).toBe(before);
  });

  it('an unknown listing is a 404', async () => {
    const response = await request(sut.server).post(urlFor('ajaxContactForm', 'nl')).type('form').send({ ...VALID_EXTRA_INFO, estateId: '999999' });
    expect(response.status).toBe(404);
  });

  it('without JavaScript: success redirects (303) to the listing with ?sent, errors show the form page', async () => {
    const ok = await post('ajaxContactForm', 'nl', { ...VALID_EXTRA_INFO, email: 'nojs@example.be' }, false);
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toMatch(new RegExp(`^/nl/aanbod/${estateId}/[a-z0-9-]+\\?sent=extra-info$`));
    const page = await request(sut.server).get(ok.headers.location);
    expect(page.text).toMatch(/class="alert alert--success" role="status" data-modal-success="">/);

    const invalid = await post('ajaxContactForm', 'nl', { ...VALID_EXTRA_INFO, email: 'x' }, false);
    expect(invalid.status).toBe(422);
    expect(invalid.text).toContain('<html lang="nl"');
    expect(invalid.text).toContain('Vul een geldig e-mailadres in.');
  });

  it('limits submissions per IP (429, localized)', async () => {
    let last = 0;
    for (let i = 0; i < 20 && last !== 429; i++) {
      last = (await post('ajaxContactForm', 'de', { ...VALID_EXTRA_INFO, email: `flood${i}@example.be` })).status;
    }
    expect(last).toBe(429);
    const refused = await post('ajaxContactForm', 'de', VALID_EXTRA_INFO);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Sie haben zu viele Anfragen gesendet.');
    expect(refused.text).not.toContain('<form');
  });
});

describe('bot-check configuration', () => {
  it('stops the start in production with a real database and no secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@localhost/immo' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@localhost/immo' })).toThrow(/BOT_CHECK_SECRET/);
  });

  it('lets the embedded demo run without a secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow();
  });
});
