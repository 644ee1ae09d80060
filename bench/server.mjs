// A benchmark server: the built app (dist/) in production mode, or (`--limit <file>`) a bare Fastify that answers
// every request with the bytes of <file> from memory, the most this machine's Node and Fastify can do for that page
// (with `--busy <µs>`, after keeping the CPU busy that long: the latency control of bench/run.mjs; with
// `--headers <file>`, a JSON object of header names and values, with those headers too: the app's answer's).
// Prints `ready <port>` once it listens; on SIGTERM prints `peak-rss <MB>` (VmHWM) and exits.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startBuiltApp } from './support.mjs';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);

function peakRssMb() {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function listen() {
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
  const limitFile = option('--limit');
  if (limitFile) {
    const body = readFileSync(limitFile);
    // `--busy <µs>`: the control for latency, which keeps the CPU busy that long before answering.
    const busyNs = option('--busy') === null ? 0n : BigInt(Math.round(Number(option('--busy')) * 1000));
    const headers = option('--headers') === null ? { 'content-type': 'text/html; charset=utf-8' } : JSON.parse(readFileSync(option('--headers'), 'utf8'));
    const fastify = require('fastify')({ logger: false });
    fastify.get('/*', (_request, reply) => {
      const until = process.hrtime.bigint() + busyNs;
      while (busyNs > 0n && process.hrtime.bigint() < until);
      return reply.headers(headers).send(body);
    });
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    return { port: fastify.server.address().port, close: () => fastify.close() };
  }
  const { app } = await startBuiltApp(process.env.BENCH_ENV ? JSON.parse(process.env.BENCH_ENV) : {});
  return { port: app.getHttpServer().address().port, close: () => app.close() };
}

const server = await listen();
process.on('SIGTERM', () => {
  console.log(`peak-rss ${peakRssMb().toFixed(0)}`);
  // A benchmark server has nothing to keep: no graceful close to wait for.
  process.exit(0);
});
console.log(`ready ${server.port}`);
