// A full sync of a 10,000-estate Whise account (issue 35): the fake Whise (test/support/fake-whise-server.ts, compiled
// from its TypeScript as the tests run it) serves estates in the recorded answer's shapes (docs/crm/whise.md), made
// from the recorded-shape fixture under new ids, projects with their units among them; a few are hostile: a NUL
// character in a text, a price of 10^12, a 140-character title, a 130-character photo URL. `npm run sync`'s command
// line (dist/src/sync.js, a process of its own, on the embedded PGlite in a temporary DATA_DIR) reads them all.
// Prints the records read, shown, hidden and skipped, the wall time and the sync process's peak RSS (VmHWM).
//
//   node bench/whise-sync.mjs            uses dist/ when it is there (else builds the server first)
//   BENCH_BUILD=1 node bench/whise-sync.mjs   builds the server first (npm run build:server)
//   BENCH_WHISE_ESTATES=2000 …           another catalogue size
//
// Exits non-zero when the sync fails or the Whise source is not read whole. A hostile record that still aborts the
// whole run (the sync's own robustness against NUL and out-of-range numbers is separate work) is reported as such.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadTestFake, nodeFlags, seededRandom } from './support.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const ESTATES = Number(process.env.BENCH_WHISE_ESTATES ?? 10_000);
const FIRST_ID = 8_000_000;

if (process.env.BENCH_BUILD || !existsSync(join(ROOT, 'dist/src/sync.js'))) {
  process.stderr.write('building the server (npm run build:server)…\n');
  execFileSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
}

const clone = (value) => JSON.parse(JSON.stringify(value));

/**
 * ESTATES estates from the fixture's public ones (every field the mapper reads), under new ids, with their pictures
 * renamed to the new id, spread over the fixture's cities and prices; about 1 % projects with two units each.
 */
function generate(fake, withHostile = true) {
  const next = seededRandom(35);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const fixture = fake.whiseFixtureEstates();
  const publicOnes = fixture.filter((raw) => raw.displayStatusId !== 1 && raw.status.id === 1);
  const standalone = publicOnes.filter((raw) => raw.parentId === undefined && raw.canHaveChildren !== true);
  const project = publicOnes.find((raw) => raw.canHaveChildren === true);
  const units = publicOnes.filter((raw) => raw.parentId === project.id);
  const estates = [];
  let id = FIRST_ID;
  const make = (template, overrides = {}) => {
    const estateId = id++;
    const pictures = template.pictures.map((_, index) => fake.whisePicture(estateId, index));
    const forRent = template.purpose.id === 2;
    const price = forRent ? Math.round(450 + next() * 2_500) : Math.round(80_000 + next() ** 2 * 1_500_000);
    return { ...clone(template), id: estateId, referenceNumber: `BW-${estateId}`, price, pictures, ...overrides };
  };
  while (estates.length < ESTATES) {
    if (next() < 0.01 && estates.length + 3 <= ESTATES) {
      const parent = make(project);
      estates.push(parent, ...units.map((unit) => make(unit, { parentId: parent.id })));
    } else {
      estates.push(make(pick(standalone)));
    }
  }
  // The hostile ones: what agency staff type, or a CRM produces.
  const hostile = [
    ['a NUL character in a text', (raw) => ({ name: `Woning met\u0000NUL ${raw.id}`, shortDescription: [{ languageId: 'nl-BE', content: `<p>Tekst met een\u0000NUL-teken.</p>` }] })],
    ['a price of 10^12', () => ({ price: 10 ** 12 })],
    ['a 140-character title', (raw) => ({ name: `Uitzonderlijk project ${raw.id} `.padEnd(140, 'met zicht op de Leie en de Graslei in het hart van Gent ').slice(0, 140) })],
    ['a 130-character photo URL', (raw) => ({ pictures: [{ ...raw.pictures[0], urlLarge: raw.pictures[0].urlLarge.replace(/\/([0-9a-f]{32})\.jpg$/, (_, hash) => `/${hash}${'0'.repeat(130 - raw.pictures[0].urlLarge.length)}.jpg`) }] })],
  ];
  const marked = (withHostile ? hostile : []).map(([what, change], index) => {
    const target = estates[Math.floor(((index + 1) * estates.length) / (hostile.length + 1))];
    Object.assign(target, change(target));
    return { what, id: target.id };
  });
  return { estates, hostile: marked };
}

