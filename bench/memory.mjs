// npm run bench (memory, issue 18): the built server started as production runs it (`npm start`'s command line, NODE_ENV=production, the embedded database in a temporary DATA_DIR; with DATABASE_URL, a
// migrated PostgreSQL instead, which leaves PGlite's own memory out). Reads the server process's RSS
// (/proc/<pid>/status VmRSS) after a warm-up, after 2,000 requests with distinct query strings to each page type and
// fragment, and after three rounds of mixed load at 200 connections. Exits non-zero when a ceiling is not met:
// a page type grows RSS by less than 60 MB beyond the render cache's own cap (RENDER_CACHE_MB), and round 2 → 3
// grows it by at most 10 %.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, nodeFlags, postgresBenchSettings, scriptEnv } from './support.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { urlFor } = require('../dist/src/routing/routes.js');

const RENDERS = Number(process.env.BENCH_RENDERS ?? 2_000);
const ROUNDS = 3;
const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 200;
/** Requests in flight while a page type is asked its 2,000 variants. */
const CONCURRENCY = 16;
const RENDER_CACHE_MB = Number(process.env.RENDER_CACHE_MB ?? 32);
/** The node flags of `npm start` (package.json), so this measures what the demo runs. */
const NODE_FLAGS = nodeFlags('start');
/** The embedded demo's RSS after the load run (issue 22). */
const DEMO_CEILING_MB = 250;
const PER_PAGE_CEILING_MB = 60;
const ROUND_GROWTH_CEILING = 0.1;
/** Seconds the server idles after the load run before it is read again. */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);

