// Shared by the benchmarks: start the built app (dist/) in this process on the embedded database.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

const require = createRequire(import.meta.url);

/**
 * The built app in production mode with the demo catalogue, listening on a free port once the catalogue is in.
 * With DATABASE_URL (an empty, migrated database) it runs on PostgreSQL; production then asks for the settings a
 * real deployment has, given here as harmless stand-ins (no mail is sent during a benchmark).
 */
export async function startBuiltApp(env = {}) {
  const { loadConfig } = require('../dist/src/config/config.js');
  const { createApp } = require('../dist/src/create-app.js');
  const { EstateSyncScheduler } = require('../dist/src/estates/persistence/estate-sync.scheduler.js');
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    LOG_REQUESTS: 'false',
    DATA_DIR: 'memory://bench',
    PUBLIC_BASE_URL: 'http://127.0.0.1',
    SYNC_INTERVAL_MINUTES: '0',
    SEED_DEMO_DATA: 'true',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, ...postgresBenchSettings({ demo: true }) } : {}),
    ...env,
  });
  const app = await createApp(config);
  await app.get(EstateSyncScheduler).waitForFill();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address();
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * What production on PostgreSQL refuses to start without, as harmless stand-ins (no mail is sent during a
 * benchmark): SMTP, the bot check, the cookie secret and a fictitious agency's whole identity. `demo`: the benchmark
 * reads the demo catalogue (DEMO_DATA=true, which production refuses beside a CRM).
 */
