// Preloaded (`node --require bench/process-memory.cjs …`) into a process a benchmark spawns: prints its peak RSS
// (VmHWM) and the CPU seconds it used when it exits, and on SIGUSR2 where its memory is (RSS, V8 heap, external and array buffers: PGlite's
// WASM memory is an ArrayBuffer), as one `memory {json}` line on stderr for the benchmark to read. The `resident`
// part splits the RSS by mapping (/proc/self/smaps): `wasm` the WebAssembly memory (PGlite's Postgres heap, touched
// pages only), `files` the node binary and libraries, `mallocHeap` and `mallocArenas` glibc malloc's main and thread
// arenas, `other` the rest of the anonymous memory (V8's heap pages and code, malloc's large blocks, thread stacks).
// On SIGHUP it first runs a full garbage collection (what V8's memory reducer would do once the process idles) and
// prints the same line with `afterGc: true`.
const { readFileSync } = require('node:fs');
const v8 = require('node:v8');
const vm = require('node:vm');

function statusMb(field) {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : null;
}

const GB = 1024 ** 3;
const ARENA = 64 * 1024 ** 2;
/**
 * Resident MB by kind of mapping. An anonymous read-write mapping directly followed by its inaccessible rest is a
 * reservation grown in place: several GB is the WebAssembly memory (V8 reserves 8 GB of guard region behind it),
 * exactly 64 MB one of glibc malloc's thread arenas.
 */
function resident() {
  const parts = { wasm: 0, files: 0, mallocHeap: 0, mallocArenas: 0, other: 0 };
  let previous = null;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (mapping) {
      const [start, end] = [parseInt(mapping[1], 16), parseInt(mapping[2], 16)];
      const [permissions, name] = [mapping[3], mapping[4]];
      if (previous && permissions === '---p' && name === '' && start === previous.end && previous.kind === 'other' && previous.permissions === 'rw-p') {
        const reserved = end - previous.start;
        const kind = reserved >= 4 * GB ? 'wasm' : reserved === ARENA ? 'mallocArenas' : null;
        if (kind) {
          parts.other -= previous.rss;
          parts[kind] += previous.rss;
        }
      }
      previous = { start, end, permissions, rss: 0, kind: name === '[heap]' ? 'mallocHeap' : name.startsWith('/') ? 'files' : 'other' };
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && previous) {
      previous.rss = Number(rss[1]);
      parts[previous.kind] += previous.rss;
    }
  }
  return Object.fromEntries(Object.entries(parts).map(([key, kb]) => [key, Math.round(kb / 1024)]));
}

function snapshot() {
  const usage = process.memoryUsage();
  const mb = (bytes) => Math.round(bytes / 1048576);
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name.replace(/_space$/, ''), mb(space.space_size)]));
  return { rss: statusMb('VmRSS'), peak: statusMb('VmHWM'), heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), external: mb(usage.external), arrayBuffers: mb(usage.arrayBuffers), resident: resident(), gc: gcAccount(), spaces };
}

// Garbage collection's wall time by kind (V8's young generation: scavenges; the old: mark-compacts), to weigh a
// heap setting's CPU cost against the CPU the process used: its share hardly depends on how busy the machine is.
const gc = { scavenges: 0, scavengeMs: 0, markCompacts: 0, markCompactMs: 0, otherMs: 0 };
const { PerformanceObserver, constants } = require('node:perf_hooks');
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = entry.detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) (gc.scavenges++, (gc.scavengeMs += entry.duration));
    else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) (gc.markCompacts++, (gc.markCompactMs += entry.duration));
    else gc.otherMs += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });
function gcAccount() {
  const cpu = process.cpuUsage();
  return { ...Object.fromEntries(Object.entries(gc).map(([key, value]) => [key, Math.round(value)])), cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
}

process.on('SIGUSR2', () => process.stderr.write(`memory ${JSON.stringify(snapshot())}\n`));
process.on('SIGHUP', () => {
  v8.setFlagsFromString('--expose-gc');
  vm.runInNewContext('gc')();
  process.stderr.write(`memory ${JSON.stringify({ ...snapshot(), afterGc: true })}\n`);
});
process.on('exit', () => {
  const cpu = process.cpuUsage();
  process.stderr.write(`peak-rss ${statusMb('VmHWM')}\ncpu-seconds ${((cpu.user + cpu.system) / 1e6).toFixed(1)}\n`);
});
