import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { Estate } from '../../src/estates/domain/estate.js';
import { publicPrice } from '../../src/estates/domain/visibility.js';
import { MIGRATIONS } from '../../migrations/index.js';
import { productionEnv, ROOT } from '../support/built-app.js';
import { FAKE_B_TOKEN, FakeCrmServer } from '../support/fake-crm-server.js';
import { FakeRecaptchaProvider } from '../support/fake-recaptcha-provider.js';
import { freePort, type Postgres, startPostgres } from '../support/disposable-postgres.js';
import { until } from '../support/poll.js';
import { SmtpTestServer } from '../support/smtp-test-server.js';

/**
 * The upgrade test: a rolling upgrade from the previous release (.ci/previous-release) as docs/OPERATIONS.md
 * ("Upgrades") describes it, and the way back. It prints every answer it checks.
 *
 * 1. The previous release is taken from git history (`git archive`), installed with its own lock file (`npm ci`, from
 *    the npm cache) and built, in a temp directory kept per commit (a second run reuses it).
 * 2. A fresh PostgreSQL 15 database is migrated by the previous release, which starts on it as production does and
 *    syncs: what it answers there is the baseline (a page it already fails on its own schema is reported, not blamed
 *    on the upgrade; the home page, the searches, a detail page and the form must answer 200 to begin with).
 * 3. THIS release's migrations run while it serves (the expand step); it must still answer 200, also after its own
 *    sync (the old writer) ran on the new schema.
 * 4. This release starts beside it on the same database and must answer too, while the previous one still does;
 *    each release's sync writes the listings the other then reads (the price columns are checked row by row).
 * 5. The way back: `migration:revert` (this release's down() steps) to the previous release's schema; this release
 *    then reports the schema on /readyz (503, naming the pending migrations), and the previous release starts and
 *    serves again.
 */
const run = promisify(execFile);
const say = (line: string) => process.stdout.write(`  upgrade: ${line}\n`);

const PREVIOUS = readFileSync(join(ROOT, '.ci/previous-release'), 'utf8')
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .find((line) => line !== '')!;

/** The migrations (class names, which are their names) the previous release's migrations/index.ts lists. */
async function migrationsOf(commit: string): Promise<string[]> {
  const { stdout } = await run('git', ['show', `${commit}:migrations/index.ts`], { cwd: ROOT });
  const list = stdout.slice(stdout.indexOf('MIGRATIONS'));
  return [...list.matchAll(/^\s+([A-Za-z]+\d{13}),?$/gm)].map((match) => match[1]!);
}

/** The previous release, installed and built in a directory of its own (reused when a run already built it). */
async function buildPrevious(commit: string): Promise<string> {
  const { stdout } = await run('git', ['rev-parse', '--verify', `${commit}^{commit}`], { cwd: ROOT }).catch(() => {
    throw new Error(`the previous release ${commit} (.ci/previous-release) is not in this clone's history (a shallow clone? git fetch --unshallow)`);
  });
  const full = stdout.trim();
  const dir = join(tmpdir(), `immo-release-${full.slice(0, 12)}`);
  const done = join(dir, '.built');
  if (existsSync(done)) {
    say(`previous release ${full.slice(0, 12)}: reusing the build in ${dir}`);
    return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  await run('sh', ['-c', `git archive --format=tar ${full} | tar -x -C "${dir}"`], { cwd: ROOT, maxBuffer: 1 << 26 });
  // Its own lock file: the dependencies it was released with.
  await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, maxBuffer: 1 << 26 });
  await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: dir, maxBuffer: 1 << 26 });
  await run(process.execPath, ['scripts/build-assets.mjs'], { cwd: dir, maxBuffer: 1 << 26 });
  writeFileSync(done, `${full}\n`);
  say(`previous release ${full.slice(0, 12)}: git archive, npm ci and build in ${Math.round((Date.now() - started) / 1000)} s (${dir})`);
  return dir;
}

interface Server {
  name: string;
  readonly baseUrl: string;
  readonly child: ChildProcess;
  readonly output: string[];
}

