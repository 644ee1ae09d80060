// Shared by the benchmarks: start the built app (dist/) in this process on the embedded database.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export async function startBuiltApp(env = {}) {
  const { loadConfig } = require('../dist/src/config/config.js');
  const { createApp } = require('../dist/src/create-app.js');
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    LOG_REQUESTS: 'false',
    DATA_DIR: 'memory://',
    PUBLIC_BASE_URL: 'http://127.0.0.1',
    SYNC_INTERVAL_MINUTES: '0',
    ...env,
  });
  const app = await createApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address();
  return { app, baseUrl: `http://127.0.0.1:${port}` };
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
