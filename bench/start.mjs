// npm run bench (start, issue 22): how long the built server takes from its spawn (`npm start`'s node command line,
// NODE_ENV=production, the embedded database) to its first 200 on /readyz and on /nl, in a fresh DATA_DIR (the
// database created and migrated, the demo catalogue synced) and again in the existing one. Target: under 5 s.
// Exits non-zero when a start takes longer. BENCH_STARTS (default 2) runs each case that many times (the best and
// the worst are printed: the machine is shared); BENCH_MAIN another built entry point (to compare two builds).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuSeconds, freePort, nodeFlags, scriptEnv } from './support.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const TARGET_MS = 5_000;
const STARTS = Number(process.env.BENCH_STARTS ?? 2);
/** `npm start`'s node flags (package.json), so this measures the command the demo runs. */
const NODE_FLAGS = nodeFlags('start');

/** Spawns the server and polls both URLs every 10 ms; resolves the milliseconds to each one's first 200. */
async function timeStart(dataDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...scriptEnv('start'), PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, process.env.BENCH_MAIN ?? join(ROOT, 'dist/src/main.js')], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const firstOk = async (path) => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${stderr.slice(-3000)}`);
      const status = await fetch(`${base}${path}`, { redirect: 'manual' }).then((response) => (response.body?.cancel(), response.status), () => 0);
      if (status === 200) return { ms: performance.now() - started, cpu: cpuSeconds(child.pid) };
      if (performance.now() - started > 120_000) throw new Error(`${path}: no 200 after 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  try {
    const [readyz, home] = await Promise.all([firstOk('/readyz'), firstOk('/nl')]);
    return { readyz, home };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

console.log(`Start: ${Object.entries(scriptEnv('start')).map(([name, value]) => `${name}=${value} `).join('')}node ${NODE_FLAGS.join(' ')} dist/src/main.js, NODE_ENV=production, embedded PGlite; load average ${loadavg().map((load) => load.toFixed(1)).join(' ')} on 2 shared cores`);
const failures = [];
const results = { fresh: [], existing: [] };
for (let run = 0; run < STARTS; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'immo-bench-start-'));
  try {
    results.fresh.push(await timeStart(dataDir));
    results.existing.push(await timeStart(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`\n${'DATA_DIR'.padEnd(12)}${'first 200 on'.padEnd(14)}${'best'.padEnd(10)}${'worst'.padEnd(10)}${'target'.padEnd(19)}CPU used by then`);
for (const [kind, runs] of Object.entries(results)) {
  for (const key of ['readyz', 'home']) {
    const times = runs.map((run) => run[key].ms);
    const cpu = runs.map((run) => run[key].cpu);
    const worst = Math.max(...times);
    const ok = worst < TARGET_MS;
    if (!ok) failures.push(`${kind} DATA_DIR, ${key}: ${seconds(worst)}`);
    console.log(
      `${kind.padEnd(12)}${(key === 'home' ? '/nl' : '/readyz').padEnd(14)}${seconds(Math.min(...times)).padEnd(10)}${seconds(worst).padEnd(10)}${`< ${seconds(TARGET_MS)} ${ok ? 'met' : 'NOT met'}`.padEnd(19)}${cpu.map((value) => `${value.toFixed(2)} s`).join(', ')}`,
    );
  }
}
console.log(`(load average at the end ${loadavg().map((load) => load.toFixed(1)).join(' ')}: on a busy machine the wall time is longer than the CPU time)`);
if (failures.length > 0) {
  console.log(`\nNOT met: ${failures.join('; ')}`);
  process.exitCode = 1;
}
