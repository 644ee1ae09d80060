import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ParsedMail } from 'mailparser';
import { Client } from 'pg';
import { urlFor } from '../../src/routing/routes.js';
import { AGENCY_IDENTITY, type BuiltApp, hasExited, productionEnv, ROOT, spawnBuiltApp, stopBuiltApp, waitCatalogue, waitReady } from '../support/built-app.js';
import { freePort, type Postgres, startPostgres } from '../support/disposable-postgres.js';
import { FakeCrmServer } from '../support/fake-crm-server.js';
import { FakeRecaptchaProvider } from '../support/fake-recaptcha-provider.js';
import { until } from '../support/poll.js';
import { SmtpTestServer } from '../support/smtp-test-server.js';
import { recipients } from './support/stack.js';

const run = promisify(execFile);
const DAY = 24 * 3600 * 1000;
const SITE_KEY = 'go-live-site-key';
const SECRET = 'go-live-secret';

/** What the demo would show or send: none of it may reach the live site (src/config/config.ts defaults, fixtures/). */
const DEMO_IDENTITY = ['Immo Vastgoed BV', 'Kouter 1', '0123.456.749', 'BE0123456749', '512345', '+32 9 123 45 67', 'immo.example', 'Demo Verzekeringen', '00.000.000'];
const fixture = <T>(path: string) => JSON.parse(readFileSync(join(ROOT, 'fixtures', path), 'utf8')) as T;
const FIXTURE_VISITORS = [
  ...fixture<Array<{ contact: { email: string } }>>('source-a/appointments.json').map((appointment) => appointment.contact.email),
  ...fixture<Array<{ visitor: { email: string } }>>('source-b/appointments.json').map((appointment) => appointment.visitor.email),
];
const FEED_LISTINGS = fixture<Array<{ id: number }>>('source-b/feed.json');

/** The visitor of the one appointment the agency's Zabun lists: booked after the site went live. */
const VISITOR = 'koper@klant-leiezicht.test';

