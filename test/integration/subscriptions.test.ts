import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { LeadEntity } from '../../src/leads/lead.entity.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { eraseVisitor } from '../../src/privacy/visitor-data.js';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { SubscriptionEntity } from '../../src/subscriptions/subscription.entity.js';
import { SubscriptionTokenEntity } from '../../src/subscriptions/subscription-token.entity.js';
import { hashSubscriptionToken } from '../../src/subscriptions/subscription-token.js';
import { SubscriptionService } from '../../src/subscriptions/subscription.service.js';
import { FakeVerifierServer } from '../support/fake-verifier-server.js';
import { SmtpTestServer } from '../support/smtp-test-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

const VALID = {
  transaction: 'buy',
  headTypes: ['HOUSE', 'APARTMENT'],
  locations: 'Gent, 9000',
  priceMax: '450000',
  email: 'An.Peeters@example.be',
  name: 'An Peeters',
  language: 'nl',
  frequency: 'daily',
  privacyConsent: 'on',
  'g-recaptcha-response': 'token-ok',
};

type Fields = Record<string, string | readonly string[] | undefined>;

/** A browser's form body: repeated fields for lists. */
function formBody(fields: Fields): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of typeof value === 'string' ? [value] : value) params.append(name, item);
  }
  return params.toString();
}

const TOKEN = '[A-Za-z0-9_-]{43}';

