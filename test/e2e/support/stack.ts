import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type ParsedMail, simpleParser } from 'mailparser';
import { FakeCrmServer, fakeCrmEnv } from '../../support/fake-crm-server.js';
import { FakeRecaptchaProvider } from '../../support/fake-recaptcha-provider.js';
import { AGENCY_IDENTITY, type BuiltApp, productionEnv, ROOT, spawnBuiltApp, stopBuiltApp, waitCatalogue, waitReady } from '../../support/built-app.js';
import { until } from '../../support/poll.js';
import { SmtpTestServer } from '../../support/smtp-test-server.js';
import { freePort, type Postgres, startPostgres } from '../../support/disposable-postgres.js';

const run = promisify(execFile);

/**
 * `production`: the built app as production runs it (PostgreSQL 15, SMTP, the bot check on, the CRMs as local fakes).
 * `demo`: the out-of-the-box demo, `npm start` with no configuration but PORT and a temp DATA_DIR (embedded database,
 * mails as .eml files in the outbox).
 */
export type Mode = 'production' | 'demo';

export const MODES: Mode[] = ((process.env.E2E_MODES ?? 'production,demo').split(',') as Mode[]).filter((mode) => mode === 'production' || mode === 'demo');

export interface Mailbox {
  /** Every mail delivered so far, as a mail client gets it. */
  all(): Promise<ParsedMail[]>;
  /** Polls until a mail to `to` matching `match` has arrived, and returns it. */
  waitFor(to: string, match?: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
}

export interface Stack {
  readonly mode: Mode;
  readonly baseUrl: string;
  /** PUBLIC_BASE_URL: the origin of canonical links and of links in mails (the demo's default, localhost:PORT, names localhost rather than 127.0.0.1). */
  readonly publicBaseUrl: string;
  /** The agency as pages and mails name it: production's own identity (AGENCY_IDENTITY), the demo's defaults. */
  readonly agency: { readonly name: string; readonly email: string };
  /** The CRMs (production only: the demo reads the fixtures). */
  readonly crm: FakeCrmServer | null;
  readonly recaptcha: FakeRecaptchaProvider | null;
  readonly mails: Mailbox;
  /** The server's log so far (stdout and stderr). */
  log(): string;
  /** Stops and starts the server process again on the same database: a fresh process with an empty render cache. */
  restart(): Promise<void>;
  /** `npm run sync` as an operator runs it (production only; the embedded database belongs to the server process). */
  sync(): Promise<string>;
  stop(): Promise<void>;
}

const SITE_KEY = 'e2e-site-key';
const SECRET = 'e2e-secret';

/** Mails of the demo: nodemailer's raw messages written to DATA_DIR/outbox/<id>.eml. */
function outboxMailbox(directory: string): Mailbox {
  const parsed = new Map<string, ParsedMail>();
  const all = async () => {
    if (!existsSync(directory)) return [];
    for (const file of readdirSync(directory).filter((name) => name.endsWith('.eml')).sort()) {
      if (!parsed.has(file)) parsed.set(file, await simpleParser(readFileSync(join(directory, file))));
    }
    return [...parsed.values()];
  };
  return { all, waitFor: (to, match, timeoutMs) => waitForMail(all, to, match, timeoutMs) };
}

function smtpMailbox(smtp: SmtpTestServer): Mailbox {
  const all = () => Promise.resolve([...smtp.received]);
  return { all, waitFor: (to, match, timeoutMs) => waitForMail(all, to, match, timeoutMs) };
}

export function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase() ?? ''));
}

async function waitForMail(all: () => Promise<ParsedMail[]>, to: string, match: (mail: ParsedMail) => boolean = () => true, timeoutMs = 30_000): Promise<ParsedMail> {
  const mails = await until(
    `a mail to ${to}`,
    async () => (await all()).filter((mail) => recipients(mail).includes(to.toLowerCase())),
    (found) => found.some(match),
    { timeoutMs, intervalMs: 200 },
  ).catch(async (error: Error) => {
    const seen = (await all()).map((mail) => `${recipients(mail).join(',')}: ${mail.subject}`);
    throw new Error(`${error.message}\nmails delivered so far:\n  ${seen.join('\n  ') || '(none)'}`);
  });
  return mails.find(match)!;
}

/** Starts everything a mode needs; on any failure, stops what was started. */
export async function startStack(mode: Mode): Promise<Stack> {
  const cleanups: Array<() => Promise<void>> = [];
  const output: string[] = [];
  let running: BuiltApp | undefined;
  const stopAll = async () => {
    await stopBuiltApp(running);
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const dataDir = mkdtempSync(join(tmpdir(), `immo-e2e-${mode}-`));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    let env: NodeJS.ProcessEnv;
    let crm: FakeCrmServer | null = null;
    let recaptcha: FakeRecaptchaProvider | null = null;
    let mails: Mailbox;
    const inherited = { PATH: process.env.PATH, HOME: process.env.HOME, TZ: process.env.TZ ?? 'Europe/Brussels' };
    if (mode === 'production') {
      const postgres: Postgres = await startPostgres();
      cleanups.push(() => postgres.stop());
      const smtp = new SmtpTestServer();
      crm = new FakeCrmServer();
      recaptcha = new FakeRecaptchaProvider(SITE_KEY, SECRET);
      await Promise.all([smtp.start(), crm.start(), recaptcha.start()]);
      cleanups.push(() => smtp.stop(), () => crm!.stop(), () => recaptcha!.stop());
      mails = smtpMailbox(smtp);
      env = {
        ...inherited,
        ...productionEnv({ databaseUrl: postgres.url, publicBaseUrl: baseUrl, smtpUrl: smtp.url, recaptcha }),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...fakeCrmEnv(crm),
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        LOG_REQUESTS: 'false',
        SHUTDOWN_DELAY_MS: '0',
        JOBS_POLL_INTERVAL_SECONDS: '0.5',
        FORM_RATE_LIMIT: '100',
        DIGEST_DEFAULT_FREQUENCY: 'instant',
      };
      // What an admin does before the first start: npm run migration:run (the app's tables and the job queue's).
      await run(process.execPath, ['scripts/typeorm-cli.mjs', 'migration:run'], { cwd: ROOT, env });
    } else {
      mails = outboxMailbox(join(dataDir, 'outbox'));
      env = { ...inherited, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir };
    }
    const start = async () => {
      running = spawnBuiltApp(env, output);
      await waitReady(baseUrl, running);
      await waitCatalogue(baseUrl);
    };
    await start();
    return {
      mode,
      baseUrl,
      publicBaseUrl: mode === 'production' ? baseUrl : `http://localhost:${port}`,
      agency: mode === 'production' ? { name: AGENCY_IDENTITY.AGENCY_NAME, email: AGENCY_IDENTITY.AGENCY_EMAIL } : { name: 'Immo Vastgoed', email: 'info@immo.example' },
      crm,
      recaptcha,
      mails,
      log: () => output.join(''),
      restart: async () => {
        await stopBuiltApp(running);
        await start();
      },
      sync: async () => {
        if (mode !== 'production') throw new Error('sync: the embedded database belongs to the server process');
        const { stdout } = await run(process.execPath, ['dist/src/sync.js'], { cwd: ROOT, env });
        return stdout;
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
