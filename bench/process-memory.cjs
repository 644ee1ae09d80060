// Preloaded (`node --require bench/process-memory.cjs …`) into a process a benchmark spawns: prints its peak RSS
// (VmHWM) and the CPU seconds it used when it exits, and on SIGUSR2 where its memory is (RSS, V8 heap, external and array buffers: PGlite's
// WASM memory is an ArrayBuffer), as one `memory {json}` line on stderr for the benchmark to read.
const { readFileSync } = require('node:fs');

function statusMb(field) {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : null;
}

function snapshot() {
  const usage = process.memoryUsage();
  const mb = (bytes) => Math.round(bytes / 1048576);
  const spaces = Object.fromEntries(require('node:v8').getHeapSpaceStatistics().map((space) => [space.space_name.replace(/_space$/, ''), mb(space.space_size)]));
  return { rss: statusMb('VmRSS'), peak: statusMb('VmHWM'), heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), external: mb(usage.external), arrayBuffers: mb(usage.arrayBuffers), spaces };
}

process.on('SIGUSR2', () => process.stderr.write(`memory ${JSON.stringify(snapshot())}\n`));
process.on('exit', () => {
  const cpu = process.cpuUsage();
  process.stderr.write(`peak-rss ${statusMb('VmHWM')}\ncpu-seconds ${((cpu.user + cpu.system) / 1e6).toFixed(1)}\n`);
});
