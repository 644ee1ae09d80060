import { DataSource, In, type Repository } from 'typeorm';
import { type MailRequest, MailOutboxService } from '../../src/mail/mail-outbox.service.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { SmtpTestServer } from '../support/smtp-test-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

const BACKLOG = 300;
/** One mail per poll (2 s) would take 600 s for the backlog; at SMTP speed it takes a few seconds. */
const DRAIN_BOUND_MS = 60_000;

const mailTo = (n: number): MailRequest => ({
  to: `visitor-${n}@example.be`,
  locale: 'nl',
  template: 'send-to-friend',
  model: { listing: { title: 'Villa in Gent', url: 'http://immo.test/nl/aanbod/1001/villa' }, senderName: 'Marie', friendName: `Luc ${n}`, message: '' },
});

describe('a mail backlog after an SMTP outage', () => {
  let smtp: SmtpTestServer;
  let sut: TestApp;
  let mails: () => Repository<MailEntity>;

  beforeAll(async () => {
    smtp = new SmtpTestServer();
    await smtp.start();
    sut = await startTestApp({
      SMTP_URL: smtp.url,
      // Production's poll: the backlog must not be worked one mail per poll.
      JOBS_POLL_INTERVAL_SECONDS: '2',
      MAIL_MAX_ATTEMPTS: '50',
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_DELAY_MAX_SECONDS: '2',
    });
    mails = () => sut.app.get(DataSource).getRepository(MailEntity);
  });

  afterAll(async () => {
    try {
      await sut?.close();
    } finally {
      await smtp.stop();
    }
  });

  const queue = async (requests: MailRequest[]): Promise<string[]> => {
    const outbox = sut.app.get(MailOutboxService);
    const ids = await sut.app.get(DataSource).transaction(async (manager) => {
      const queued: string[] = [];
      for (const request of requests) queued.push(await outbox.queue(manager, request));
      return queued;
    });
    outbox.kick();
    return ids;
  };

  it('is sent at SMTP speed once SMTP answers again, every mail exactly once', async () => {
    smtp.refuseNext = Infinity;
    const ids = await queue(Array.from({ length: BACKLOG }, (_, n) => mailTo(n)));
    // The outage: every mail tried and refused, now waiting for its retry.
    await until('every mail tried once', async () => (await mails().countBy({ id: In(ids), attempts: 0 })) === 0, Boolean, { timeoutMs: 60_000 });

    smtp.refuseNext = 0;
    const back = Date.now();
    await until('backlog sent', async () => (await mails().countBy({ id: In(ids), status: 'SENT' })) === BACKLOG, Boolean, { timeoutMs: DRAIN_BOUND_MS });
    const seconds = (Date.now() - back) / 1000;
    process.stdout.write(`mail backlog: ${BACKLOG} mails in ${seconds.toFixed(1)} s after SMTP came back (${(BACKLOG / seconds).toFixed(0)} mails/s)\n`);

    for (const id of ids) expect(smtp.copiesOf(`<${id}@immo.test>`)).toBe(1);
    expect(smtp.received.filter((mail) => mail.to && 'text' in mail.to && mail.to.text.startsWith('visitor-')).length).toBe(BACKLOG);
  });

  it('sends a mail that waits for a long retry as soon as another mail gets through', async () => {
    smtp.refuseNext = 1;
    const outbox = sut.app.get(MailOutboxService);
    const waiting = await sut.app.get(DataSource).transaction(async (manager) => {
      const id = await outbox.queue(manager, mailTo(1000));
      // Its retry an hour after a failure: only SMTP answering again brings it forward.
      await manager.query(`UPDATE pgboss.job SET retry_delay = 3600, retry_delay_max = 3600 WHERE name = 'mail' AND data->>'mailId' = $1`, [id]);
      return id;
    });
    outbox.kick();
    const refusedOnce = async () => {
      const row = await mails().findOneByOrFail({ id: waiting });
      const [job] = (await sut.app.get(DataSource).query(`SELECT state FROM pgboss.job WHERE name = 'mail' AND data->>'mailId' = $1`, [waiting])) as Array<{ state: string }>;
      return row.attempts === 1 && row.status === 'PENDING' && job?.state === 'retry';
    };
    await until('first attempt refused', refusedOnce, Boolean, { timeoutMs: 20_000 });

    const [fresh] = await queue([mailTo(1001)]);
    await until('both sent', async () => (await mails().countBy({ id: In([waiting, fresh!]), status: 'SENT' })) === 2, Boolean, { timeoutMs: 20_000 });
    expect(smtp.copiesOf(`<${waiting}@immo.test>`)).toBe(1);
  });
});
