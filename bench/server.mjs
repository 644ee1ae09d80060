// A benchmark server: the built app (dist/) in production mode, or (`--limit <file>`) a bare Fastify that answers
// every request with the bytes of <file> from memory, the most this machine's Node and Fastify can do for that page.
// Prints `ready <port>` once it listens; on SIGTERM prints `peak-rss <MB>` (VmHWM) and exits.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);

function peakRssMb() {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function listen() {
  const limitFile = args[0] === '--limit' ? args[1] : null;
  if (limitFile) {
    const body = readFileSync(limitFile);
    const fastify = require('fastify')({ logger: false });
    fastify.get('/*', (_request, reply) => reply.type('text/html; charset=utf-8').send(body));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    return { port: fastify.server.address().port, close: () => fastify.close() };
  }
  const { loadConfig } = require('../dist/src/config/config.js');
  const { createApp } = require('../dist/src/create-app.js');
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    LOG_REQUESTS: 'false',
    DATA_DIR: process.env.BENCH_DATA_DIR ?? 'memory://',
    PUBLIC_BASE_URL: 'http://127.0.0.1',
    SYNC_INTERVAL_MINUTES: '0',
    SEED_DEMO_DATA: 'true',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, BOT_CHECK_SECRET: 'bench' } : {}),
    ...(process.env.BENCH_ENV ? JSON.parse(process.env.BENCH_ENV) : {}),
  });
  const app = await createApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: app.getHttpServer().address().port, close: () => app.close() };
}

const server = await listen();
process.on('SIGTERM', async () => {
  const peak = peakRssMb();
  await server.close().catch(() => undefined);
  console.log(`peak-rss ${peak.toFixed(0)}`);
  process.exit(0);
});
console.log(`ready ${server.port}`);
