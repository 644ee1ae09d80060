import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppointmentEntity } from '../../src/appointments/appointment.entity.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { LeadEntity } from '../../src/leads/lead.entity.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { urlFor } from '../../src/routing/routes.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import type { FakeVerifierServer } from '../support/fake-verifier-server.js';
import type { SmtpTestServer } from '../support/smtp-test-server.js';
import { type TestApp } from '../support/test-app.js';
import { type FormTestApp, startFormTestApp } from '../support/form-test-app.js';
import { until } from '../support/poll.js';

const DAY = 24 * 3600 * 1000;

describe('cancel appointment', () => {
  let crm: FakeCrmServer;
  let verifier: FakeVerifierServer;
  let smtp: SmtpTestServer;
  let sut: TestApp;
  let forms: FormTestApp;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    const [planned, byCrm, past] = crm.sourceA.appointments;
    Object.assign(planned!, { start: new Date(Date.now() + 3 * DAY).toISOString() });
    Object.assign(byCrm!, { start: new Date(Date.now() + 4 * DAY).toISOString() });
    Object.assign(past!, { start: new Date(Date.now() - DAY).toISOString() });
    Object.assign(crm.sourceB.appointments[0]!, { startsAt: new Date(Date.now() + 5 * DAY).toISOString() });
    await crm.start();
    ({ sut, verifier, smtp } = forms = await startFormTestApp(fakeCrmEnv(crm)));
  });

  afterAll(async () => {
    await forms?.close();
    await crm.stop();
  });

  beforeEach(() => {
    verifier.answer = { status: 200, body: { success: true, score: 0.9 } };
  });

  const rows = () => sut.app.get(DataSource).getRepository(AppointmentEntity);
  const mails = () => sut.app.get(DataSource).getRepository(MailEntity);
  const byCrmId = (source: 'A' | 'B', sourceId: string) => rows().findOneByOrFail({ source, sourceId });
  const pathOf = (appointment: AppointmentEntity, locale: 'nl' | 'fr' | 'en' | 'de' = 'nl') => urlFor('cancelAppointment', locale, { appointmentId: appointment.publicId });
  const cancel = (path: string, fields: Record<string, string> = {}, htmx = true) => {
    const call = request(sut.server).post(path).type('form').send({ 'g-recaptcha-response': 'ok', ...fields });
    return htmx ? call.set('HX-Request', 'true') : call;
  };

  it('arrives with the sync from both CRMs, with listing, visitor, agent and status', async () => {
    const a = await byCrmId('A', '7001');
    expect(a).toMatchObject({ status: 'PLANNED', visitorName: 'Jan Peeters', visitorEmail: 'jan.peeters@example.be', agentName: 'Els Maes', agentEmail: 'els.maes@immo.example', visitorLocale: 'nl' });
    expect(a.estateId).not.toBeNull();
    expect(await byCrmId('A', '7002')).toMatchObject({ status: 'CANCELLED', cancelledBy: 'CRM' });
    const b = await byCrmId('B', 'b-visit-1');
    expect(b).toMatchObject({ status: 'PLANNED', visitorName: 'Lena Schmidt', agentName: 'Sofie Wouters' });
    expect(b.estateId).not.toBeNull();
  });

  it('has an opaque, unguessable public id, not derived from the CRM id', async () => {
    const all = await rows().find();
    const ids = all.map((row) => row.publicId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of all) {
      expect(row.publicId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(row.publicId).not.toContain(row.sourceId);
    }
    expect((await request(sut.server).get(urlFor('cancelAppointment', 'nl', { appointmentId: '7001' }))).status).toBe(404);
    expect((await request(sut.server).get(urlFor('cancelAppointment', 'nl', { appointmentId: all[0]!.id }))).status).toBe(404);
  });

  it('shows the visit in Brussels time in the page’s language, the listing card and the confirm button', async () => {
    const appointment = await byCrmId('A', '7001');
    const nl = await request(sut.server).get(pathOf(appointment));
    expect(nl.status).toBe(200);
    expect(nl.headers['cache-control']).toContain('no-store');
    const when = new Intl.DateTimeFormat('nl-BE', { timeZone: 'Europe/Brussels', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(appointment.startsAt);
    const time = new Intl.DateTimeFormat('nl-BE', { timeZone: 'Europe/Brussels', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(appointment.startsAt);
    expect(nl.text).toContain(when);
    expect(nl.text).toContain(time);
    expect(nl.text).toContain(`data-estate-id="${appointment.estateId}"`);
    expect(nl.text).toContain('Annuleer deze afspraak');
    expect(nl.text).toContain('<meta name="robots" content="noindex"');
    const fr = await request(sut.server).get(pathOf(appointment, 'fr'));
    expect(fr.text).toContain(new Intl.DateTimeFormat('fr-BE', { timeZone: 'Europe/Brussels', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(appointment.startsAt));
    expect(fr.text).toContain('Annuler ce rendez-vous');
  });

  it('answers an unknown id with the localized 404', async () => {
    const response = await request(sut.server).get(urlFor('cancelAppointment', 'de', { appointmentId: 'x'.repeat(43) }));
    expect(response.status).toBe(404);
    expect(response.text).toContain('<html lang="de"');
    expect((await cancel(urlFor('cancelAppointment', 'de', { appointmentId: 'x'.repeat(43) }))).status).toBe(404);
  });

  it('refuses a reason that is too long with 422, changing nothing', async () => {
    const appointment = await byCrmId('A', '7001');
    const response = await cancel(pathOf(appointment), { reason: 'x'.repeat(1001) });
    expect(response.status).toBe(422);
    expect(response.text).toContain('id="cancel-appointment"');
    expect((await byCrmId('A', '7001')).status).toBe('PLANNED');
  });

  it('refuses when the bot check says bot, changing nothing', async () => {
    verifier.answer = { status: 200, body: { success: false } };
    const appointment = await byCrmId('A', '7001');
    expect((await cancel(pathOf(appointment))).status).toBe(403);
    expect((await byCrmId('A', '7001')).status).toBe('PLANNED');
  });

  it('refuses a cross-site post with 403, changing nothing', async () => {
    const appointment = await byCrmId('A', '7001');
    const response = await request(sut.server).post(pathOf(appointment)).set('Sec-Fetch-Site', 'cross-site').set('Origin', 'https://evil.example').type('form').send({});
    expect(response.status).toBe(403);
    expect((await byCrmId('A', '7001')).status).toBe('PLANNED');
  });

  it('cancels once: records when and why, mails the visitor and the agent (SMTP), and tells the CRM', async () => {
    const appointment = await byCrmId('A', '7001');
    const mailsBefore = await mails().count();
    const response = await cancel(pathOf(appointment), { reason: 'Ik heb al iets gevonden.' });
    expect(response.status).toBe(200);
    expect(response.text).toContain('Uw afspraak is geannuleerd.');
    // The sentence above the form follows (out of band): no more "you have a visit planned" (issue 38).
    expect(response.text).toMatch(/<p id="appointment-intro" hx-swap-oob="true">Jan Peeters, uw bezoek van [^<]+ werd geannuleerd\.<\/p>/);
    const cancelled = await byCrmId('A', '7001');
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelledBy: 'VISITOR', cancelReason: 'Ik heb al iets gevonden.' });
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    expect(await mails().count()).toBe(mailsBefore + 2);

    await until('both mails delivered', async () => smtp.received.filter((mail) => mail.subject?.startsWith('Afspraak geannuleerd')).length === 2, Boolean, { timeoutMs: 20_000 });
    const recipients = smtp.received.map((mail) => (mail.to && 'text' in mail.to ? mail.to.text : ''));
    expect(recipients).toEqual(expect.arrayContaining(['jan.peeters@example.be', 'els.maes@immo.example']));
    const toAgent = smtp.received.find((mail) => mail.to && 'text' in mail.to && mail.to.text === 'els.maes@immo.example')!;
    expect(toAgent.text).toContain('Jan Peeters annuleerde het bezoek');
    expect(toAgent.text).toContain('Ik heb al iets gevonden.');

    const leads = sut.app.get(DataSource).getRepository(LeadEntity);
    await until('lead delivered', async () => (await leads.findOneBy({ kind: 'cancellation', email: 'jan.peeters@example.be' }))?.status === 'DELIVERED', Boolean, { timeoutMs: 20_000 });
    expect(crm.leads.a.find((lead) => JSON.stringify(lead.body).includes('website lead: cancellation'))).toMatchObject({
      endpoint: 'contactmessage',
      body: { contact: { email: 'jan.peeters@example.be' } },
    });

    // The page now says so.
    const page = await request(sut.server).get(pathOf(cancelled));
    expect(page.text).toContain('Deze afspraak werd geannuleerd op');
    expect(page.text).not.toContain('Annuleer deze afspraak');
  });

  it('is idempotent: a second cancel changes nothing and mails nobody', async () => {
    const before = await byCrmId('A', '7001');
    const mailsBefore = await mails().count();
    const again = await cancel(pathOf(before), { reason: 'nogmaals' });
    expect(again.status).toBe(200);
    expect(again.text).toContain('Deze afspraak werd geannuleerd op');
    const after = await byCrmId('A', '7001');
    expect(after.cancelledAt?.getTime()).toBe(before.cancelledAt?.getTime());
    expect(after.cancelReason).toBe('Ik heb al iets gevonden.');
    expect(await mails().count()).toBe(mailsBefore);
  });

  it('keeps the visitor’s cancellation and the public id when the CRM still lists the visit as planned', async () => {
    const before = await byCrmId('A', '7001');
    await sut.app.get(EstateSyncService).syncAll();
    const after = await byCrmId('A', '7001');
    expect(after).toMatchObject({ status: 'CANCELLED', publicId: before.publicId });
  });

  it('says a visit the CRM cancelled is cancelled, and a past one is past; neither can be cancelled', async () => {
    const byCrm = await byCrmId('A', '7002');
    expect((await request(sut.server).get(pathOf(byCrm, 'fr'))).text).toContain('Ce rendez-vous a été annulé le');
    const past = await byCrmId('A', '7003');
    const page = await request(sut.server).get(pathOf(past, 'en'));
    expect(page.text).toContain('This appointment is in the past and can no longer be cancelled.');
    const mailsBefore = await mails().count();
    const response = await cancel(pathOf(past, 'en'));
    expect(response.status).toBe(200);
    expect(response.text).toContain('in the past');
    expect((await byCrmId('A', '7003')).status).toBe('PLANNED');
    expect(await mails().count()).toBe(mailsBefore);
  });

  it('in Dutch, does not say a cancelled visit is planned: the page says it was cancelled, with its date (issue 38)', async () => {
    const dateOf = (at: Date) => new Intl.DateTimeFormat('nl-BE', { timeZone: 'Europe/Brussels', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(at);
    const timeOf = (at: Date) => new Intl.DateTimeFormat('nl-BE', { timeZone: 'Europe/Brussels', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
    for (const appointment of [await byCrmId('A', '7002'), await byCrmId('A', '7001')]) {
      const page = await request(sut.server).get(pathOf(appointment));
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('u hebt een bezoek gepland');
      expect(page.text).toContain(`uw bezoek van ${dateOf(appointment.startsAt)} om ${timeOf(appointment.startsAt)} werd geannuleerd.`);
      expect(page.text).toContain('Deze afspraak werd geannuleerd op');
    }
    const past = await request(sut.server).get(pathOf(await byCrmId('A', '7003')));
    expect(past.text).not.toContain('u hebt een bezoek gepland');
    expect(past.text).toContain('uw bezoek was gepland op');
  });

  it('without JavaScript: 303 back to the page, which says it is cancelled', async () => {
    const appointment = await byCrmId('B', 'b-visit-1');
    const response = await cancel(pathOf(appointment, 'de'), {}, false);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(pathOf(appointment, 'de'));
    const page = await request(sut.server).get(response.headers.location);
    expect(page.text).toContain('Dieser Termin wurde am');
  });
});
