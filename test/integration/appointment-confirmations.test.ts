import type { ParsedMail } from 'mailparser';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppointmentConfirmationService } from '../../src/appointments/appointment-confirmation.service.js';
import { AppointmentEntity } from '../../src/appointments/appointment.entity.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { urlFor } from '../../src/routing/routes.js';
import { runSync } from '../../src/sync.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { SmtpTestServer } from '../support/smtp-test-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

const DAY = 24 * 3600 * 1000;
const CONFIRMATION = 'appointment-confirmation';

/** The CRM's appointments: 7001 planned, 7002 cancelled by the CRM, 7003 past; B's one planned. */
function crmWithDates(): FakeCrmServer {
  const crm = new FakeCrmServer();
  const [planned, byCrm, past] = crm.sourceA.appointments;
  Object.assign(planned!, { start: new Date(Date.now() + 3 * DAY).toISOString() });
  Object.assign(byCrm!, { start: new Date(Date.now() + 4 * DAY).toISOString() });
  Object.assign(past!, { start: new Date(Date.now() - DAY).toISOString() });
  Object.assign(crm.sourceB.appointments[0]!, { startsAt: new Date(Date.now() + 5 * DAY).toISOString() });
  return crm;
}

const recipientOf = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');

describe('appointment confirmation from the CRM', () => {
  let crm: FakeCrmServer;
  let smtp: SmtpTestServer;
  let sut: TestApp;

  beforeAll(async () => {
    crm = crmWithDates();
    await crm.start();
    smtp = new SmtpTestServer();
    await smtp.start();
    // A named in-memory database: `npm run sync`'s own context (below) opens the same one, as a process beside the app would.
    sut = await startTestApp({ ...fakeCrmEnv(crm), SMTP_URL: smtp.url, DATA_DIR: `memory://appointments-${randomBytes(4).toString('hex')}` });
  });

  afterAll(async () => {
    try {
      await sut?.close();
    } finally {
      await smtp.stop();
      await crm.stop();
    }
  });

  const mails = () => sut.app.get(DataSource).getRepository(MailEntity);
  const byCrmId = (source: 'A' | 'B', sourceId: string) => sut.app.get(DataSource).getRepository(AppointmentEntity).findOneByOrFail({ source, sourceId });
  const confirmationsTo = (address: string) => smtp.received.filter((mail) => recipientOf(mail) === address && mail.subject?.match(/^(Uw afspraak|Ihr Termin|Your appointment|Votre rendez-vous)/));

  it('mails the visitor of a planned appointment once, in the visitor’s language, with the cancel link and an .ics invite', async () => {
    await until('confirmation delivered', async () => confirmationsTo('jan.peeters@example.be').length === 1, Boolean, { timeoutMs: 20_000 });
    const appointment = await byCrmId('A', '7001');
    const [mail] = confirmationsTo('jan.peeters@example.be');
    const when = new Intl.DateTimeFormat('nl-BE', { timeZone: 'Europe/Brussels', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(appointment.startsAt);
    expect(mail!.subject).toContain(when);
    expect(mail!.headers.get('content-language')).toBe('nl');
    // Answers reach the agent who receives the visitor.
    expect(mail!.replyTo?.text).toBe('els.maes@immo.example');
    expect(mail!.text).toContain('Els Maes');

    const cancelUrl = `http://immo.test${urlFor('cancelAppointment', 'nl', { appointmentId: appointment.publicId })}`;
    expect(mail!.text).toContain(cancelUrl);
    expect(mail!.html).toContain(`href="${cancelUrl}"`);
    const page = await request(sut.server).get(new URL(cancelUrl).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Annuleer deze afspraak');

    const invite = mail!.attachments.find((part) => part.filename === 'invite.ics' || part.contentType.startsWith('text/calendar'));
    expect(invite).toBeDefined();
    const ics = invite!.content.toString('utf8').replace(/\r\n /g, '');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:${appointment.id}@immo.test`);
    expect(ics).toContain(`DTSTART:${appointment.startsAt.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);

    expect(appointment).toMatchObject({ confirmation: 'SITE' });
    expect((await mails().findOneByOrFail({ id: appointment.confirmationMailId! })).template).toBe(CONFIRMATION);
  });

  it('writes to source B’s visitor in German, the language the CRM gives', async () => {
    await until('confirmation delivered', async () => confirmationsTo('lena.schmidt@example.de').length === 1, Boolean, { timeoutMs: 20_000 });
    const [mail] = confirmationsTo('lena.schmidt@example.de');
    expect(mail!.subject).toMatch(/^Ihr Termin: /);
    expect(mail!.headers.get('content-language')).toBe('de');
    expect(mail!.text).toContain('Termin absagen');
  });

  it('mails no visitor of a cancelled or a past appointment', async () => {
    expect(await mails().countBy({ template: CONFIRMATION, to: 'marie.dubois@example.be' })).toBe(0);
    expect(await mails().countBy({ template: CONFIRMATION, to: 'tom.smith@example.com' })).toBe(0);
    expect(await byCrmId('A', '7002')).toMatchObject({ confirmation: null });
    expect(await byCrmId('A', '7003')).toMatchObject({ confirmation: null });
  });

  it('never mails a visitor twice: later syncs, even with a changed visit, queue nothing more', async () => {
    const before = await mails().countBy({ template: CONFIRMATION });
    expect(before).toBe(2);
    Object.assign(crm.sourceA.appointments[0]!, { start: new Date(Date.now() + 6 * DAY).toISOString() });
    await sut.app.get(EstateSyncService).syncAll();
    await sut.app.get(EstateSyncService).syncAll();
    expect(await sut.app.get(AppointmentConfirmationService).confirmDue()).toBe(0);
    expect(await mails().countBy({ template: CONFIRMATION })).toBe(before);
  });

  it('mails a visit the CRM adds later, after the sync that brings it', async () => {
    crm.sourceA.appointments.push({
      ...crm.sourceA.appointments[0]!,
      appointment_id: 7009,
      start: new Date(Date.now() + 7 * DAY).toISOString(),
      contact: { first_name: 'An', last_name: 'Claes', email: 'an.claes@example.be', phone: null, language: 'fr' },
    });
    await sut.app.get(EstateSyncService).syncAll();
    await until('confirmation delivered', async () => confirmationsTo('an.claes@example.be').length === 1, Boolean, { timeoutMs: 20_000 });
    expect(await mails().countBy({ template: CONFIRMATION, to: 'an.claes@example.be', locale: 'fr' })).toBe(1);
  });

  it('mails a visit brought in by `npm run sync` (a process without a mail sender) from the app, once', async () => {
    crm.sourceA.appointments.push({
      ...crm.sourceA.appointments[0]!,
      appointment_id: 7010,
      start: new Date(Date.now() + 8 * DAY).toISOString(),
      contact: { first_name: 'Bart', last_name: 'Wouters', email: 'bart.wouters@example.be', phone: null, language: 'nl' },
    });
    const report = await runSync(sut.config);
    expect(report.sources.every((source) => source.ok)).toBe(true);
    await until('confirmation delivered', async () => confirmationsTo('bart.wouters@example.be').length === 1, Boolean, { timeoutMs: 20_000 });
    expect(await byCrmId('A', '7010')).toMatchObject({ confirmation: 'SITE' });
    // Another sync of either kind, and the app's own sweep, send nothing more.
    await runSync(sut.config);
    await sut.app.get(EstateSyncService).syncAll();
    expect(await sut.app.get(AppointmentConfirmationService).confirmDue()).toBe(0);
    expect(await mails().countBy({ template: CONFIRMATION, to: 'bart.wouters@example.be' })).toBe(1);
  });
});

describe('appointment confirmation when the agency’s CRM sends its own (APPOINTMENT_CONFIRMATIONS=crm)', () => {
  let crm: FakeCrmServer;
  let sut: TestApp;

  beforeAll(async () => {
    crm = crmWithDates();
    await crm.start();
    sut = await startTestApp({ ...fakeCrmEnv(crm), APPOINTMENT_CONFIRMATIONS: 'crm' });
  });

  afterAll(async () => {
    try {
      await sut?.close();
    } finally {
      await crm.stop();
    }
  });

  it('queues no mail, and marks the appointments as the CRM’s to confirm', async () => {
    await sut.app.get(EstateSyncService).syncAll();
    const dataSource = sut.app.get(DataSource);
    expect(await dataSource.getRepository(MailEntity).countBy({ template: CONFIRMATION })).toBe(0);
    expect(await dataSource.getRepository(AppointmentEntity).findOneByOrFail({ source: 'A', sourceId: '7001' })).toMatchObject({ confirmation: 'CRM', confirmationMailId: null });
  });
});
