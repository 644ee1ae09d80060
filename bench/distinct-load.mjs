// A load generator whose every request is a new search (bench/run.mjs runs it pinned to core 1): filters, radii and
// drawn areas are distinct by nature, so neither the render cache, the search's own caches nor a 304 answers them.
// Usage: node bench/distinct-load.mjs <base> <kind> <connections> <seconds> <first> <centre lat,lon>
// Kinds: page (a price-filtered results page), fragment (its htmx fragment), radius (a circle around the catalogue's
// centre), area (a drawn pentagon there). `first` offsets the counter, so a warm-up and the measured run ask
// different searches. Prints autocannon's result as JSON.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const [base, kind, connections, seconds, first, centre] = process.argv.slice(2);
const [lat, lon] = centre.split(',').map(Number);

/** The i-th search of a kind: each i gives other parameters (prices in euros, centres 1.1 m apart). */
const searches = {
  page: (i) => ({ path: `/nl?transaction=buy&priceMax=${250_000 + i}` }),
  fragment: (i) => ({ path: `/nl?transaction=buy&priceMax=${250_000 + i}`, headers: { 'hx-request': 'true' } }),
  radius: (i) => ({ path: `/nl?circle=${encodeURIComponent(`${(lat + (i % 40_000) * 1e-5).toFixed(5)},${lon.toFixed(5)},${10 + Math.floor(i / 40_000)}`)}` }),
  area: (i) => {
    const [a, b] = [lat + (i % 40_000) * 1e-5, lon + Math.floor(i / 40_000) * 1e-3];
    const d = 0.25;
    const corners = [[a - d, b - d * 1.5], [a - d * 0.8, b + d * 1.4], [a + d, b + d], [a + d * 0.3, b - d * 0.2], [a + d * 0.9, b - d * 1.3]];
    return { path: `/nl?polygon=${encodeURIComponent(corners.map(([x, y]) => `${x.toFixed(5)},${y.toFixed(5)}`).join(';'))}` };
  },
};
const search = searches[kind];
if (!search) throw new Error(`unknown kind ${kind}`);

let counter = Number(first);
const result = await autocannon({
  url: base,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [
    {
      setupRequest: (request) => {
        const { path, headers } = search(counter++);
        return { ...request, path, headers: { ...request.headers, ...headers } };
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