/** dist/src/sync.js in a child process with the memory reporter preloaded; resolves its output and peak RSS. */
function runSync(env) {
  const child = spawn(process.execPath, ['--require', join(ROOT, 'bench/process-memory.cjs'), ...nodeFlags('sync'), join(ROOT, 'dist/src/sync.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output, peakRss: Number(/peak-rss (\d+)/.exec(output)?.[1] ?? NaN) })));
}

const fake = await loadTestFake('fake-whise-server');
const clip = (text) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/** One full sync of the generated account by `npm run sync`'s command line; true when the Whise source was read whole. */
async function run(withHostile) {
  const server = new fake.FakeWhiseServer();
  const { estates, hostile } = generate(fake, withHostile);
  server.estates = estates;
  await server.start();
  const dataDir = mkdtempSync(join(tmpdir(), 'immo-bench-whise-'));
  try {
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: process.env.TZ ?? 'Europe/Brussels',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: 'false',
      PUBLIC_BASE_URL: 'http://127.0.0.1:1',
      SYNC_INTERVAL_MINUTES: '0',
      HOLIDAY_ICAL_INTERVAL_MINUTES: '0',
      ...fake.fakeWhiseEnv(server),
      SOURCE_TIMEOUT_MS: '30000',
      // An operator's settings for an account this size: the defaults cap a run at 5,000 records and 100 MB.
      SYNC_MAX_RECORDS: String(ESTATES * 2),
      SYNC_MAX_PAGES: String(Math.ceil(ESTATES / 100) * 2 + 100),
      SYNC_MAX_BYTES: String(ESTATES * 20_000),
    };
    console.log(withHostile ? `with hostile estates: ${hostile.map(({ what, id }) => `${id} (${what})`).join('; ')}` : 'without the hostile estates:');
    const started = performance.now();
    const { code, output, peakRss } = await runSync(env);
    const seconds = (performance.now() - started) / 1000;
    const line = output.split('\n').find((text) => text.startsWith('  source W')) ?? '';
    const pages = server.requests.filter((request) => request.path === '/v1/estates/list').length;
    const counts = /(\d+) fetched, (\d+) new, (\d+) updated, (\d+) unchanged, (\d+) removed, (\d+) skipped/.exec(line);
    console.log(`  wall time ${seconds.toFixed(1)} s; peak RSS of the sync process ${peakRss} MB; ${pages} list calls`);
    if (code !== 0 || !counts) {
      console.log(`  SYNC FAILED (exit ${code}): ${clip(line.trim() || 'no line for source W')}`);
      const abort = /unsupported Unicode escape sequence|numeric field overflow|value too long|invalid byte sequence/i.exec(output);
      if (abort) {
        console.log(
          `  a hostile record aborted the whole run ("${abort[0]}"): the sync does not clean NUL characters or refuse out-of-range numbers per ` +
            'field yet (separate work, not in this branch); until it does, one such record stops the Whise read and every run repeats it.',
        );
      } else {
        for (const text of output.split('\n').filter((item) => /error|fail/i.test(item)).slice(-10)) console.log(`  ${clip(text)}`);
      }
      return false;
    }
    const [, fetched, inserted, updated, unchanged, , skipped] = counts.map(Number);
    const notShown = /not shown: (.*)$/.exec(line)?.[1] ?? 'none';
    console.log(`  records read ${estates.length} (${fetched} top-level listings, units under their projects); shown ${inserted + updated + unchanged} listings (units included); skipped ${skipped}; not shown: ${notShown}`);
    console.log(`  ${clip(line.trim())}`);
    return true;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Whise sync: ${ESTATES.toLocaleString('en')} estates in the recorded shapes from the fake Whise, by dist/src/sync.js on the embedded PGlite; load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`);
const whole = await run(true);
// When the hostile ones stop the run, the same account without them shows what the rest costs.
if (!whole) await run(false);
process.exit(whole ? 0 : 1);
