import { Logger } from '@nestjs/common';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/config.js';
import { EmbeddedPostgres } from '../database/embedded-postgres.js';
import { typeOrmOptions } from '../database/typeorm-options.js';
import { MailOutboxEntity } from './mail-outbox.entity.js';
import { MAX_MAIL_ATTEMPTS, MailOutboxService, type OutgoingMail } from './mail-outbox.service.js';

const MAIL: OutgoingMail = { to: 'info@immo.example', replyTo: 'jan@example.be', subject: 'Vraag over Villa Zonnig', text: 'Is een bezoek mogelijk?' };
const SECOND = 1000;

/** A loopback port nobody listens on: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe(MailOutboxService.name, () => {
  let database: EmbeddedPostgres;
  let dataSource: DataSource;
  let outboxDir: string;

  beforeAll(async () => {
    // Failed sends are logged as warnings; here they are expected.
    Logger.overrideLogger(false);
    database = await EmbeddedPostgres.start('memory://');
    dataSource = await new DataSource(typeOrmOptions(database.url, true)).initialize();
    await dataSource.runMigrations();
    outboxDir = mkdtempSync(join(tmpdir(), 'immo-mail-'));
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.stop();
    rmSync(outboxDir, { recursive: true, force: true });
    Logger.overrideLogger(['error', 'warn', 'log']);
  });

  beforeEach(() => dataSource.getRepository(MailOutboxEntity).clear());

  const outbox = () => dataSource.getRepository(MailOutboxEntity);
  const service = (env: Record<string, string>) => new MailOutboxService(dataSource, loadConfig({ DATA_DIR: 'memory://', MAIL_DISPATCH_INTERVAL_SECONDS: '0', ...env }));
  const enqueue = (sut: MailOutboxService, mail: OutgoingMail = MAIL) => dataSource.transaction((manager) => sut.enqueue(manager, mail));

  it('queues a mail as pending, due now', async () => {
    const id = await enqueue(service({ MAIL_OUTBOX_DIR: outboxDir }));
    const row = await outbox().findOneByOrFail({ id });
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0, to: MAIL.to, replyTo: MAIL.replyTo, sentAt: null });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('queues nothing when the caller’s transaction rolls back', async () => {
    const sut = service({ MAIL_OUTBOX_DIR: outboxDir });
    await expect(
      dataSource.transaction(async (manager) => {
        await sut.enqueue(manager, MAIL);
        throw new Error('inquiry not stored');
      }),
    ).rejects.toThrow('inquiry not stored');
    expect(await outbox().count()).toBe(0);
  });

  it('without SMTP writes each due mail as an .eml file and marks it sent', async () => {
    const sut = service({ MAIL_OUTBOX_DIR: outboxDir, MAIL_FROM: 'Immo <no-reply@immo.test>' });
    const id = await enqueue(sut);
    expect(await sut.dispatchDue()).toBe(1);
    expect(await outbox().findOneByOrFail({ id })).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    const eml = readFileSync(join(outboxDir, `${id}.eml`), 'utf8');
    expect(eml).toContain('From: Immo <no-reply@immo.test>');
    expect(eml).toContain('Reply-To: jan@example.be');
    expect(eml).toContain('Subject: Vraag over Villa Zonnig');
  });

  it('keeps mails queued when there is neither SMTP nor a directory (in-memory data)', async () => {
    const sut = service({});
    const id = await enqueue(sut);
    expect(await sut.dispatchDue()).toBe(0);
    expect(await outbox().findOneByOrFail({ id })).toMatchObject({ status: 'PENDING', attempts: 0 });
  });

  it('retries a failed send later, with a delay that doubles', async () => {
    const sut = service({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const id = await enqueue(sut);

    const firstTry = Date.now();
    expect(await sut.dispatchDue()).toBe(0);
    const afterFirst = await outbox().findOneByOrFail({ id });
    expect(afterFirst).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(afterFirst.lastError).toBeTruthy();
    expect(afterFirst.nextAttemptAt.getTime() - firstTry).toBeGreaterThanOrEqual(29 * SECOND);

    await sut.dispatchDue();
    expect(await outbox().findOneByOrFail({ id })).toMatchObject({ attempts: 1 });

    await outbox().update({ id }, { nextAttemptAt: new Date(Date.now() - SECOND) });
    const secondTry = Date.now();
    await sut.dispatchDue();
    const afterSecond = await outbox().findOneByOrFail({ id });
    expect(afterSecond).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect(afterSecond.nextAttemptAt.getTime() - secondTry).toBeGreaterThanOrEqual(59 * SECOND);
  });

  it('marks a mail failed after the last attempt', async () => {
    const sut = service({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const id = await enqueue(sut);
    await outbox().update({ id }, { attempts: MAX_MAIL_ATTEMPTS - 1 });
    await sut.dispatchDue();
    expect(await outbox().findOneByOrFail({ id })).toMatchObject({ status: 'FAILED', attempts: MAX_MAIL_ATTEMPTS });
  });
});
