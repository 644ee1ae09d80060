import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { LeadEntity } from '../../src/leads/lead.entity.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { urlFor } from '../../src/routing/routes.js';
import { ViewingClock } from '../../src/viewings/viewing-clock.js';
import { ViewingRequestEntity } from '../../src/viewings/viewing-request.entity.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { FakeWhiseServer, fakeWhiseEnv, whiseEstate } from '../support/fake-whise-server.js';
import type { FakeVerifierServer } from '../support/fake-verifier-server.js';
import { type FormTestApp, startFormTestApp } from '../support/form-test-app.js';
import type { SmtpTestServer } from '../support/smtp-test-server.js';
import { zabunLeadEmail } from '../support/fake-zabun-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

/** Thursday 3 December 2026, 11:30 in Brussels: this morning is still open, Sunday the 6th is closed (mon–sat). */
const THURSDAY_MORNING = new Date('2026-12-03T10:30:00Z');
const WHISE_VIEWING_ACTION = 17;

const VISITOR = {
  name: 'Jan Peeters',
  phone: '+32 470 12 34 56',
  message: 'Liefst met de fiets.',
  privacyConsent: 'on',
  'g-recaptcha-response': 'token-ok',
};

describe('request a viewing', () => {
  let crm: FakeCrmServer;
  let whise: FakeWhiseServer;
  let forms: FormTestApp;
  let sut: TestApp;
  let smtp: SmtpTestServer;
  let verifier: FakeVerifierServer;
  let listingA: EstateEntity;
  let listingW: EstateEntity;
  let listingB: EstateEntity;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    whise = new FakeWhiseServer();
    await Promise.all([crm.start(), whise.start()]);
    whise.estates = [whiseEstate(3515113)];
    forms = await startFormTestApp({ ...fakeCrmEnv(crm), ...fakeWhiseEnv(whise), WHISE_VIEWING_ACTION_ID: String(WHISE_VIEWING_ACTION), LEAD_RETRY_DELAY_SECONDS: '1' });
    ({ sut, smtp, verifier } = forms);
    sut.app.get(ViewingClock).now = () => THURSDAY_MORNING;
    const estates = sut.app.get(DataSource).getRepository(EstateEntity);
    listingA = (await estates.findOne({ where: { source: 'A', parentId: IsNull(), isProject: false }, order: { id: 'ASC' } }))!;
    listingW = (await estates.findOne({ where: { source: 'W' }, order: { id: 'ASC' } }))!;
    listingB = (await estates.findOne({ where: { source: 'B', parentId: IsNull(), isProject: false, status: 'FOR_SALE' }, order: { id: 'ASC' } }))!;
  }, 120_000);

  afterAll(async () => {
    try {
      await forms?.close();
    } finally {
      await Promise.all([crm?.stop(), whise?.stop()]);
    }
  });

  beforeEach(() => {
    verifier.answer = { status: 200, body: { success: true, score: 0.9 } };
  });

  const db = () => sut.app.get(DataSource);
  const post = (estateId: number, fields: Record<string, string | string[]>, options: { htmx?: boolean; locale?: 'nl' | 'fr' } = {}) => {
    const locale = options.locale ?? 'nl';
    const call = request(sut.server).post(urlFor('viewingRequest', locale, { estateId })).type('form').send({ estateId: String(estateId), ...fields });
    return options.htmx === false ? call : call.set('HX-Request', 'true');
  };
  const mailTo = (address: string) => until(`mail to ${address}`, async () => smtp.received.some((mail) => mail.to && 'text' in mail.to && mail.to.text === address), Boolean, { timeoutMs: 20_000 });
  const received = (address: string) => smtp.received.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === address);
  const lead = (email: string) => db().getRepository(LeadEntity).findOneByOrFail({ email });
  const delivered = (email: string) => until(`lead of ${email} delivered`, async () => (await db().getRepository(LeadEntity).findOneBy({ email }))?.status === 'DELIVERED', Boolean, { timeoutMs: 20_000 });

  it('links every available listing to its viewing request, whose page offers the open half-days grouped by day', async () => {
    const detail = await request(sut.server).get(`/nl/aanbod/${listingA.id}`).redirects(1);
    const url = urlFor('viewingRequest', 'nl', { estateId: listingA.id });
    expect(detail.text).toContain(`href="${url}"`);
    expect(detail.text).toContain(`hx-get="${url}"`);
    const page = await request(sut.server).get(url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<legend class="viewing-day__legend"><span class="viewing-day__weekday">Donderdag</span> <span class="viewing-day__date">3 december</span></legend>');
    expect(page.text).toContain('value="2026-12-03-am"');
    expect(page.text).toContain('value="2026-12-16-pm"');
    expect(page.text).not.toContain('value="2026-12-06-am"');
    expect(page.text).not.toContain('value="2026-12-17-am"');
    // htmx: the form alone, its first half-day focused.
    const fragment = await request(sut.server).get(url).set('HX-Request', 'true');
    expect(fragment.text).not.toContain('<html');
    expect(fragment.text).toMatch(/<input type="checkbox" id="viewing-slot-2026-12-03-am" autofocus=""/);
  });

  it('never serves a cached page offering a half-day gone by: past noon the morning is gone, from the cache too', async () => {
    const url = urlFor('viewingRequest', 'fr', { estateId: listingA.id });
    const before = await request(sut.server).get(url);
    expect(before.text).toContain('value="2026-12-03-am"');
    try {
      sut.app.get(ViewingClock).now = () => new Date('2026-12-03T11:00:00Z');
      const after = await request(sut.server).get(url).set('If-None-Match', before.headers.etag as string);
      expect(after.status).toBe(200);
      expect(after.text).not.toContain('value="2026-12-03-am"');
      expect(after.text).toContain('value="2026-12-03-pm"');
    } finally {
      sut.app.get(ViewingClock).now = () => THURSDAY_MORNING;
    }
  });

  it('a form cached on Saturday evening is not served on Monday morning without the new Saturday at the far end', async () => {
    const url = urlFor('viewingRequest', 'fr', { estateId: listingA.id });
    try {
      sut.app.get(ViewingClock).now = () => new Date('2026-12-05T18:00:00Z'); // Saturday 19:00 in Brussels
      const before = await request(sut.server).get(url);
      expect(before.text).toContain('value="2026-12-18-pm"');
      expect(before.text).not.toContain('value="2026-12-19-am"');
      sut.app.get(ViewingClock).now = () => new Date('2026-12-07T08:00:00Z'); // Monday 09:00: same first slot
      const after = await request(sut.server).get(url).set('If-None-Match', before.headers.etag as string);
      expect(after.status).toBe(200);
      expect(after.text).toContain('value="2026-12-07-am"');
      expect(after.text).toContain('value="2026-12-19-am"');
    } finally {
      sut.app.get(ViewingClock).now = () => THURSDAY_MORNING;
    }
  });

  it('stores the request once, mails the agency (nl) and the visitor (fr), and delivers a Zabun contact message carrying the slots', async () => {
    const email = 'viewing-a@example.be';
    const fields = { ...VISITOR, email, slots: ['2026-12-04-pm', '2026-12-03-am'] };
    const [first, second] = [await post(listingA.id, fields, { locale: 'fr' }), await post(listingA.id, fields, { locale: 'fr' })];
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.text).toContain('Merci ! Nous avons bien reçu votre demande');
    expect(await db().getRepository(ViewingRequestEntity).findBy({ email })).toEqual([
      expect.objectContaining({ estateId: listingA.id, locale: 'fr', slots: ['2026-12-03-am', '2026-12-04-pm'], name: 'Jan Peeters', phone: VISITOR.phone, message: VISITOR.message, privacyConsent: true }),
    ]);
    expect(await db().getRepository(LeadEntity).countBy({ email })).toBe(1);
    expect(await db().getRepository(MailEntity).countBy({ to: email })).toBe(1);

    await mailTo(email);
    const [visitorMail] = received(email);
    expect(visitorMail!.subject).toMatch(/^Votre demande de visite pour /);
    expect(visitorMail!.text).toContain('jeudi 3 décembre 2026, matin (9 h–12 h)');
    expect(visitorMail!.text).toContain('vendredi 4 décembre 2026, après-midi (14 h–18 h)');
    expect(visitorMail!.text).toContain('Ce n’est pas encore un rendez-vous');
    expect(visitorMail!.text).not.toContain(VISITOR.message);
    expect(visitorMail!.text).toContain(urlFor('detailShort', 'fr', { estateId: listingA.id }));
    expect(visitorMail!.html).toContain('lang="fr"');

    const agencyMails = () => smtp.received.filter((mail) => mail.replyTo?.text === email);
    await until('agency mail', async () => agencyMails().length > 0, Boolean, { timeoutMs: 20_000 });
    const agencyMail = agencyMails()[0]!;
    expect(agencyMail.subject).toMatch(/^Bezoekaanvraag: .* \(Jan Peeters\)$/);
    expect(agencyMail.text).toContain('donderdag 3 december 2026, voormiddag (9–12 u)');
    expect(agencyMail.text).toContain('vrijdag 4 december 2026, namiddag (14–18 u)');
    expect(agencyMail.text).toContain('Frans');
    expect(agencyMail.text).toContain(VISITOR.message);
    expect(agencyMail.text).toContain(urlFor('detailShort', 'nl', { estateId: listingA.id }));

    const stored = await lead(email);
    expect(stored).toMatchObject({ kind: 'viewing', source: 'A', sourceEstateId: listingA.sourceId, viewingSlots: [{ date: '2026-12-03', halfDay: 'am', start: '2026-12-03T09:00:00+01:00', end: '2026-12-03T12:00:00+01:00' }, { date: '2026-12-04', halfDay: 'pm', start: '2026-12-04T14:00:00+01:00', end: '2026-12-04T18:00:00+01:00' }] });
    await delivered(email);
    const posted = crm.leads.a.filter((item) => zabunLeadEmail(item) === email);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toEqual({
      endpoint: 'contactmessage',
      body: {
        contact: { first_name: 'Jan', last_name: 'Peeters', email, phone: VISITOR.phone, language: 'fr' },
        message: {
          text: stored.message,
          property_id: Number(listingA.sourceId),
          info: [
            'website lead: viewing',
            `reference: ${stored.id}`,
            `created: ${stored.createdAt.toISOString()}`,
            'viewing slot 1: 2026-12-03T09:00:00+01:00/2026-12-03T12:00:00+01:00',
            'viewing slot 2: 2026-12-04T14:00:00+01:00/2026-12-04T18:00:00+01:00',
          ],
        },
      },
    });
    expect(stored.message.split('\n')).toEqual([
      'Bezoekaanvraag (te bevestigen)',
      expect.stringMatching(new RegExp(`\\) – http://[^ ]+${urlFor('detailShort', 'nl', { estateId: listingA.id })}/`)),
      'Voorkeurmomenten:',
      '1. donderdag 3 december 2026, voormiddag (9–12 u)',
      '2. vrijdag 4 december 2026, namiddag (14–18 u)',
      `Bericht: ${VISITOR.message}`,
    ]);
  });

  it('delivers a request about a Whise listing as a contact and a calendar event of the viewing-request action', async () => {
    const email = 'viewing-w@example.be';
    const response = await post(listingW.id, { ...VISITOR, email, slots: ['2026-12-05-am'] }, { htmx: false });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`${urlFor('viewingRequest', 'nl', { estateId: listingW.id })}?sent=1`);
    const thanks = await request(sut.server).get(response.headers.location as string);
    expect(thanks.text).toContain('Bedankt! We hebben uw aanvraag ontvangen');
    await delivered(email);
    const contact = whise.contacts.find((body) => body.PrivateEmail === email)!;
    expect(contact).toMatchObject({ EstateIds: [3515113], LanguageId: 'nl-BE' });
    const stored = await lead(email);
    expect(whise.createdEvents).toEqual([
      {
        Subject: 'Bezoekaanvraag (te bevestigen) – Jan Peeters',
        StartDateTime: '2026-12-05T09:00:00+01:00',
        EndDateTime: '2026-12-05T12:00:00+01:00',
        AllDay: false,
        CalendarActionId: WHISE_VIEWING_ACTION,
        // The listing's representative in Whise (calendars/upsert requires UserIds).
        UserIds: [7],
        EstateIds: [3515113],
        ContactIds: [1000 + whise.contacts.indexOf(contact) + 1],
        Comments: stored.message,
      },
    ]);
  });

  it("delivers a request about a source B listing to B's webhook with the slots in the payload", async () => {
    const email = 'viewing-b@example.be';
    expect((await post(listingB.id, { ...VISITOR, email, slots: ['2026-12-07-pm'] }, { locale: 'fr' })).status).toBe(200);
    await delivered(email);
    const stored = await lead(email);
    expect(crm.leads.b.filter((body) => (body.lead as { contact: { email: string } }).contact.email === email)).toEqual([
      {
        event: 'lead',
        lead: {
          id: stored.id,
          kind: 'viewing',
          createdAt: stored.createdAt.toISOString(),
          locale: 'fr',
          contact: { name: 'Jan Peeters', email, phone: VISITOR.phone },
          message: stored.message,
          propertyId: listingB.sourceId,
          searchProfile: null,
          viewing: { slots: [{ date: '2026-12-07', halfDay: 'pm', start: '2026-12-07T14:00:00+01:00', end: '2026-12-07T18:00:00+01:00' }] },
        },
      },
    ]);
  });

  it.each([
    ['a past day', ['2026-12-02-pm'], 'Un des moments choisis n’est pas (ou plus) disponible'],
    ['a closed day (Sunday)', ['2026-12-06-am'], 'Un des moments choisis n’est pas (ou plus) disponible'],
    ['beyond the 14 days', ['2026-12-17-am'], 'Un des moments choisis n’est pas (ou plus) disponible'],
    ['no slot', [], 'Choisissez au moins un moment'],
    ['four slots', ['2026-12-03-pm', '2026-12-04-am', '2026-12-04-pm', '2026-12-05-am'], 'Choisissez au maximum trois moments'],
    ['a made-up value', ['tomorrow'], 'Un des moments choisis n’est pas (ou plus) disponible'],
  ])('refuses %s with a localized 422, the form kept, nothing stored', async (_case, slots, message) => {
    const email = `bad-${slots.length}-${_case.replace(/\W+/g, '-')}@example.be`;
    const htmx = await post(listingA.id, { ...VISITOR, email, slots }, { locale: 'fr' });
    expect(htmx.status).toBe(422);
    expect(htmx.text).toContain(message);
    expect(htmx.text).toContain(`value="${email}"`);
    expect(htmx.text).not.toContain('<html');
    const page = await post(listingA.id, { ...VISITOR, email, slots }, { locale: 'fr', htmx: false });
    expect(page.status).toBe(422);
    expect(page.text).toContain('<html lang="fr"');
    expect(page.text).toContain(message);
    expect(await db().getRepository(ViewingRequestEntity).countBy({ email })).toBe(0);
    expect(await db().getRepository(LeadEntity).countBy({ email })).toBe(0);
  });

  it('mails a typed address its confirmation at most as often a day as send-to-a-friend, and still passes every request to the agency', async () => {
    const slots = [['2026-12-03-am'], ['2026-12-03-pm'], ['2026-12-04-am'], ['2026-12-04-pm']];
    const addresses = ['stranger@example.be', 'stranger+1@example.be', 'Stranger+2@example.be', 'stranger+3@example.be'];
    for (const [i, email] of addresses.entries()) {
      const answer = await post(listingA.id, { ...VISITOR, email, slots: slots[i]! });
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('Bedankt');
    }
    const requests = await db().getRepository(ViewingRequestEntity).find({ where: addresses.map((email) => ({ email })) });
    expect(requests).toHaveLength(4);
    const mails = await db().getRepository(MailEntity).find({ where: addresses.map((to) => ({ to })) });
    expect(mails).toHaveLength(sut.config.SEND_TO_FRIEND_PER_RECIPIENT_PER_DAY);
    const toAgency = await db().getRepository(MailEntity).find({ where: addresses.map((email) => ({ replyTo: email })) });
    expect(toAgency).toHaveLength(4);
    expect(await db().getRepository(LeadEntity).count({ where: addresses.map((email) => ({ email })) })).toBe(4);
  });

  it('refuses the request without consent or with a bad address, keeping the chosen half-days checked', async () => {
    const { privacyConsent: _omitted, ...unconsented } = VISITOR;
    const response = await post(listingA.id, { ...unconsented, email: 'geen-adres', slots: ['2026-12-04-am'] });
    expect(response.status).toBe(422);
    expect(response.text).toMatch(/name="slots" checked="" value="2026-12-04-am"/);
    expect(response.text).toContain('aria-invalid="true"');
    expect(await db().getRepository(ViewingRequestEntity).countBy({ email: 'geen-adres' })).toBe(0);
  });

  it('applies the form pipeline: the bot check and the same-site rule', async () => {
    verifier.answer = { status: 200, body: { success: false } };
    const bot = await post(listingA.id, { ...VISITOR, email: 'bot-viewing@example.be', slots: ['2026-12-04-am'] }, { htmx: false });
    expect(bot.status).toBe(403);
    expect(bot.text).toContain('value="bot-viewing@example.be"');
    verifier.answer = { status: 200, body: { success: true, score: 0.9 } };
    const csrf = await request(sut.server)
      .post(urlFor('viewingRequest', 'nl', { estateId: listingA.id }))
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ ...VISITOR, estateId: String(listingA.id), email: 'csrf-viewing@example.be', slots: '2026-12-04-am' });
    expect(csrf.status).toBe(403);
    expect(await db().getRepository(ViewingRequestEntity).countBy({ email: 'bot-viewing@example.be' })).toBe(0);
    expect(await db().getRepository(ViewingRequestEntity).countBy({ email: 'csrf-viewing@example.be' })).toBe(0);
  });

  it('offers no viewing of a sold listing or of a project as a whole (404, and no link), nor of an unknown id', async () => {
    const estates = db().getRepository(EstateEntity);
    const [sold, project] = await Promise.all([
      estates.findOneOrFail({ where: { status: 'SOLD', parentId: IsNull() }, order: { id: 'ASC' } }),
      estates.findOneOrFail({ where: { isProject: true, parentId: IsNull() }, order: { id: 'ASC' } }),
    ]);
    for (const estate of [sold, project]) {
      const url = urlFor('viewingRequest', 'nl', { estateId: estate.id });
      expect((await request(sut.server).get(url)).status).toBe(404);
      expect((await post(estate.id, { ...VISITOR, email: `unavailable-${estate.id}@example.be`, slots: ['2026-12-04-am'] })).status).toBe(404);
      const detail = await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: estate.id })).redirects(1);
      expect(detail.status).toBe(200);
      expect(detail.text).not.toContain(url);
    }
    expect((await request(sut.server).get(urlFor('viewingRequest', 'nl', { estateId: 999_999 }))).status).toBe(404);
    expect((await request(sut.server).get('/nl/aanbod/abc/bezoek-aanvragen')).status).toBe(404);
  });
});