export function postgresBenchSettings({ demo }) {
  return {
    ...(demo ? { DEMO_DATA: 'true' } : {}),
    SEED_DEMO_DATA: 'true',
    BOT_CHECK_SECRET: 'bench',
    BOT_CHECK_SITE_KEY: 'bench',
    SMTP_URL: 'smtp://127.0.0.1:1',
    COOKIE_SECRET: 'bench-cookie-secret-of-enough-length',
    AGENCY_NAME: 'Bench Makelaardij',
    AGENCY_LEGAL_NAME: 'Bench Makelaardij BV',
    AGENCY_STREET: 'Meetstraat 1',
    AGENCY_POSTAL_CODE: '9000',
    AGENCY_CITY: 'Gent',
    AGENCY_COMPANY_NUMBER: '0401.574.852',
    AGENCY_VAT_NUMBER: 'BE0401574852',
    AGENCY_BIV_NUMBER: '508421',
    AGENCY_BIV_TITLE: 'bemiddelaar',
    AGENCY_INSURER: 'Bench Verzekeringen NV',
    AGENCY_INSURANCE_POLICY: 'BENCH-1',
    AGENCY_PHONE: '+32 9 225 11 40',
    AGENCY_EMAIL: 'info@bench.test',
    MAIL_FROM: 'Bench Makelaardij <no-reply@bench.test>',
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The node flags an npm script runs its `dist/src/<entry>.js` with (package.json): a benchmark measures that command. */
export function nodeFlags(script) {
  // BENCH_NODE_FLAGS (space-separated) measures other flags than the script's, to compare them.
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
  const command = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts[script];
  return (/node ((?:--\S+ )*)dist\/src\/\S+\.js/.exec(command)?.[1] ?? '').split(' ').filter(Boolean);
}

/**
 * The environment variables an npm script sets before its `node` (package.json), such as glibc malloc's settings, as
 * `{ NAME: value }`; `NAME=${NAME:-value}` gives its default (this shell's value wins). NODE_ENV is left to the benchmark.
 */
export function scriptEnv(script) {
  const command = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts[script];
  const prefix = command.slice(0, command.search(/(^|\s)node\s/));
  const env = {};
  for (const [, name, defaulted, plain] of prefix.matchAll(/([A-Z_][A-Z0-9_]*)=(?:\$\{\1:-([^}]*)\}|(\S*))/g)) {
    // As the shell does: `${NAME:-value}` keeps a value already set.
    if (name !== 'NODE_ENV') env[name] = defaulted === undefined ? plain : process.env[name] || defaulted;
  }
  return env;
}

/** A port free on 127.0.0.1 right now, for a server the benchmark starts. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/** The resolution of cpuSeconds, in milliseconds. */
export const CLOCK_TICK_MS = 1000 / CLOCK_TICKS_PER_SECOND;

/**
 * CPU seconds a process has used (utime + stime: fields 14 and 15 of /proc/<pid>/stat, counted after the `(comm)`
 * field). Unlike wall time, hardly inflated by a busy machine.
 */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so field n is fields[n - 3].
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** A test fake (test/support/<name>.ts) compiled from its TypeScript as the tests run it, into dist/bench/. */
export async function loadTestFake(name) {
  const { build } = require('esbuild');
  const root = new URL('..', import.meta.url).pathname;
  const outfile = `${root}dist/bench/${name}.cjs`;
  await build({ entryPoints: [`${root}test/support/${name}.ts`], outfile, bundle: true, platform: 'node', format: 'cjs', packages: 'external', logLevel: 'error' });
  return require(outfile);
}

/** A small deterministic generator: the same catalogue on every run. */
export function seededRandom(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Where a benchmark makes its disposable PostgreSQL databases unless BENCH_POSTGRES_URL names another server. */
export const DEFAULT_BENCH_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A PostgreSQL URL without its password, to print. */
export function describeDatabaseUrl(url) {
  const parsed = new URL(url);
  return `${parsed.username ? `${parsed.username}@` : ''}${parsed.host}${parsed.pathname}`;
}

/**
 * Runs `work(url)` on a fresh PostgreSQL database, `immo_bench_<random>` on the server of `adminUrl` (a URL with the
 * right to CREATE DATABASE), migrated as an operator does it (`npm run migration:run`: scripts/typeorm-cli.mjs, the
 * app's tables and the job queue's), and drops it afterwards, also when the work fails or the benchmark is
 * interrupted (Ctrl-C, SIGTERM): a benchmark run leaves no database behind. Rejects with a message saying so, and
 * `unreachable: true`, when the server cannot be reached. `work` receives `{ url, name, serverVersion }`.
 */
export async function withBenchDatabase(adminUrl, work) {
  const { Client } = require('pg');
  const onAdmin = async (query) => {
    // A short connect timeout: an unreachable server is reported, not waited on for minutes.
    const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      return await query(client);
    } finally {
      await client.end();
    }
  };
  const name = `immo_bench_${randomBytes(6).toString('hex')}`;
  let serverVersion;
  try {
    serverVersion = await onAdmin(async (client) => {
      const { rows } = await client.query('SHOW server_version_num');
      await client.query(`CREATE DATABASE ${name}`);
      return Number(rows[0].server_version_num);
    });
  } catch (error) {
    throw Object.assign(new Error(`PostgreSQL at ${describeDatabaseUrl(adminUrl)} cannot be reached or refuses CREATE DATABASE (${error.message || error.code || error})`, { cause: error }), { unreachable: true });
  }
  // WITH (FORCE) (PostgreSQL 13 and later) also ends sessions a stopped server may have left open.
  const drop = () => onAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name}${serverVersion >= 130_000 ? ' WITH (FORCE)' : ''}`));
  let dropping;
  const dropOnce = () => (dropping ??= drop());
  // On Ctrl-C or SIGTERM `finally` would not run: drop the database, then exit as the signal would have.
  const onSignal = (signal) => {
    dropOnce().finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : 15)));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await migrateDatabase(url.toString());
    return await work({ url: url.toString(), name, serverVersion });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await dropOnce();
  }
}

/** `npm run migration:run` against `url` (the built migrations in dist/); its output is shown only when it fails. */
async function migrateDatabase(url) {
  const root = new URL('..', import.meta.url).pathname;
  const child = spawn(process.execPath, ['scripts/typeorm-cli.mjs', 'migration:run'], { cwd: root, env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
  if (code !== 0) throw new Error(`migration:run on ${describeDatabaseUrl(url)} failed (exit ${code}):\n${output.slice(-3000)}`);
}
