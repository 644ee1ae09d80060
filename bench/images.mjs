// Photo variants (issue 11 item 4): server time of the first (cold: sharp resizes and encodes, then writes the
// disk cache) and of later (warm: read from the disk cache) requests for the 1024 px variant of the largest demo
// photo in each format. Runs the built app (dist/) in production mode, in process (inject: no network).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { median, percentile, startBuiltApp } from './support.mjs';

const WIDTH = 1024;
const WARM_RUNS = 200;
const FORMATS = ['avif', 'webp', 'jpg'];

const photos = fileURLToPath(new URL('../fixtures/photos/large', import.meta.url));
const [largest, other] = readdirSync(photos)
  .map((name) => ({ name, bytes: statSync(join(photos, name)).size }))
  .sort((a, b) => b.bytes - a.bytes);

const { app } = await startBuiltApp({ SEED_DEMO_DATA: 'false' });
const fastify = app.getHttpAdapter().getInstance();
const timed = async (url) => {
  const started = performance.now();
  const response = await fastify.inject({ method: 'GET', url });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  return { elapsed, bytes: response.rawPayload.length };
};

try {
  // Start libvips and its encoders on another photo, so "cold" means "not cached", not "process just started".
  for (const format of FORMATS) await timed(`/property-images/1042/160w/${other.name}.${format}`);
  console.log(`photo variants: ${largest.name} (${(largest.bytes / 1024).toFixed(1)} KB, the largest demo photo) at ${WIDTH} px, in-process, ${WARM_RUNS} warm runs each:`);
  for (const format of FORMATS) {
    const url = `/property-images/1042/${WIDTH}w/${largest.name}.${format}`;
    const cold = await timed(url);
    const warm = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push((await timed(url)).elapsed);
    console.log(
      `  ${format.padEnd(4)} ${(cold.bytes / 1024).toFixed(1).padStart(5)} KB  cold ${cold.elapsed.toFixed(1).padStart(6)} ms  ` +
        `warm median ${median(warm).toFixed(2)} ms, p95 ${percentile(warm, 95).toFixed(2)} ms`,
    );
  }
} finally {
  await app.close();
}