const locale = 'nl';
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'immo-bench-memory-'));
  const env = {
    // npm start's environment (glibc malloc's settings), unless this shell sets it otherwise.
    ...scriptEnv('start'),
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOG_REQUESTS: 'false',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    SYNC_INTERVAL_MINUTES: '0',
    HOLIDAY_ICAL_INTERVAL_MINUTES: '0',
    RENDER_CACHE_MB: String(RENDER_CACHE_MB),
    // The form rate limit is per address and every request comes from 127.0.0.1.
    ...(process.env.DATABASE_URL ? postgresBenchSettings({ demo: true }) : {}),
  };
  // The reporter (bench/process-memory.cjs) tells where the RSS is at the end: V8 heap, external (PGlite's WASM memory).
  const child = spawn(process.execPath, ['--require', new URL('process-memory.cjs', import.meta.url).pathname, ...NODE_FLAGS, new URL('../dist/src/main.js', import.meta.url).pathname], {
    env,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    const text = String(chunk);
    stderr += text;
    process.stderr.write(text.replace(/^memory \{.*\}\n/m, ''));
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const until = Date.now() + 120_000;
  // Ready when a listing answers: the start-up sync has filled the catalogue.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before it was ready`);
    try {
      const response = await fetch(`${base}${urlFor('detailShort', locale, { estateId: 1001 })}`, { redirect: 'manual' });
      if (response.status === 301) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('server not ready after 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    pid: child.pid,
    /** The reporter's reading; `SIGHUP` after a full garbage collection. */
    memory: async (signal = 'SIGUSR2') => {
      const seen = stderr.length;
      child.kill(signal);
      const deadline = Date.now() + 5000;
      while (!/memory \{/.test(stderr.slice(seen)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return JSON.parse(/memory (\{.*\})/.exec(stderr.slice(seen))[1]);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function canonical(base, estateId) {
  const response = await fetch(`${base}${urlFor('detailShort', locale, { estateId })}`, { redirect: 'manual' });
  return response.headers.get('location');
}

/** Each page type and fragment, with its i-th distinct query string (parameters it reads where it has them). */
async function pageTypes(base) {
  const [detail, project, unit] = await Promise.all([canonical(base, 1001), canonical(base, 1043), canonical(base, 1044)]);
  const hx = { 'HX-Request': 'true' };
  const ignored = (path) => (i) => `${path}?x=${i}`;
  return [
    { name: 'home / search', url: (i) => `${urlFor('home', locale)}?transaction=buy&priceMin=${i * 1000}` },
    { name: 'search results (fragment)', url: (i) => `${urlFor('home', locale)}?priceMax=${100_000 + i * 1000}`, headers: hx },
    { name: 'detail', url: ignored(detail) },
    { name: 'project', url: ignored(project) },
    { name: 'project unit', url: ignored(unit) },
    { name: 'similar estates (fragment)', url: ignored(urlFor('ajaxSimilarEstates', locale, { estateId: 1001 })), headers: hx },
    { name: 'listing JSON (ajax)', url: ignored(urlFor('ajaxEstate', locale, { estateId: 1001 })) },
    { name: 'search map (JSON)', url: (i) => `${urlFor('ajaxSearchMap', locale)}?priceMin=${i * 1000}` },
    { name: 'city search (fragment)', url: (i) => `${urlFor('ajaxSearchCity', locale)}?q=${['ge', 'an', 'br', 'ku', 'ou'][i % 5]}${i}`, headers: hx },
    { name: 'holiday overview', url: (i) => `${urlFor('holidayOverview', locale)}?arrival=${day(30 + (i % 300))}&departure=${day(37 + (i % 300))}&guests=${1 + (i % 8)}` },
    { name: 'holiday unit', url: (i) => `${urlFor('holiday', locale, { rentalUnitId: 101 })}?arrival=${day(30 + (i % 300))}&departure=${day(33 + (i % 300))}&guests=${1 + (i % 2)}&x=${i}` },
    { name: 'holiday quote (fragment)', url: (i) => `${urlFor('ajaxHolidayQuote', locale, { rentalUnitId: 103 })}?arrival=${day(30 + (i % 300))}&departure=${day(37 + (i % 300))}&guests=${1 + (i % 4)}`, headers: hx },
    { name: 'holiday calendar (.ics)', url: ignored(urlFor('holidayCalendar', locale, { rentalUnitId: 101 })) },
    { name: 'favourites', url: ignored(urlFor('favorites', locale)) },
    { name: 'contact', url: ignored(urlFor('contact', locale)) },
    { name: 'privacy', url: ignored(urlFor('privacy', locale)) },
    { name: 'terms', url: ignored(urlFor('terms', locale)) },
    { name: 'subscribe', url: (i) => `${urlFor('subscribe', locale)}?priceMax=${100_000 + i * 1000}` },
    { name: 'subscribe success', url: ignored(urlFor('subscribeSuccess', locale)) },
    { name: 'cookie consent', url: ignored(urlFor('cookieConsent', locale)) },
  ];
}

async function hammer(base, type, count) {
  let next = 0;
  const statuses = {};
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const response = await fetch(`${base}${type.url(i)}`, { headers: { 'Accept-Encoding': process.env.BENCH_ENCODING ?? 'br, gzip', ...type.headers }, redirect: 'manual' });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

async function mixedRound(base, types, round) {
  let counter = round * 1_000_000;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: ROUND_SECONDS,
    // 200 connections on one busy core: a request may wait seconds for its turn; that is load, not failure.
    timeout: 60,
    requests: [
      {
        setupRequest: (request) => {
          const i = counter++;
          const type = types[i % types.length];
          return { ...request, path: type.url(i), headers: { ...request.headers, 'accept-encoding': 'br, gzip', ...type.headers } };
        },
      },
    ],
  });
  return { rps: result.requests.average, errors: result.errors, timeouts: result.timeouts, serverErrors: result['5xx'] };
}

const pad = (text, width) => String(text).padEnd(width);
const mb = (value) => `${value.toFixed(0)} MB`;
const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (in-process)';
console.log(`Memory on ${database}: ${Object.entries(scriptEnv('start')).map(([name, value]) => `${name}=${value} `).join('')}node ${NODE_FLAGS.join(' ')} dist/src/main.js, NODE_ENV=production, RENDER_CACHE_MB=${RENDER_CACHE_MB}`);

const server = await startServer();
const failures = [];
try {
  // BENCH_TYPES=<regex>: only the page types whose name matches (to look at one).
  const types = (await pageTypes(server.base)).filter((type) => new RegExp(process.env.BENCH_TYPES ?? '.').test(type.name));
  // Warm-up: every type a few times, then a short mixed load, so code, caches of fixed size and JIT are in.
  for (const type of types) await hammer(server.base, type, 50);
  await mixedRound(server.base, types, 9);
  const warm = rssMb(server.pid);
  console.log(`\nafter warm-up: ${mb(warm)}\n`);
  console.log(`${pad('page type', 30)}${pad(`${RENDERS} requests`, 22)}${pad('RSS after', 12)}${pad('growth', 10)}ceiling`);
  let before = warm;
  for (const type of types) {
    const statuses = await hammer(server.base, type, RENDERS);
    const after = rssMb(server.pid);
    const growth = after - before;
    const ceiling = PER_PAGE_CEILING_MB + RENDER_CACHE_MB;
    const ok = growth < ceiling;
    if (!ok) failures.push(`${type.name} grew ${mb(growth)}`);
    const errors = Object.keys(statuses).filter((status) => Number(status) >= 500);
    if (errors.length > 0) failures.push(`${type.name} answered ${errors.join(', ')}`);
    const statusText = Object.entries(statuses).map(([status, n]) => `${n}×${status}`).join(' ');
    console.log(`${pad(type.name, 30)}${pad(statusText, 22)}${pad(mb(after), 12)}${pad(`${growth >= 0 ? '+' : ''}${mb(growth)}`, 10)}< ${ceiling} MB ${ok ? 'met' : 'NOT met'}`);
    before = after;
  }
  console.log(`\nafter every type: ${mb(before)} (+${mb(before - warm)} over the warm-up)\n`);
  console.log(`${pad(`mixed load, ${CONNECTIONS} conns, ${ROUND_SECONDS} s`, 34)}${pad('req/s', 10)}${pad('time-outs', 11)}${pad('RSS after', 12)}growth`);
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const { rps, errors, timeouts, serverErrors } = await mixedRound(server.base, types, round);
    const rss = rssMb(server.pid);
    const previous = rounds.at(-1) ?? before;
    rounds.push(rss);
    if (errors > timeouts || serverErrors > 0) failures.push(`round ${round}: ${errors - timeouts} errors, ${serverErrors} 5xx`);
    console.log(`${pad(`round ${round}`, 34)}${pad(Math.round(rps), 10)}${pad(timeouts, 11)}${pad(mb(rss), 12)}${((rss / previous - 1) * 100).toFixed(1)} %`);
  }
  const last = rounds[ROUNDS - 1] / rounds[ROUNDS - 2] - 1;
  const ok = last <= ROUND_GROWTH_CEILING;
  if (!ok) failures.push(`round 2 → 3 grew ${(last * 100).toFixed(1)} %`);
  console.log(`round 2 → 3: ${(last * 100).toFixed(1)} % (ceiling ${ROUND_GROWTH_CEILING * 100} %) ${ok ? 'met' : 'NOT met'}`);
  const memory = await server.memory();
  const { gc } = memory;
  console.log(
    `garbage collection since start: ${gc.scavenges} scavenges ${gc.scavengeMs} ms, ${gc.markCompacts} mark-compacts ${gc.markCompactMs} ms, other ${gc.otherMs} ms: ` +
      `${(((gc.scavengeMs + gc.markCompactMs + gc.otherMs) / gc.cpuMs) * 100).toFixed(1)} % of the server's ${(gc.cpuMs / 1000).toFixed(0)} CPU seconds (wall ms against CPU ms: inflated on a busy machine)`,
  );
  const where = (reading) =>
    `V8 heap ${reading.heapUsed} MB used of ${reading.heapTotal} MB, external ${reading.external} MB (PGlite's WASM memory; array buffers ${reading.arrayBuffers} MB), peak ${reading.peak} MB\n` +
    `    resident: WebAssembly memory ${reading.resident.wasm} MB, V8 heap and other anonymous memory ${reading.resident.other} MB, malloc arenas ${reading.resident.mallocHeap + reading.resident.mallocArenas} MB, node binary and libraries ${reading.resident.files} MB`;
  if (process.env.DATABASE_URL) console.log(`\nRSS after the load run: ${mb(memory.rss)} (${where(memory)})`);
  else {
    const demoOk = memory.rss < DEMO_CEILING_MB;
    if (!demoOk) failures.push(`the embedded demo's RSS is ${mb(memory.rss)}`);
    console.log(`\nthe embedded demo's RSS after the load run: ${mb(memory.rss)} (ceiling ${DEMO_CEILING_MB} MB) ${demoOk ? 'met' : 'NOT met'}\n  ${where(memory)}`);
  }
  // What the same process holds once idle (V8's memory reducer shrinks the heap a few seconds after the load), and
  // after a full garbage collection: figures that tell live memory from memory not yet given back.
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = await server.memory();
  console.log(`after ${IDLE_SECONDS} s idle: ${mb(idle.rss)}\n  ${where(idle)}`);
  const collected = await server.memory('SIGHUP');
  console.log(`after a full garbage collection: ${mb(collected.rss)}\n  ${where(collected)}`);
} finally {
  await server.stop();
}
if (failures.length > 0) {
  console.log(`\nNOT met: ${failures.join('; ')}`);
  process.exitCode = 1;
}