/** A build (its `dist/src/main.js`) started as its Dockerfile's command starts it. */
function startServer(name: string, root: string, env: NodeJS.ProcessEnv, port: number): Server {
  const flags = (JSON.parse(/^CMD (\[.*\])$/m.exec(readFileSync(join(root, 'Dockerfile'), 'utf8'))![1]!) as string[]).filter((arg) => arg.startsWith('--'));
  const child = spawn(process.execPath, [...flags, 'dist/src/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 2000) output.splice(0, output.length - 2000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { name, baseUrl: `http://127.0.0.1:${port}`, child, output };
}

const exited = (server: Server) => server.child.exitCode !== null || server.child.signalCode !== null;

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || exited(server)) return;
  const gone = new Promise<void>((done) => server.child.once('exit', () => done()));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(timer);
}

async function waitServing(server: Server): Promise<void> {
  await until(
    `${server.name}: /readyz answering 200`,
    async () => {
      if (exited(server)) throw new Error(`${server.name} exited with ${server.child.exitCode ?? server.child.signalCode}:\n${server.output.join('').slice(-3000)}`);
      return (await fetch(`${server.baseUrl}/readyz`).catch(() => null))?.status ?? 0;
    },
    (status) => status === 200,
    { timeoutMs: 90_000, intervalMs: 250 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${server.name} output:\n${server.output.join('').slice(-3000)}`);
  });
  // The first sync fills an empty cache after start; when it cannot (or the sitemap fails), the walk says so.
  await until(
    `${server.name}: a listing in /sitemaps/listings.xml`,
    async () => (await fetch(`${server.baseUrl}/sitemaps/listings.xml`).then((response) => response.text()).catch(() => '')).includes('<loc>'),
    (filled) => filled,
    { timeoutMs: 30_000, intervalMs: 250 },
  ).catch((error: Error) => say(`${error.message}`));
}

const pathOf = (loc: string) => {
  const url = new URL(loc);
  return `${url.pathname}${url.search}`;
};
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

/**
 * A visitor's walk: the home page, searches with a price filter and a price order (the columns a migration renamed),
 * the sitemap index and every sitemap it lists, the first detail page they name, and the contact form. Every answer
 * must be 200, except those in `known` (what the previous release already failed on its own schema: not the
 * upgrade's doing, and reported as such). Returns the paths that failed.
 */
let walks = 0;
/** The first detail page a walk found, asked for again when a later walk's sitemaps name none. */
let detailPage: string | undefined;

async function walk(server: Server, known: ReadonlySet<string> | 'baseline'): Promise<Set<string>> {
  // Another amount each walk: a search answered from a render cache filled before the upgrade would prove nothing.
  const amount = 100_000 + ++walks;
  const answers: Array<{ path: string; status: number }> = [];
  const get = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
    const body = await response.text();
    answers.push({ path, status: response.status });
    return body;
  };
  await get('/nl');
  await get(`/nl?transaction=buy&priceMin=${amount}&sort=price-asc`);
  await get(`/nl?transaction=rent&priceMax=${amount}&sort=price-desc`);
  const sitemaps = locs(await get('/sitemap.xml')).map(pathOf);
  const pages: string[] = [];
  for (const sitemap of sitemaps) pages.push(...locs(await get(sitemap)).map(pathOf));
  const detail = pages.find((path) => /^\/nl\/aanbod\/\d+/.test(path)) ?? detailPage;
  detailPage ??= detail;
  if (detail) await get(detail);
  else answers.push({ path: '(a /nl/aanbod/<id> page in the sitemaps)', status: 0 });
  await get('/nl/contact');
  const failed = answers.filter((answer) => answer.status !== 200);
  const excused = known === 'baseline' ? [] : failed.filter((answer) => known.has(answer.path));
  const wrong = known === 'baseline' ? [] : failed.filter((answer) => !known.has(answer.path));
  say(`${server.name}: ${answers.length - failed.length}/${answers.length} answered 200 (${answers.map((answer) => `${answer.status} ${answer.path}`).join(', ')})`);
  if (excused.length > 0) say(`  failing as the previous release on its own schema does (not the upgrade's doing): ${excused.map((answer) => `${answer.status} ${answer.path}`).join(', ')}`);
  if (wrong.length > 0) {
    throw new Error(
      `${server.name} failed on ${wrong.map((answer) => `${answer.path} (${answer.status || 'missing'})`).join(', ')}\n` +
        `its log:\n${server.output.join('').slice(-4000)}`,
    );
  }
  return new Set(failed.map((answer) => answer.path));
}

describe(`the upgrade from the previous release (.ci/previous-release: ${PREVIOUS.slice(0, 12)}) and the way back`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'immo-upgrade-'));
  const smtp = new SmtpTestServer();
  const crm = new FakeCrmServer();
  const recaptcha = new FakeRecaptchaProvider('upgrade-site-key', 'upgrade-secret');
  let postgres: Postgres;
  let db: Client;
  let previousDir: string;
  let previousMigrations: string[];
  let previous: Server | undefined;
  let current: Server | undefined;
  let envFor: (port: number, dir: string) => NodeJS.ProcessEnv;
  let known = new Set<string>();
  const currentMigrations = MIGRATIONS.map((migration) => migration.name);

  /** The new release's own operator command, from its build (`npm run migration:*` without the rebuild). */
  const migration = async (command: 'migration:run' | 'migration:revert') => {
    const { stdout } = await run(process.execPath, ['scripts/typeorm-cli.mjs', command], { cwd: ROOT, env: envFor(9, dataDir), maxBuffer: 1 << 26 });
    return stdout;
  };
  const executed = async () => (await db.query<{ name: string }>('SELECT name FROM migrations ORDER BY id')).rows.map((row) => row.name);
  const sync = async (root: string) => {
    await run(process.execPath, ['dist/src/sync.js'], { cwd: root, env: envFor(9, dataDir), maxBuffer: 1 << 26 });
  };

  beforeAll(async () => {
    [previousDir, postgres] = await Promise.all([buildPrevious(PREVIOUS), startPostgres(), smtp.start(), crm.start(), recaptcha.start()]).then(
      ([dir, pg]) => [dir, pg] as const,
    );
    previousMigrations = await migrationsOf(PREVIOUS);
    // No appointments: confirmations are not what this test is about.
    crm.sourceB.appointments = [];
    db = new Client({ connectionString: postgres.url });
    await db.connect();
    envFor = (port, dir) => ({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: 'Europe/Brussels',
      MAIL_FROM: 'Makelaardij Voorbeeld <no-reply@makelaardij-upgrade.test>',
      ...productionEnv({ databaseUrl: postgres.url, publicBaseUrl: `http://127.0.0.1:${port}`, smtpUrl: smtp.url, recaptcha }),
      // Source B only (its feed's shape is the published one both releases read), served by the local fake.
      SOURCE_B_FEED_URL: `${crm.url}/b`,
      SOURCE_B_TOKEN: FAKE_B_TOKEN,
      SOURCE_B_LEAD_WEBHOOK_URL: `${crm.url}/b/leads`,
      SOURCE_RETRIES: '1',
      SOURCE_BACKOFF_MS: '5',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: 'false',
      SHUTDOWN_DELAY_MS: '0',
    });
  }, 280_000);

  afterAll(async () => {
    await stopServer(previous);
    await stopServer(current);
    await db?.end().catch(() => undefined);
    await postgres?.stop();
    await Promise.all([smtp.stop(), crm.stop(), recaptcha.stop()]).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the previous release on its own schema (a fresh PostgreSQL 15 database migrated by it): what it serves', async () => {
    await run(process.execPath, ['scripts/typeorm-cli.mjs', 'migration:run'], { cwd: previousDir, env: envFor(9, dataDir), maxBuffer: 1 << 26 });
    expect([...(await executed())].sort()).toEqual([...previousMigrations].sort());
    const port = await freePort();
    previous = startServer('previous release on its own schema', previousDir, envFor(port, mkdtempSync(join(dataDir, 'previous-'))), port);
    await waitServing(previous);
    known = await walk(previous, 'baseline');
    if (known.size > 0) say(`  the previous release already fails these on its own schema: ${[...known].join(', ')}`);
    // The upgrade test means something only when the previous release serves its pages to begin with.
    expect([...known].filter((path) => !path.startsWith('/sitemaps/'))).toEqual([]);
    previous.name = `previous release ${PREVIOUS.slice(0, 7)}`;
  });

  it("the new release's migrations run while the previous release serves (expand), and it still serves", async () => {
    await migration('migration:run');
    const names = await executed();
    expect([...names].sort()).toEqual([...currentMigrations].sort());
    const added = currentMigrations.filter((name) => !previousMigrations.includes(name));
    say(`${names.length} migrations run; ${added.length} since the previous release: ${added.join(', ')}`);
    await walk(previous!, known);
    // Its sync (the old writer) runs on the new schema: every listing written again the previous release's way.
    await sync(previousDir);
    await walk(previous!, known);
  });

  it('the new release starts beside it on the same database; both serve, and each reads what the other wrote', async () => {
    // The previous release's sync wrote the listings (the old writer): the new release reads the public price.
    const estates = async () =>
      (await db.query<{ id: number; public_price: string | null; price: string | null; document: Estate }>('SELECT id, public_price, price, document FROM estates')).rows;
    const expectPublicPrices = async (writer: string) => {
      const rows = await estates();
      const wrong = rows.filter((row) => (row.public_price === null ? null : Number(row.public_price)) !== publicPrice({ ...row.document, children: [] } as Estate));
      say(`${writer} wrote ${rows.length} listings: public_price as the new release computes it on ${rows.length - wrong.length}`);
      expect(wrong.map((row) => row.id)).toEqual([]);
    };
    const expectOldPrices = async (writer: string) => {
      const rows = await estates();
      const raw = (document: Estate) => document.price.value ?? document.price.priceFrom;
      const wrong = rows.filter((row) => (row.price === null ? null : Number(row.price)) !== raw(row.document));
      say(`${writer} wrote ${rows.length} listings: price as the previous release computes it on ${rows.length - wrong.length}`);
      expect(wrong.map((row) => row.id)).toEqual([]);
    };
    await expectPublicPrices('the previous release');

    const port = await freePort();
    current = startServer('new release', ROOT, envFor(port, mkdtempSync(join(dataDir, 'current-'))), port);
    await waitServing(current);
    await walk(current, known);

    // The new release's sync rewrites the listings (the new writer); the previous release, still serving, reads them.
    await sync(ROOT);
    await expectOldPrices('the new release');
    await walk(previous!, known);
    // And the previous release's sync may still run during the rollout (its replicas' schedules).
    await sync(previousDir);
    await expectPublicPrices('the previous release');
    await walk(current, known);
    await walk(previous!, known);
  });

  it('the way back: migration:revert to the previous release\'s schema, and the previous release serves again', async () => {
    await stopServer(previous);
    previous = undefined;
    const steps = currentMigrations.filter((name) => !previousMigrations.includes(name)).length;
    for (let step = 0; step < steps; step++) await migration('migration:revert');
    const names = await executed();
    say(`${steps} × migration:revert: the database has the previous release's ${names.length} migrations`);
    expect([...names].sort()).toEqual([...previousMigrations].sort());

    // The new release, still running on the old schema, says so: no load balancer keeps sending it visitors.
    const ready = await fetch(`${current!.baseUrl}/readyz`);
    const body = (await ready.json()) as { status: string; pending?: string[] };
    say(`new release on the previous schema: /readyz ${ready.status} ${JSON.stringify(body)}`);
    expect(ready.status).toBe(503);
    expect(body.pending?.length).toBe(steps);
    await stopServer(current);
    current = undefined;

    const port = await freePort();
    previous = startServer(`previous release ${PREVIOUS.slice(0, 7)} after the way back`, previousDir, envFor(port, mkdtempSync(join(dataDir, 'back-'))), port);
    await waitServing(previous);
    await walk(previous, known);
  });
});
