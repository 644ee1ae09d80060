import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { AppointmentConfirmationService } from '../../src/appointments/appointment-confirmation.service.js';
import { AppointmentEntity } from '../../src/appointments/appointment.entity.js';
import { loadConfig } from '../../src/config/config.js';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { typeOrmOptions } from '../../src/database/typeorm-options.js';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { runCheck } from '../../src/sync.js';
import { FakeCrmServer } from '../support/fake-crm-server.js';
import { SmtpTestServer } from '../support/smtp-test-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

const DAY = 24 * 3600 * 1000;
const CONFIRMATION = 'appointment-confirmation';
const METRICS_TOKEN = 'go-live-metrics-token-0123456789';
/** The visitors of the demo fixtures' planned, future appointments (fixtures/source-a, fixtures/source-b). */
const DEMO_VISITORS = ['jan.peeters@example.be', 'lena.schmidt@example.de'];

const recipientsOf = (smtp: SmtpTestServer) => smtp.received.flatMap((mail) => (mail.to && 'value' in mail.to ? mail.to.value.map((entry) => entry.address ?? '') : []));

/** Only Zabun (the fake) configured: the feed (source B) and Whise are not. */
function zabunOnly(crm: FakeCrmServer): Record<string, string> {
  return { ...crm.zabun.env(`${crm.url}/a`), SOURCE_RETRIES: '2', SOURCE_BACKOFF_MS: '5', SOURCE_TIMEOUT_MS: '2000' };
}

describe('going live: an agency that connects only Zabun', () => {
  let crm: FakeCrmServer;
  let sut: TestApp;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    sut = await startTestApp({ ...zabunOnly(crm), METRICS_TOKEN });
  });

  afterAll(async () => {
    try {
      await sut?.close();
    } finally {
      await crm.stop();
    }
  });

  it('syncs Zabun alone: no source B, no demo listing beside it', async () => {
    const report = await sut.app.get(EstateSyncService).syncAll();
    expect(report.sources.map((source) => source.source)).toEqual(['A']);
    const estates = sut.app.get(DataSource).getRepository(EstateEntity);
    expect(await estates.countBy({ source: 'B' })).toBe(0);
    expect(await estates.countBy({ source: 'A' })).toBeGreaterThan(0);
    const metrics = await request(sut.server).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(metrics.text).not.toContain('immo_source_demo_fixtures{');
  });
});