/** The out-of-the-box demo as `npm start` runs it (production, embedded database, no bot check, the real clock). */
describe('request a viewing in the demo', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ NODE_ENV: 'production', FORM_RATE_LIMIT: '50' }, { embedded: true });
    // The real clock would make the offered slots depend on the hour the test runs (a page read at 11:59 offers a
    // morning that has passed when the form arrives): a fixed Thursday morning in Brussels.
    sut.app.get(ViewingClock).now = () => THURSDAY_MORNING;
  }, 120_000);

  afterAll(() => sut?.close());

  it('shows the link on a listing for sale and accepts a request for the first half-day it offers, without a bot-check token', async () => {
    const listing = (await sut.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { parentId: IsNull(), status: 'FOR_SALE', isProject: false }, order: { id: 'ASC' } }))!;
    const url = urlFor('viewingRequest', 'nl', { estateId: listing.id });
    const detail = await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: listing.id })).redirects(1);
    expect(detail.text).toContain(`href="${url}"`);
    const page = await request(sut.server).get(url);
    const first = /name="slots" value="([\d-]+-(?:am|pm))"/.exec(page.text)?.[1];
    expect(first).toBeDefined();
    const response = await request(sut.server)
      .post(url)
      .type('form')
      .send(new URLSearchParams({ estateId: String(listing.id), slots: first!, ...VISITOR, email: 'demo-viewing@example.be', 'g-recaptcha-response': '' }).toString());
    expect(response.status).toBe(303);
    expect(await sut.app.get(DataSource).getRepository(ViewingRequestEntity).countBy({ email: 'demo-viewing@example.be' })).toBe(1);
    expect(await sut.app.get(DataSource).getRepository(MailEntity).countBy({ to: 'demo-viewing@example.be' })).toBe(1);
  });
});