/** The token of a link of the given route in a mail's text. */
function linkToken(mail: ParsedMail, route: 'confirmSubscription' | 'editSubscriptions' | 'unsubscribe', locale: Locale = 'nl'): string {
  const prefix = urlFor(route, locale, { token: 'TOKEN' }).replace('TOKEN', '');
  const match = new RegExp(`http://immo\\.test${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(${TOKEN})`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${route} link in: ${mail.text}`);
  return match[1];
}

/** Whether a checkbox or radio button is rendered checked. */
function checked(html: string, name: string, value: string): boolean {
  return new RegExp(`<input type="(checkbox|radio)" name="${name}" checked="" value="${value}"`).test(html);
}

/** A page with no form of its own (the cookie banner's aside). */
const NO_FORM = /subscription-form|subscription-notice__action/;

function header(mail: ParsedMail, name: string): string | undefined {
  return mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, ' ');
}

describe('keep me informed', () => {
  let smtp: SmtpTestServer;
  let verifier: FakeVerifierServer;
  let sut: TestApp;

  beforeAll(async () => {
    smtp = new SmtpTestServer();
    await smtp.start();
    verifier = new FakeVerifierServer();
    await verifier.start();
    sut = await startTestApp({
      SMTP_URL: smtp.url,
      BOT_CHECK_SECRET: 'verifier-secret',
      BOT_CHECK_VERIFY_URL: verifier.url,
      FORM_RATE_LIMIT: '100',
    });
  });

  afterAll(async () => {
    await sut?.close();
    await verifier.stop();
    await smtp.stop();
  });

  beforeEach(() => {
    verifier.answer = { status: 200, body: { success: true, score: 0.9 } };
  });

  const subscriptions = () => sut.app.get(DataSource).getRepository(SubscriptionEntity);
  const mails = () => sut.app.get(DataSource).getRepository(MailEntity);
  const post = (fields: Fields, options: { locale?: Locale; htmx?: boolean } = {}) => {
    const call = request(sut.server).post(urlFor('ajaxNotifications', options.locale ?? 'nl')).type('form').send(formBody(fields));
    return options.htmx === false ? call : call.set('HX-Request', 'true');
  };
  /** Waits for the SMTP server to receive a mail to `to` with a subject containing `subject`, beyond the `after` first. */
  const received = async (to: string, subject: string, after = 0): Promise<ParsedMail> => {
    const matching = () => smtp.received.filter((mail) => mail.to && JSON.stringify(mail.to).toLowerCase().includes(to.toLowerCase()) && (mail.subject ?? '').includes(subject));
    await until(`mail "${subject}" to ${to}`, async () => matching().length > after, Boolean, { timeoutMs: 20_000 });
    return matching()[after];
  };
  const counts = async () => ({ subscriptions: await subscriptions().count(), mails: await mails().count() });
  /** Subscribes and confirms; the tokens of the confirmation mail. */
  const subscribeConfirmed = async (email: string, locale: Locale = 'nl', fields: Fields = {}) => {
    expect((await post({ ...VALID, email, language: locale, ...fields }, { locale })).status).toBe(200);
    const mail = await received(email, locale === 'fr' ? 'Confirmez' : 'Bevestig');
    const tokens = { confirm: linkToken(mail, 'confirmSubscription', locale), edit: linkToken(mail, 'editSubscriptions', locale), unsubscribe: linkToken(mail, 'unsubscribe', locale) };
    expect((await request(sut.server).post(urlFor('confirmSubscription', locale, { token: tokens.confirm }))).status).toBe(200);
    return tokens;
  };

  describe('subscribing (double opt-in)', () => {
    it('stores an unconfirmed subscription and mails only the confirmation, with confirm, edit and unsubscribe links', async () => {
      const response = await post(VALID);
      expect(response.status).toBe(200);
      expect(response.headers['hx-redirect']).toBe(urlFor('subscribeSuccess', 'nl'));

      const stored = await subscriptions().findOneByOrFail({ email: 'an.peeters@example.be' });
      expect(stored).toMatchObject({ status: 'unconfirmed', locale: 'nl', frequency: 'daily', name: 'An Peeters', confirmedAt: null });
      expect(stored.criteria).toMatchObject({ transaction: 'buy', headTypes: ['HOUSE', 'APARTMENT'], locations: ['Gent', '9000'], priceMax: 450000 });
      expect(stored.expiresAt!.getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);

      const mail = await received('an.peeters@example.be', 'Bevestig uw inschrijving');
      expect(mail.text).toContain('Dag An Peeters,');
      const confirm = linkToken(mail, 'confirmSubscription');
      expect(linkToken(mail, 'editSubscriptions')).toBe(confirm);
      expect(linkToken(mail, 'unsubscribe')).toBe(confirm);
      expect(mail.html).toContain('<html lang="nl"');
      expect(await mails().countBy({ to: 'an.peeters@example.be' })).toBe(1);
    });

    it('keeps only the SHA-256 of a link’s token, never the token', async () => {
      await post({ ...VALID, email: 'hash@example.be' });
      const token = linkToken(await received('hash@example.be', 'Bevestig'), 'confirmSubscription');
      const stored = await subscriptions().findOneByOrFail({ email: 'hash@example.be' });
      const tokens = await sut.app.get(DataSource).getRepository(SubscriptionTokenEntity).findBy({ subscriptionId: stored.id });
      expect(tokens.map((row) => row.tokenHash)).toEqual([hashSubscriptionToken(token)]);
      const dump = JSON.stringify(await sut.app.get(DataSource).query('SELECT * FROM subscriptions s JOIN subscription_tokens t ON t.subscription_id = s.id'));
      expect(dump).not.toContain(token);
    });

    it('carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on the confirmation mail', async () => {
      await post({ ...VALID, email: 'headers@example.be' });
      const mail = await received('headers@example.be', 'Bevestig');
      const token = linkToken(mail, 'unsubscribe');
      expect(header(mail, 'List-Unsubscribe')).toBe(`<http://immo.test${urlFor('unsubscribe', 'nl', { token })}>`);
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    });

    it('redirects a post without JavaScript to the success page (303)', async () => {
      const response = await post({ ...VALID, email: 'nojs@example.be' }, { htmx: false });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(urlFor('subscribeSuccess', 'nl'));
      const success = await request(sut.server).get(urlFor('subscribeSuccess', 'nl'));
      expect(success.status).toBe(200);
      expect(success.text).toContain('bevestig uw e-mailadres');
    });

    it('writes the mails in the chosen language, not the page’s', async () => {
      await post({ ...VALID, email: 'marie@example.be', language: 'fr' });
      const mail = await received('marie@example.be', 'Confirmez votre inscription');
      expect(linkToken(mail, 'confirmSubscription', 'fr')).toMatch(new RegExp(`^${TOKEN}$`));
      expect(mail.text).toContain('Bonjour An Peeters,');
    });

    it('pre-fills the form from a search’s query string', async () => {
      const response = await request(sut.server).get(`${urlFor('subscribe', 'fr')}?transaction=rent&headTypes=APARTMENT&locations=Li%C3%A8ge&priceMax=1200&bedroomsMin=2`);
      expect(response.status).toBe(200);
      expect(checked(response.text, 'transaction', 'rent')).toBe(true);
      expect(checked(response.text, 'headTypes', 'APARTMENT')).toBe(true);
      expect(checked(response.text, 'headTypes', 'HOUSE')).toBe(false);
      expect(response.text).toContain('value="Liège"');
      expect(response.text).toMatch(/<option value="1200" selected="">/);
      expect(response.text).toMatch(/<option value="2" selected="">/);
      expect(response.text).toMatch(/<option value="fr" selected="">/);
      expect(response.text).toMatch(/<option value="daily" selected="">/);
    });

    it('keeps the new filters (issue 38): pre-filled from the search, stored from the post, said in the confirmation mail', async () => {
      const query = 'transaction=buy&livingAreaMin=120&epc=C&garden=1&parking=1&facadesMin=3&newBuild=1&newSince=7';
      const page = await request(sut.server).get(`${urlFor('subscribe', 'nl')}?${query}`).expect(200);
      expect(checked(page.text, 'garden', '1')).toBe(true);
      expect(checked(page.text, 'parking', '1')).toBe(true);
      expect(checked(page.text, 'terrace', '1')).toBe(false);
      expect(page.text).toMatch(/<select id="subscription-epc" name="epc">[^]*?<option value="C" selected="">/);
      expect(page.text).toMatch(/<select id="subscription-livingAreaMin" name="livingAreaMin">[^]*?<option value="120" selected="">/);
      const email = 'filters@example.be';
      const fields = { livingAreaMin: '120', epc: 'C', garden: '1', parking: '1', facadesMin: '3', newBuild: '1', newSince: '7' };
      expect((await post({ ...VALID, email, ...fields })).status).toBe(200);
      const stored = await subscriptions().findOneByOrFail({ email });
      expect(stored.criteria).toMatchObject({ livingAreaMin: 120, epc: 'C', garden: true, terrace: false, parking: true, facadesMin: 3, newBuild: true, newSince: 7 });
      const mail = await received(email, 'Bevestig uw inschrijving');
      for (const line of ['Bewoonbare oppervlakte: Vanaf 120 m²', 'EPC-label: C of beter', 'Gevels: 3 of meer (halfopen bebouwing)', 'Met: tuin, garage of parking, nieuwbouw', 'Nieuw in het aanbod: De voorbije week']) {
        expect(mail.text).toContain(line);
      }
    });

    it('confirms with the button: the GET page changes nothing, the POST activates', async () => {
      await post({ ...VALID, email: 'confirm@example.be' });
      const token = linkToken(await received('confirm@example.be', 'Bevestig'), 'confirmSubscription');
      const pageResponse = await request(sut.server).get(urlFor('confirmSubscription', 'nl', { token }));
      expect(pageResponse.status).toBe(200);
      expect(pageResponse.text).toContain(`action="${urlFor('confirmSubscription', 'nl', { token })}"`);
      expect(pageResponse.headers['cache-control']).toContain('no-store');
      expect(await subscriptions().findOneByOrFail({ email: 'confirm@example.be' })).toMatchObject({ status: 'unconfirmed' });

      const confirmed = await request(sut.server).post(urlFor('confirmSubscription', 'nl', { token }));
      expect(confirmed.status).toBe(200);
      expect(confirmed.text).toContain('Uw inschrijving is bevestigd');
      const stored = await subscriptions().findOneByOrFail({ email: 'confirm@example.be' });
      expect(stored).toMatchObject({ status: 'active', expiresAt: null });
      expect(stored.confirmedAt).not.toBeNull();
    });

    it('records a confirmed subscription (and only a confirmed one) as a lead for the agency', async () => {
      const leads = () => sut.app.get(DataSource).getRepository(LeadEntity);
      await post({ ...VALID, email: 'lead@example.be' });
      const token = linkToken(await received('lead@example.be', 'Bevestig'), 'confirmSubscription');
      expect(await leads().countBy({ email: 'lead@example.be' })).toBe(0);
      await request(sut.server).post(urlFor('confirmSubscription', 'nl', { token }));
      await request(sut.server).post(urlFor('confirmSubscription', 'nl', { token }));
      const [lead, ...more] = await leads().findBy({ email: 'lead@example.be' });
      expect(more).toHaveLength(0);
      expect(lead).toMatchObject({ kind: 'subscription', name: 'An Peeters', locale: 'nl' });
      expect(lead.message).toMatch(/Maximumprijs: €\s450\.000/);
    });

    it('answers a double confirm as already confirmed, changing nothing', async () => {
      const { confirm } = await subscribeConfirmed('double-confirm@example.be');
      const before = await subscriptions().findOneByOrFail({ email: 'double-confirm@example.be' });
      const again = await request(sut.server).post(urlFor('confirmSubscription', 'nl', { token: confirm }));
      expect(again.status).toBe(200);
      expect(again.text).toContain('Uw inschrijving was al bevestigd');
      const after = await subscriptions().findOneByOrFail({ email: 'double-confirm@example.be' });
      expect(after.confirmedAt).toEqual(before.confirmedAt);
    });

    it('updates rather than duplicates a second subscription of the same address and search, and says so by mail only', async () => {
      await subscribeConfirmed('again@example.be');
      const second = await post({ ...VALID, email: 'AGAIN@example.be', name: 'An P.', frequency: 'weekly' });
      // The page is the same as for a new address: the form does not tell who is subscribed.
      expect(second.status).toBe(200);
      expect(second.headers['hx-redirect']).toBe(urlFor('subscribeSuccess', 'nl'));
      expect(await subscriptions().countBy({ email: 'again@example.be' })).toBe(1);
      expect(await subscriptions().findOneByOrFail({ email: 'again@example.be' })).toMatchObject({ status: 'active', frequency: 'weekly', name: 'An P.' });
      const mail = await received('again@example.be', 'Uw inschrijving is bijgewerkt');
      expect(mail.text).toContain('opnieuw in');
    });

    it('sends a new confirmation to an unconfirmed address that subscribes again, and stores it once', async () => {
      await post({ ...VALID, email: 'twice@example.be' });
      await received('twice@example.be', 'Bevestig');
      await post({ ...VALID, email: 'twice@example.be', name: 'Other name' });
      const mail = await received('twice@example.be', 'Bevestig', 1);
      expect(mail.text).toContain('opnieuw');
      expect(await subscriptions().countBy({ email: 'twice@example.be' })).toBe(1);
    });

    it('stores another search of the same address as another subscription', async () => {
      await post({ ...VALID, email: 'two-searches@example.be' });
      await post({ ...VALID, email: 'two-searches@example.be', transaction: 'rent' });
      expect(await subscriptions().countBy({ email: 'two-searches@example.be' })).toBe(2);
    });
  });

  describe('refusals store nothing', () => {
    it('answers invalid input with 422 and the form with its messages', async () => {
      const before = await counts();
      const response = await post({ ...VALID, email: 'not-an-address', name: '', priceMax: 'lots' });
      expect(response.status).toBe(422);
      expect(response.text).toContain('id="subscription-form"');
      expect(response.text).toContain('value="not-an-address"');
      expect(response.text).toContain('aria-invalid="true"');
      expect(await counts()).toEqual(before);
    });

    it('shows the whole page again without JavaScript (422)', async () => {
      const before = await counts();
      const response = await post({ ...VALID, email: 'x' }, { htmx: false });
      expect(response.status).toBe(422);
      expect(response.text).toContain('<h1>Hou me op de hoogte</h1>');
      expect(await counts()).toEqual(before);
    });

    it('requires the privacy consent', async () => {
      const before = await counts();
      const response = await post({ ...VALID, email: 'no-consent@example.be', privacyConsent: undefined }, { locale: 'en' });
      expect(response.status).toBe(422);
      expect(response.text).toContain('Please give your consent so we can e-mail you.');
      expect(await counts()).toEqual(before);
    });

    it('refuses when the bot check says bot (403)', async () => {
      verifier.answer = { status: 200, body: { success: false } };
      const before = await counts();
      const response = await post({ ...VALID, email: 'bot@example.be' });
      expect(response.status).toBe(403);
      expect(await counts()).toEqual(before);
    });

    it('refuses a post from another site (403)', async () => {
      const before = await counts();
      const response = await request(sut.server)
        .post(urlFor('ajaxNotifications', 'nl'))
        .set('Sec-Fetch-Site', 'cross-site')
        .set('Origin', 'https://evil.example')
        .type('form')
        .send(formBody({ ...VALID, email: 'cross-site@example.be' }));
      expect(response.status).toBe(403);
      const unsubscribe = await request(sut.server).post(urlFor('unsubscribe', 'nl', { token: 'x'.repeat(43) })).set('Origin', 'https://evil.example').type('form').send('');
      expect(unsubscribe.status).toBe(403);
      expect(await counts()).toEqual(before);
    });
  });

  describe('links', () => {
    const routes = ['confirmSubscription', 'editSubscriptions', 'unsubscribe'] as const;

    it.each(routes)('answers an unknown token on %s with the localized 404 page', async (route) => {
      for (const token of ['A'.repeat(43), 'short']) {
        const response = await request(sut.server).get(urlFor(route, 'fr', { token }));
        expect(response.status).toBe(404);
        expect(response.text).toContain('Nous ne connaissons pas ce lien');
        expect(response.text).not.toMatch(NO_FORM);
        expect(response.text).toContain(`href="${urlFor('subscribe', 'fr')}"`);
      }
    });

    it('answers an expired confirmation link with 410, and housekeeping deletes it', async () => {
      await post({ ...VALID, email: 'late@example.be' });
      const token = linkToken(await received('late@example.be', 'Bevestig'), 'confirmSubscription');
      await subscriptions().update({ email: 'late@example.be' }, { expiresAt: new Date(Date.now() - 1000) });
      for (const route of routes) {
        const response = await request(sut.server).get(urlFor(route, 'nl', { token }));
        expect(response.status).toBe(410);
        expect(response.text).toContain('Deze bevestigingslink is verlopen');
        expect(response.text).not.toMatch(NO_FORM);
      }
      expect((await request(sut.server).post(urlFor('confirmSubscription', 'nl', { token }))).status).toBe(410);
      expect(await subscriptions().findOneByOrFail({ email: 'late@example.be' })).toMatchObject({ status: 'unconfirmed' });

      const result = await sut.app.get(SubscriptionService).housekeeping();
      expect(result.expired).toBeGreaterThanOrEqual(1);
      expect(await subscriptions().countBy({ email: 'late@example.be' })).toBe(0);
      expect((await request(sut.server).get(urlFor('confirmSubscription', 'nl', { token }))).status).toBe(404);
    });

    it('unsubscribes with the page’s button; the GET changes nothing', async () => {
      const { unsubscribe } = await subscribeConfirmed('leave@example.be');
      const pageResponse = await request(sut.server).get(urlFor('unsubscribe', 'nl', { token: unsubscribe }));
      expect(pageResponse.status).toBe(200);
      expect(pageResponse.text).toContain('Schrijf me uit');
      expect(await subscriptions().findOneByOrFail({ email: 'leave@example.be' })).toMatchObject({ status: 'active' });

      const done = await request(sut.server).post(urlFor('unsubscribe', 'nl', { token: unsubscribe })).type('form').send('');
      expect(done.status).toBe(200);
      expect(done.text).toContain('U bent uitgeschreven');
      const stored = await subscriptions().findOneByOrFail({ email: 'leave@example.be' });
      expect(stored.status).toBe('unsubscribed');
      expect(stored.unsubscribedAt).not.toBeNull();
    });

    it('answers a double unsubscribe and the used links with 410', async () => {
      const { unsubscribe, edit } = await subscribeConfirmed('leave-twice@example.be');
      expect((await request(sut.server).post(urlFor('unsubscribe', 'nl', { token: unsubscribe })).type('form').send('')).status).toBe(200);
      const again = await request(sut.server).post(urlFor('unsubscribe', 'nl', { token: unsubscribe })).type('form').send('');
      expect(again.status).toBe(410);
      expect(again.text).toContain('U bent al uitgeschreven');
      expect((await request(sut.server).get(urlFor('unsubscribe', 'nl', { token: unsubscribe }))).status).toBe(410);
      expect((await request(sut.server).get(urlFor('editSubscriptions', 'nl', { token: edit }))).status).toBe(410);
    });

    it('unsubscribes with a mail client’s one-click POST, without a page, and answers 200 again when repeated', async () => {
      const { unsubscribe } = await subscribeConfirmed('one-click@example.be');
      const first = await request(sut.server).post(urlFor('unsubscribe', 'nl', { token: unsubscribe })).type('form').send('List-Unsubscribe=One-Click');
      expect(first.status).toBe(200);
      expect(first.text).not.toContain('<html');
      expect(await subscriptions().findOneByOrFail({ email: 'one-click@example.be' })).toMatchObject({ status: 'unsubscribed' });
      const second = await request(sut.server).post(urlFor('unsubscribe', 'nl', { token: unsubscribe })).type('form').send('List-Unsubscribe=One-Click');
      expect(second.status).toBe(200);
      const unknown = await request(sut.server).post(urlFor('unsubscribe', 'nl', { token: 'B'.repeat(43) })).type('form').send('List-Unsubscribe=One-Click');
      expect(unknown.status).toBe(404);
    });

    it('anonymizes unsubscribed subscriptions after SUBSCRIPTION_ANONYMIZE_DAYS, and their links are then unknown', async () => {
      const { unsubscribe } = await subscribeConfirmed('forget-me@example.be');
      await request(sut.server).post(urlFor('unsubscribe', 'nl', { token: unsubscribe })).type('form').send('');
      const { id } = await subscriptions().findOneByOrFail({ email: 'forget-me@example.be' });
      await subscriptions().update({ id }, { unsubscribedAt: new Date(Date.now() - 31 * 24 * 3600_000) });

      const result = await sut.app.get(SubscriptionService).housekeeping();
      expect(result.anonymized).toBeGreaterThanOrEqual(1);
      const row = await subscriptions().findOneByOrFail({ id });
      expect(row).toMatchObject({ email: null, name: null, criteria: {}, status: 'unsubscribed' });
      expect(row.anonymizedAt).not.toBeNull();
      expect((await request(sut.server).get(urlFor('unsubscribe', 'nl', { token: unsubscribe }))).status).toBe(404);
    });
  });

  describe('erasure', () => {
    it('removes a visitor’s subscriptions with their link tokens (npm run gdpr:erase)', async () => {
      const { edit } = await subscribeConfirmed('erase-me@example.be');
      const { id } = await subscriptions().findOneByOrFail({ email: 'erase-me@example.be' });
      const report = await eraseVisitor(sut.app.get(DataSource), 'Erase-Me@example.be');
      expect(report.subscriptions).toBe(1);
      expect(await subscriptions().countBy({ id })).toBe(0);
      expect(await sut.app.get(DataSource).getRepository(SubscriptionTokenEntity).countBy({ subscriptionId: id })).toBe(0);
      expect((await request(sut.server).get(urlFor('editSubscriptions', 'nl', { token: edit }))).status).toBe(404);
    });
  });

  describe('editing', () => {
    it('shows the stored search pre-filled, saves changes and lists the address’s other subscriptions', async () => {
      const { edit } = await subscribeConfirmed('editor@example.be');
      await post({ ...VALID, email: 'editor@example.be', transaction: 'rent', locations: 'Brugge' });

      const form = await request(sut.server).get(urlFor('editSubscriptions', 'nl', { token: edit }));
      expect(form.status).toBe(200);
      expect(form.headers['cache-control']).toContain('no-store');
      expect(checked(form.text, 'headTypes', 'HOUSE')).toBe(true);
      expect(checked(form.text, 'transaction', 'buy')).toBe(true);
      expect(form.text).toContain('value="Gent, 9000"');
      expect(form.text).not.toContain('name="email"');
      expect(form.text).toContain('Uw andere inschrijvingen');
      expect(form.text).toContain('Brugge');

      const saved = await request(sut.server)
        .post(urlFor('editSubscriptions', 'nl', { token: edit }))
        .type('form')
        .send(formBody({ transaction: 'buy', headTypes: ['HOUSE'], locations: 'Antwerpen', priceMax: '300.000', language: 'fr', frequency: 'weekly', 'g-recaptcha-response': 'token-ok' }));
      expect(saved.status).toBe(303);
      expect(saved.headers.location).toBe(`${urlFor('editSubscriptions', 'fr', { token: edit })}?saved=1`);
      const stored = await subscriptions().findOneOrFail({ where: { email: 'editor@example.be', status: 'active' } });
      expect(stored).toMatchObject({ locale: 'fr', frequency: 'weekly' });
      expect(stored.criteria).toMatchObject({ headTypes: ['HOUSE'], locations: ['Antwerpen'], priceMax: 300000 });

      const after = await request(sut.server).get(saved.headers.location as string);
      expect(after.text).toContain('Vos modifications sont enregistrées.');
    });

    it('refuses an invalid edit with 422, changing nothing', async () => {
      const { edit } = await subscribeConfirmed('edit-invalid@example.be');
      const before = await subscriptions().findOneByOrFail({ email: 'edit-invalid@example.be' });
      const response = await request(sut.server)
        .post(urlFor('editSubscriptions', 'nl', { token: edit }))
        .set('HX-Request', 'true')
        .type('form')
        .send(formBody({ language: 'xx', frequency: 'hourly', 'g-recaptcha-response': 'token-ok' }));
      expect(response.status).toBe(422);
      expect(await subscriptions().findOneByOrFail({ email: 'edit-invalid@example.be' })).toEqual(before);
    });

    it('says which address the subscription is for, on the page and on the refused page without JavaScript (issue 38)', async () => {
      const { edit } = await subscribeConfirmed('which-address@example.be');
      const shown = await request(sut.server).get(urlFor('editSubscriptions', 'en', { token: edit }));
      expect(shown.status).toBe(200);
      expect(shown.text).toMatch(/<p class="subscription-page__address">(?:<svg[^]*?<\/svg>)? This subscription is for which-address@example\.be\.<\/p>/);
      const refused = await request(sut.server)
        .post(urlFor('editSubscriptions', 'de', { token: edit }))
        .type('form')
        .send(formBody({ language: 'xx', frequency: 'hourly', 'g-recaptcha-response': 'token-ok' }));
      expect(refused.status).toBe(422);
      expect(refused.text).toContain('Dieses Abonnement gilt für which-address@example.be.');
    });
  });
});