describe('an agency that connects Zabun on a site that showed the demo: the demo listings go', () => {
  const DATA_DIR = `memory://demo-then-zabun-${randomBytes(4).toString('hex')}`;
  let held: EmbeddedPostgres;
  let crm: FakeCrmServer;
  let sut: TestApp | undefined;

  beforeAll(async () => {
    held = await EmbeddedPostgres.open(DATA_DIR);
    crm = new FakeCrmServer();
    await crm.start();
  });

  afterAll(async () => {
    try {
      await sut?.close();
    } finally {
      await held?.release();
      await crm.stop();
    }
  });

  it('removes every cached listing of source B at the first sync with Zabun alone', async () => {
    const demo = await startTestApp({ DATA_DIR }, { embedded: true });
    try {
      expect(await demo.app.get(DataSource).getRepository(EstateEntity).countBy({ source: 'B' })).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
    sut = await startTestApp({ ...zabunOnly(crm), DATA_DIR }, { embedded: true });
    const report = await sut.app.get(EstateSyncService).syncAll();
    expect(report.sources.find((source) => source.source === 'B')).toMatchObject({ ok: true, removed: expect.any(Number) as number });
    const estates = sut.app.get(DataSource).getRepository(EstateEntity);
    expect(await estates.countBy({ source: 'B' })).toBe(0);
    expect(await estates.countBy({ source: 'A' })).toBeGreaterThan(0);
    expect((await sut.app.get(EstateSyncService).syncAll()).sources.map((source) => source.source)).toEqual(['A']);
  });
});

describe('the demo (no CRM configured) names its sources as the demo, and mails no demo visitor', () => {
  let smtp: SmtpTestServer;
  let sut: TestApp;

  beforeAll(async () => {
    smtp = new SmtpTestServer();
    await smtp.start();
    // Even with a real SMTP server: the demo's visitors are fictitious, but their addresses may exist.
    sut = await startTestApp({ SMTP_URL: smtp.url, METRICS_TOKEN });
  });

  afterAll(async () => {
    try {
      await sut?.close();
    } finally {
      await smtp.stop();
    }
  });

  it('stores the fixtures’ appointments as never to confirm, and queues no confirmation', async () => {
    const appointments = sut.app.get(DataSource).getRepository(AppointmentEntity);
    await until('demo appointments synced', async () => (await appointments.count()) > 0, Boolean, { timeoutMs: 20_000 });
    const planned = await appointments.findBy({ status: 'PLANNED' });
    expect(planned.map((appointment) => appointment.visitorEmail)).toEqual(expect.arrayContaining(DEMO_VISITORS));
    expect(planned.every((appointment) => appointment.confirmation === 'NONE')).toBe(true);
    expect(await sut.app.get(AppointmentConfirmationService).confirmDue()).toBe(0);
    expect(await sut.app.get(DataSource).getRepository(MailEntity).countBy({ template: CONFIRMATION })).toBe(0);
    expect(recipientsOf(smtp).filter((address) => DEMO_VISITORS.includes(address))).toEqual([]);
  });

  it('names each fixture source as the demo on /metrics', async () => {
    const metrics = await request(sut.server).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(metrics.text).toContain('immo_source_demo_fixtures{source="A",fixtures="fixtures/source-a"} 1');
    expect(metrics.text).toContain('immo_source_demo_fixtures{source="B",fixtures="fixtures/source-b"} 1');
  });
});

describe('the bare demo (no CRM, no SMTP_URL) shows its confirmations in the outbox only', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({});
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('queues the demo visitor’s confirmation into the outbox (nothing can leave the machine)', async () => {
    expect(sut.config.SMTP_URL).toBeUndefined();
    const mails = sut.app.get(DataSource).getRepository(MailEntity);
    await until('the demo confirmation in the outbox', async () => (await mails.countBy({ template: CONFIRMATION, to: 'jan.peeters@example.be' })) === 1, Boolean, { timeoutMs: 20_000 });
  });
});