/** The text of a page without tags, whitespace collapsed. */
function textOf(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

function expectOnlyTheAgency(what: string, text: string): void {
  const demo = DEMO_IDENTITY.filter((value) => text.includes(value));
  if (demo.length > 0) throw new Error(`${what} shows the demo's ${demo.join(', ')}`);
}

/**
 * Going live as an agency does: production (the built app, PostgreSQL 15, SMTP, the bot check) with only its Zabun
 * account configured (the fake Zabun, its people on the agency's domain). Refused first without a CRM and without the
 * identity, naming each setting; then started: no demo listing (no source B, nothing of fixtures/), no mail to a demo
 * visitor, and only the configured identity in the footer, the legal pages and the mails.
 */
describe('going live with only Zabun configured (production)', () => {
  let postgres: Postgres;
  let smtp: SmtpTestServer;
  let crm: FakeCrmServer;
  let recaptcha: FakeRecaptchaProvider;
  let app: BuiltApp | undefined;
  let dataDir: string;
  let baseUrl: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'immo-e2e-go-live-'));
    postgres = await startPostgres();
    smtp = new SmtpTestServer();
    crm = new FakeCrmServer();
    recaptcha = new FakeRecaptchaProvider(SITE_KEY, SECRET);
    // The agency's own people and one appointment, booked in its Zabun.
    crm.sourceA.persons = crm.sourceA.persons.map((person) => ({ ...person, email: `${String(person.first_name ?? 'agent').toLowerCase()}@leiezicht.test` }));
    const [planned] = crm.sourceA.appointments;
    crm.sourceA.appointments.splice(0, crm.sourceA.appointments.length, {
      ...planned!,
      start: new Date(Date.now() + 4 * DAY).toISOString(),
      contact: { first_name: 'Koen', last_name: 'Koper', email: VISITOR, phone: null, language: 'nl' },
      agent: { name: 'Els Maes', email: 'els@leiezicht.test' },
    });
    await Promise.all([smtp.start(), crm.start(), recaptcha.start()]);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: 'Europe/Brussels',
      ...productionEnv({ databaseUrl: postgres.url, publicBaseUrl: baseUrl, smtpUrl: smtp.url, recaptcha }),
      ...crm.zabun.env(`${crm.url}/a`),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      LOG_REQUESTS: 'false',
      SHUTDOWN_DELAY_MS: '0',
      JOBS_POLL_INTERVAL_SECONDS: '0.5',
    };
    await run(process.execPath, ['scripts/typeorm-cli.mjs', 'migration:run'], { cwd: ROOT, env });
  });

  afterAll(async () => {
    try {
      await stopBuiltApp(app);
    } finally {
      await Promise.all([smtp?.stop(), crm?.stop(), recaptcha?.stop(), postgres?.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start without a CRM and without the identity, naming each setting and quoting no demo value', async () => {
    const refused: NodeJS.ProcessEnv = { ...env };
    for (const name of ['SOURCE_A_BASE_URL', ...Object.keys(AGENCY_IDENTITY)]) delete refused[name];
    const attempt = spawnBuiltApp(refused);
    try {
      await until('the refused start to exit', () => Promise.resolve(hasExited(attempt)), (exited) => exited, { timeoutMs: 60_000, intervalMs: 100 });
      expect(attempt.child.exitCode).toBe(1);
      const output = attempt.output.join('');
      expect(output).toContain('a CRM is required: set SOURCE_A_BASE_URL (Zabun), SOURCE_B_FEED_URL (feed) or WHISE_USERNAME (Whise)');
      for (const name of Object.keys(AGENCY_IDENTITY)) expect(output).toMatch(new RegExp(`^ {2}${name} is required`, 'm'));
      expectOnlyTheAgency('the refusal', output);
    } finally {
      await stopBuiltApp(attempt);
    }
  });

  it('starts, names no demo source in its log, and caches Zabun’s listings only', async () => {
    app = spawnBuiltApp(env);
    await waitReady(baseUrl, app);
    await waitCatalogue(baseUrl);
    // The whole first sync, every source (the catalogue shows the first source's listings before the next is read).
    await until('the first sync done', () => Promise.resolve(app!.output.join('')), (log) => log.includes('sync (empty-cache) done'), { timeoutMs: 120_000, intervalMs: 200 });
    const log = app.output.join('');
    expect(log).not.toContain('DEMO fixtures');
    expect(log).not.toContain('demo-only settings');
    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ source: string }>('SELECT DISTINCT source FROM estates');
      expect(rows.map((row) => row.source)).toEqual(['A']);
    } finally {
      await db.end();
    }
    expect(crm.zabun.calls.length).toBeGreaterThan(0);
  });

  it('shows no demo listing: no page for any listing of the demo feed (fixtures/source-b), a sitemap of Zabun’s alone', async () => {
    // (The demo's titles are generated and repeat across both fixture catalogues: the ids tell them apart.)
    for (const listing of FEED_LISTINGS) {
      const short = await fetch(`${baseUrl}${urlFor('detailShort', 'nl', { estateId: listing.id })}`, { redirect: 'manual' });
      await short.arrayBuffer();
      expect([listing.id, short.status]).toEqual([listing.id, 404]);
    }
    const sitemap = await (await fetch(`${baseUrl}/sitemaps/listings.xml`)).text();
    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ count: string }>(`SELECT count(*) AS count FROM estates WHERE parent_id IS NULL`);
      // One detail URL per listing and language at most, all of them Zabun's (the only source cached).
      expect(sitemap.match(/<loc>/g)?.length ?? 0).toBeGreaterThan(0);
      expect(Number(rows[0]!.count)).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  });

  it('shows only the configured identity in the footer and on the legal pages', async () => {
    const expected = [
      AGENCY_IDENTITY.AGENCY_LEGAL_NAME,
      `${AGENCY_IDENTITY.AGENCY_STREET}, ${AGENCY_IDENTITY.AGENCY_POSTAL_CODE} ${AGENCY_IDENTITY.AGENCY_CITY}`,
      AGENCY_IDENTITY.AGENCY_COMPANY_NUMBER,
      AGENCY_IDENTITY.AGENCY_VAT_NUMBER,
      `BIV ${AGENCY_IDENTITY.AGENCY_BIV_NUMBER}`,
      AGENCY_IDENTITY.AGENCY_INSURER,
      AGENCY_IDENTITY.AGENCY_INSURANCE_POLICY,
    ];
    for (const path of [urlFor('home', 'nl'), urlFor('privacy', 'nl'), urlFor('terms', 'nl'), urlFor('contact', 'nl'), urlFor('search', 'nl')]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect([path, response.status]).toEqual([path, 200]);
      const text = textOf(await response.text());
      const footer = textOf(/<footer[\s\S]*<\/footer>/.exec(await (await fetch(`${baseUrl}${path}`)).text())?.[0] ?? '');
      for (const value of expected) expect([path, footer.includes(value)]).toEqual([path, true]);
      expectOnlyTheAgency(path, text);
    }
  });

  it('mails as the agency, from its own domain, with its identity: the contact form and the Zabun appointment', async () => {
    const token = await (await fetch(`${recaptcha.origin}/recaptcha/api/token`, { method: 'POST', body: new URLSearchParams({ k: SITE_KEY, action: 'contact' }) })).text();
    const visitor = 'vraag@klant-leiezicht.test';
    const posted = await fetch(`${baseUrl}${urlFor('ajaxContactForm', 'nl')}`, {
      method: 'POST',
      headers: { Origin: baseUrl, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Vera Vraag', email: visitor, message: 'Is de woning aan de Leie nog te koop?', privacyConsent: 'on', 'g-recaptcha-response': token }),
      redirect: 'manual',
    });
    await posted.arrayBuffer();
    expect(posted.status).toBe(303);
    const mailTo = (address: string) =>
      until(`a mail to ${address}`, () => Promise.resolve(smtp.received.filter((mail) => recipients(mail).includes(address))), (found) => found.length > 0, { timeoutMs: 60_000, intervalMs: 200 });
    const [toAgency] = await mailTo(AGENCY_IDENTITY.AGENCY_EMAIL);
    const [confirmation] = await mailTo(VISITOR);
    for (const [what, mail] of [['to the agency', toAgency], ['the appointment confirmation', confirmation]] as Array<[string, ParsedMail]>) {
      expect([what, mail.from?.value[0]]).toEqual([what, { name: AGENCY_IDENTITY.AGENCY_NAME, address: 'no-reply@leiezicht.test' }]);
      expectOnlyTheAgency(`the mail ${what}`, `${mail.html || ''}\n${mail.text ?? ''}\n${mail.headerLines.map((line) => line.line).join('\n')}`);
    }
    expect(confirmation!.text).toContain(AGENCY_IDENTITY.AGENCY_LEGAL_NAME);
  });

  it('mails no demo visitor: nothing reaches an address of the fixtures’ appointments', () => {
    const reached = smtp.received.flatMap(recipients);
    expect(reached).toContain(VISITOR.toLowerCase());
    expect(reached.filter((address) => FIXTURE_VISITORS.includes(address))).toEqual([]);
  });
});
