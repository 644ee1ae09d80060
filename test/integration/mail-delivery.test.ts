import { DataSource, In, type Repository } from 'typeorm';
import { JobQueueService } from '../../src/jobs/job-queue.service.js';
import { requeueMails } from '../../src/mail/mail-queue.js';
import { type MailRequest, MailOutboxService } from '../../src/mail/mail-outbox.service.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { SmtpTestServer } from '../support/smtp-test-server.js';
import { startReplicas, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

const MAIL: MailRequest = {
  to: 'luc@example.be',
  replyTo: 'marie@example.be',
  locale: 'fr',
  template: 'send-to-friend',
  model: { listing: { title: 'Villa à Gand', url: 'http://immo.test/fr/offre/1001/villa' }, senderName: 'Marie', friendName: 'Luc', message: '' },
};

/** Queues a mail as a feature does: inside its own transaction, then wakes the local worker. */
async function queue(replica: TestApp, mail: MailRequest = MAIL): Promise<string> {
  const outbox = replica.app.get(MailOutboxService);
  const id = await replica.app.get(DataSource).transaction((manager) => outbox.queue(manager, mail));
  outbox.kick();
  return id;
}

const messageIdOf = (id: string) => `<${id}@immo.test>`;

describe('mail through the job queue, two replicas on one database', () => {
  let smtp: SmtpTestServer;
  let cluster: Awaited<ReturnType<typeof startReplicas>>;
  let mails: () => Repository<MailEntity>;

  beforeAll(async () => {
    smtp = new SmtpTestServer();
    await smtp.start();
    cluster = await startReplicas(2, {
      SMTP_URL: smtp.url,
      MAIL_MAX_ATTEMPTS: '3',
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_DELAY_MAX_SECONDS: '2',
    });
    mails = () => cluster.replicas[0].app.get(DataSource).getRepository(MailEntity);
    // The demo sync at start queues the demo appointments' confirmations: they go out first, so a refusal a test asks
    // for hits that test's mails only.
    await until('start-up mails sent', async () => (await mails().countBy({ status: In(['PENDING', 'SENDING']) })) === 0, Boolean, { timeoutMs: 30_000 });
  });

  afterAll(async () => {
    await cluster?.close();
    await smtp.stop();
  });

  beforeEach(() => {
    smtp.refuseNext = 0;
  });

  const statusOf = async (id: string) => (await mails().findOneByOrFail({ id })).status;

  it('delivers each mail exactly once although the server refuses the first attempts', async () => {
    smtp.refuseNext = 2;
    const [a, b] = cluster.replicas;
    const ids = [await queue(a), await queue(b), await queue(a), await queue(b)];

    await until('all mails sent', async () => (await mails().countBy({ id: In(ids), status: 'SENT' })) === ids.length, Boolean, { timeoutMs: 30_000 });
    expect(smtp.refused).toBeGreaterThanOrEqual(2);
    for (const id of ids) expect(smtp.copiesOf(messageIdOf(id))).toBe(1);
    const rows = await mails().findBy({ id: In(ids) });
    // The refused attempts are counted on the mails they hit: more attempts than mails.
    expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(ids.length + 2);
    expect(rows.every((row) => row.lastError === null && row.sentAt !== null)).toBe(true);
  });

  it('renders the mail in the recipient’s language, as HTML and plain text', async () => {
    const id = await queue(cluster.replicas[0]);
    await until('mail sent', async () => (await statusOf(id)) === 'SENT', Boolean, { timeoutMs: 20_000 });
    const received = smtp.received.find((mail) => mail.messageId === messageIdOf(id))!;
    expect(received.subject).toBe('Marie vous envoie un bien : Villa à Gand');
    expect(received.html).toContain('<html lang="fr"');
    expect(received.html).toContain('Voir le bien');
    expect(received.text).toContain('Bonjour Luc,');
    expect(received.text).toContain('http://immo.test/fr/offre/1001/villa');
    expect(received.replyTo?.text).toBe('marie@example.be');
  });

  it('queues nothing when the caller’s transaction rolls back: no mail, no job', async () => {
    const [a] = cluster.replicas;
    const before = await mails().count();
    const outbox = a.app.get(MailOutboxService);
    await expect(
      a.app.get(DataSource).transaction(async (manager) => {
        await outbox.queue(manager, { ...MAIL, to: 'rolled-back@example.be' });
        throw new Error('the lead was not stored');
      }),
    ).rejects.toThrow('the lead was not stored');
    expect(await mails().count()).toBe(before);
    const [{ count }] = await a.app.get(DataSource).query(`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'mail' AND data->>'mailId' NOT IN (SELECT id::text FROM mails)`);
    expect(count).toBe(0);
  });

  it('keeps a mail that keeps failing as FAILED with its error, and mail:retry delivers it', async () => {
    smtp.refuseNext = Infinity;
    const id = await queue(cluster.replicas[1]);
    await until('mail failed', async () => (await statusOf(id)) === 'FAILED', Boolean, { timeoutMs: 30_000 });
    const failed = await mails().findOneByOrFail({ id });
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toContain('try again later');
    expect(smtp.copiesOf(messageIdOf(id))).toBe(0);

    smtp.refuseNext = 0;
    const [a] = cluster.replicas;
    const requeued = await requeueMails(a.app.get(DataSource), a.app.get(JobQueueService), a.config);
    expect(requeued).toEqual([id]);
    a.app.get(JobQueueService).wake('mail');
    await until('mail sent after retry', async () => (await statusOf(id)) === 'SENT', Boolean, { timeoutMs: 20_000 });
    expect(smtp.copiesOf(messageIdOf(id))).toBe(1);
    expect((await mails().findOneByOrFail({ id })).attempts).toBe(4);
  });

  it('sends a mail once even when two jobs carry it (re-queued while it waited for its retry)', async () => {
    smtp.refuseNext = 1;
    const [a, b] = cluster.replicas;
    const id = await queue(a);
    const waitingForRetry = async () => {
      const row = await mails().findOneByOrFail({ id });
      return row.attempts === 1 && row.status === 'PENDING';
    };
    await until('first attempt refused', waitingForRetry, Boolean, { timeoutMs: 20_000 });
    expect(await requeueMails(b.app.get(DataSource), b.app.get(JobQueueService), b.config, [id])).toEqual([id]);
    b.app.get(JobQueueService).wake('mail');

    const jobsDone = async () => {
      const rows: Array<{ state: string }> = await a.app.get(DataSource).query(`SELECT state FROM pgboss.job WHERE name = 'mail' AND data->>'mailId' = $1`, [id]);
      return rows.length === 2 && rows.every((row) => row.state === 'completed');
    };
    await until('both jobs done', jobsDone, Boolean, { timeoutMs: 30_000 });
    expect(await statusOf(id)).toBe('SENT');
    expect(smtp.copiesOf(messageIdOf(id))).toBe(1);
  });

  it('re-queues one mail by id, and leaves a sent one alone', async () => {
    const id = await queue(cluster.replicas[0]);
    await until('mail sent', async () => (await statusOf(id)) === 'SENT', Boolean, { timeoutMs: 20_000 });
    const [a] = cluster.replicas;
    expect(await requeueMails(a.app.get(DataSource), a.app.get(JobQueueService), a.config, [id])).toEqual([]);
    expect(smtp.copiesOf(messageIdOf(id))).toBe(1);
  });
});