describe('npm run crm:check names the demo fixtures as the demo, never as an authenticated CRM', () => {
  it('without any CRM: fails, naming the settings of one, and each source as DEMO fixtures', async () => {
    const { text, passed } = await runCheck(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' }));
    expect(passed).toBe(false);
    expect(text).toMatch(/^no CRM configured: set SOURCE_A_BASE_URL \(Zabun\), SOURCE_B_FEED_URL \(feed\) or WHISE_USERNAME \(Whise\)$/m);
    expect(text).toMatch(/^source B \(feed\): DEMO fixtures \(fixtures\/source-b\), not a CRM/m);
    expect(text).not.toMatch(/^source [AB] .*authenticated$/m);
  });

  it('with Zabun and DEMO_DATA=true: Zabun authenticated, B the demo, and the check fails', async () => {
    const crm = new FakeCrmServer();
    await crm.start();
    try {
      const { text, passed } = await runCheck(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', ...zabunOnly(crm), DEMO_DATA: 'true' }));
      expect(text).toMatch(/^source A \(Zabun\): authenticated$/m);
      expect(text).toMatch(/^source B \(feed\): DEMO fixtures \(fixtures\/source-b\), not a CRM.*\n {2}\d+ listings would be shown/m);
      expect(passed).toBe(false);
      // Zabun alone passes.
      expect((await runCheck(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', ...zabunOnly(crm) }))).passed).toBe(true);
    } finally {
      await crm.stop();
    }
  });
});

describe('an upgrade from a release without confirmations mails no appointment booked before it', () => {
  const DATA_DIR = `memory://upgrade-${randomBytes(4).toString('hex')}`;
  let held: EmbeddedPostgres;
  let crm: FakeCrmServer;
  let smtp: SmtpTestServer;
  let sut: TestApp;
  const booked = new Date(Date.now() + 3 * DAY);

  beforeAll(async () => {
    // The previous release's schema (bec7406: appointments, no confirmations) holding one planned, future visit.
    held = await EmbeddedPostgres.open(DATA_DIR);
    const confirmations = MIGRATIONS.findIndex((migration) => migration.name === 'AppointmentConfirmations1795900000000');
    const previous = await new DataSource({ ...typeOrmOptions({ embedded: held }), migrations: MIGRATIONS.slice(0, confirmations) }).initialize();
    try {
      await previous.runMigrations({ transaction: 'each' });
      await previous.query(
        `INSERT INTO appointments (id, public_id, source, source_id, starts_at, visitor_name, visitor_email, agent_name, status)
         VALUES ($1, $2, 'A', '7001', $3, 'Jan Peeters', 'jan.peeters@example.be', 'Els Maes', 'PLANNED')`,
        [randomUUID(), randomBytes(32).toString('base64url'), booked],
      );
    } finally {
      await previous.destroy();
    }
    // The CRM still lists that visit, and one booked after the upgrade.
    crm = new FakeCrmServer();
    const [planned] = crm.sourceA.appointments;
    Object.assign(planned!, { start: booked.toISOString() });
    crm.sourceA.appointments.splice(1);
    crm.sourceA.appointments.push({
      ...planned!,
      appointment_id: 7020,
      start: new Date(Date.now() + 5 * DAY).toISOString(),
      contact: { first_name: 'An', last_name: 'Claes', email: 'an.claes@example.be', phone: null, language: 'nl' },
    });
    smtp = new SmtpTestServer();
    await Promise.all([crm.start(), smtp.start()]);
    // The new release's first start on that database migrates it (the embedded database migrates itself).
    sut = await startTestApp({ ...zabunOnly(crm), SMTP_URL: smtp.url, DATA_DIR }, { embedded: true });
  });

  afterAll(async () => {
    try {
      await sut?.close();
    } finally {
      await held?.release();
      await Promise.all([crm?.stop(), smtp?.stop()]);
    }
  });

  it('confirms the visit booked after the upgrade, and never the one booked before', async () => {
    await until('the new visit confirmed', async () => recipientsOf(smtp).includes('an.claes@example.be'), Boolean, { timeoutMs: 20_000 });
    await sut.app.get(EstateSyncService).syncAll();
    expect(await sut.app.get(AppointmentConfirmationService).confirmDue()).toBe(0);
    const old = await sut.app.get(DataSource).getRepository(AppointmentEntity).findOneByOrFail({ source: 'A', sourceId: '7001' });
    expect(old.confirmation).toBe('NONE');
    expect(await sut.app.get(DataSource).getRepository(MailEntity).countBy({ template: CONFIRMATION, to: 'jan.peeters@example.be' })).toBe(0);
    expect(recipientsOf(smtp)).not.toContain('jan.peeters@example.be');
  });
});

describe('the upgrade marking leaves a database that already confirms alone', () => {
  it('keeps an unconfirmed appointment due where the confirmations already ran', async () => {
    const embedded = await EmbeddedPostgres.open('memory://');
    try {
      const last = MIGRATIONS.length - 1;
      const before = await new DataSource({ ...typeOrmOptions({ embedded }), migrations: MIGRATIONS.slice(0, last) }).initialize();
      const insert = (sourceId: string, confirmation: string | null) =>
        before.query(
          `INSERT INTO appointments (id, public_id, source, source_id, starts_at, visitor_name, visitor_email, agent_name, status, confirmation)
           VALUES ($1, $2, 'A', $3, now() + interval '3 days', 'V', $4, 'Agent', 'PLANNED', $5)`,
          [randomUUID(), randomBytes(32).toString('base64url'), sourceId, `${sourceId}@example.be`, confirmation],
        );
      try {
        await before.runMigrations({ transaction: 'each' });
        await insert('1', 'SITE');
        await insert('2', null);
      } finally {
        await before.destroy();
      }
      const after = await new DataSource(typeOrmOptions({ embedded })).initialize();
      try {
        await after.runMigrations({ transaction: 'each' });
        const rows = (await after.query(`SELECT source_id, confirmation FROM appointments ORDER BY source_id`)) as Array<{ source_id: string; confirmation: string | null }>;
        expect(rows).toEqual([
          { source_id: '1', confirmation: 'SITE' },
          { source_id: '2', confirmation: null },
        ]);
      } finally {
        await after.destroy();
      }
    } finally {
      await embedded.release();
    }
  });
});
