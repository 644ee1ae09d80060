import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../../../src/config/config.js';
import { contentSecurityPolicy } from '../../../../src/create-app.js';
import { ErrorAlert } from '../../../../views/fragments/error-alert.js';
import { renderFragment } from '../../../../views/render.js';
import { text } from 'node:stream/consumers';

/** What `settle` fetches: a request the page makes after everything it had already sent. */
export const SETTLE_PATH = '/__settle';

const ROOT = join(__dirname, '../../../..');
const ASSETS_DIR = join(ROOT, 'public/assets');

/** Newest modification time under a folder (to tell whether the bundle is older than its sources). */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds public/assets when it is missing or older than client/ (npm run test:browser builds first anyway). */
export function ensureAssets(): Record<string, string> {
  const manifest = join(ASSETS_DIR, 'manifest.json');
  const sources = Math.max(newest(join(ROOT, 'client')), statSync(join(ROOT, 'scripts/build-assets.mjs')).mtimeMs);
  if (!existsSync(manifest) || statSync(manifest).mtimeMs < sources) {
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-assets.mjs')], { cwd: ROOT, stdio: 'inherit' });
  }
  return JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
}

export type FormOutcome = 'success' | 'invalid' | 'refused' | 'server-error' | 'network-error';

/** What the 'refused' outcome's alert says (as the app's bot-check refusal does). */
export const REFUSED_TEXT = 'We could not confirm that this message comes from a person.';

export interface FormPost {
  readonly path: string;
  readonly fields: Array<[string, string]>;
  readonly htmx: boolean;
}

export interface PageRequest {
  readonly url: URL;
}

/** The page's own stylesheet and the stand-in bot-check provider: files, as the app's CSP allows no inline ones. */
export const DEMO_STYLESHEET = '/demo.css';
export const FAKE_BOT_CHECK_SCRIPT = '/fake-bot-check.js';

const DEMO_CSS = `
.demo-crumbs { color: var(--ink-soft); font-size: .9rem; margin-bottom: .4rem; }
.demo-heading { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: .25rem 1rem; margin-bottom: 1.25rem; }
.demo-heading h1 { margin: 0; }
.demo-price { font-size: 1.6rem; font-weight: 700; color: var(--brand); margin: 0; }
.demo-columns { display: grid; grid-template-columns: minmax(0, 1fr); gap: 2rem; }
.demo-contact { display: grid; gap: 1rem; align-self: start; padding: 1.5rem; border: 1px solid var(--line); border-radius: var(--radius); box-shadow: var(--shadow); }
.demo-contact h2 { margin: 0; }
.demo-contact > p { margin: 0; color: var(--ink-soft); }
.field-error { color: var(--danger); font-size: .9rem; margin: .3rem 0 0; }
@media (min-width: 960px) { .demo-columns { grid-template-columns: minmax(0, 1fr) 360px; } .demo-contact { position: sticky; top: 88px; } }
`;

/** A bot-check provider like reCAPTCHA v3's, answering a recognisable token. */
const FAKE_BOT_CHECK = `window.grecaptcha = { ready: function (cb) { cb(); }, execute: function (key, options) { return Promise.resolve('token:' + key + ':' + options.action); } };`;

/** The app's own Content-Security-Policy (src/create-app.ts), tiles and photos being local here. */
function appPolicy(): string {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', PUBLIC_BASE_URL: 'http://127.0.0.1', MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' });
  return Object.entries(contentSecurityPolicy(config))
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...values].join(' '))
    .join('; ');
}

export interface IslandServer {
  readonly baseUrl: string;
  /** What the form endpoints answer next. */
  formOutcome: FormOutcome;
  /** The fragment a 4xx "invalid" answer carries, per form path. */
  invalidFragment: (path: string) => string;
  readonly posts: FormPost[];
  /** Requests per path (photos, tiles). */
  readonly hits: Map<string, number>;
  /** Hold form answers until release() (to see the loading state). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

const PALETTE = [
  ['#6f9fb6', '#d9c7a4'],
  ['#8bb174', '#f1e3c6'],
  ['#c98b6b', '#f5dcc4'],
  ['#5c7d99', '#c9d6df'],
  ['#a7a17a', '#ece4cf'],
  ['#7f8fa6', '#e6e1d8'],
];

/** A photo-like picture: sky, a house, a lawn and its number, so screenshots show something real-ish. */
function photoSvg(index: number, width: number, height: number): string {
  const [sky, wall] = PALETTE[index % PALETTE.length]!;
  const house = Math.min(width, height) * 0.55;
  const x = width / 2 - house / 2;
  const y = height * 0.38;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#eef3f5"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#s)"/>
    <rect y="${height * 0.78}" width="100%" height="${height * 0.22}" fill="#7a9a5a"/>
    <rect x="${x}" y="${y}" width="${house}" height="${height * 0.42}" fill="${wall}"/>
    <polygon points="${x - house * 0.08},${y} ${width / 2},${y - house * 0.45} ${x + house * 1.08},${y}" fill="#6b3b2e"/>
    <rect x="${width / 2 - house * 0.09}" y="${y + height * 0.2}" width="${house * 0.18}" height="${height * 0.22}" fill="#3e4b52"/>
    <rect x="${x + house * 0.1}" y="${y + height * 0.07}" width="${house * 0.22}" height="${house * 0.18}" fill="#cfe3ee" stroke="#fff" stroke-width="4"/>
    <rect x="${x + house * 0.68}" y="${y + height * 0.07}" width="${house * 0.22}" height="${house * 0.18}" fill="#cfe3ee" stroke="#fff" stroke-width="4"/>
    <text x="${width - 24}" y="${height - 24}" font-family="sans-serif" font-size="${Math.round(height / 14)}" fill="#fff" text-anchor="end">${index + 1}</text>
  </svg>`;
}

function tileSvg(z: string, x: string, y: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="#eef1ec"/>
    <path d="M0 96h256M0 200h256M60 0v256M180 0v256" stroke="#fff" stroke-width="10"/>
    <path d="M0 40h256M120 0v256" stroke="#fbe7b2" stroke-width="14"/>
    <rect x="70" y="110" width="100" height="80" fill="#dfe7d8"/>
    <text x="6" y="250" font-family="sans-serif" font-size="10" fill="#9aa">${z}/${x}/${y}</text>
  </svg>`;
}

/** Photo sizes (width x height): mostly landscape, one portrait and one panorama to show the variable width. */
export const PHOTO_SIZES: ReadonlyArray<readonly [number, number]> = [
  [1600, 1067], [1600, 1067], [800, 1200], [1600, 1067], [1800, 900], [1600, 1067],
  [1600, 1067], [1200, 1200], [1600, 1067], [1600, 1067], [1600, 1067], [1600, 1067],
];

/**
 * A tiny server for the island tests: the page (rendered by `renderPage`), the built assets, generated photos
 * and map tiles, a consent endpoint like the app's, and form endpoints whose answer the test chooses.
 * It sends the app's Content-Security-Policy, so an island that breaks it fails here too.
 */
export async function startIslandServer(renderPage: (request: PageRequest) => string): Promise<IslandServer> {
  const images = new Map<string, Buffer>();
  const image = async (key: string, make: () => Promise<Buffer>) => {
    if (!images.has(key)) images.set(key, await make());
    return images.get(key)!;
  };
  let gate: { promise: Promise<void>; open: () => void } | undefined;
  const policy = appPolicy();

  const state: Omit<IslandServer, 'baseUrl' | 'close'> = {
    formOutcome: 'success',
    invalidFragment: () => '<form></form>',
    posts: [],
    hits: new Map(),
    hold() {
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    },
    release() {
      gate?.open();
      gate = undefined;
    },
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    state.hits.set(path, (state.hits.get(path) ?? 0) + 1);

    // The round trip of `settle` (harness.ts): answered at once, recorded like any hit.
    if (path === SETTLE_PATH) return response.writeHead(204, { 'cache-control': 'no-store' }).end();
    if (path === DEMO_STYLESHEET) return response.writeHead(200, { 'content-type': TYPES['.css'] }).end(DEMO_CSS);
    if (path === FAKE_BOT_CHECK_SCRIPT) return response.writeHead(200, { 'content-type': TYPES['.js'] }).end(FAKE_BOT_CHECK);
    if (path.startsWith('/assets/')) {
      const file = normalize(join(ASSETS_DIR, path.slice('/assets/'.length)));
      if (!file.startsWith(ASSETS_DIR) || !existsSync(file)) return response.writeHead(404).end();
      return response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
    }

    let match = /^\/photos\/(\d+)(-thumb)?\.jpg$/.exec(path);
    if (match) {
      const index = Number(match[1]);
      const [width, height] = match[2] ? [320, 240] : (PHOTO_SIZES[index] ?? [1600, 1067]);
      const body = await image(path, () => sharp(Buffer.from(photoSvg(index, width, height))).resize(width, height, { fit: 'cover' }).jpeg({ quality: 78 }).toBuffer());
      return response.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'no-store' }).end(body);
    }
    // Fails twice, then loads: the slider's retries get it in the end.
    if (path === '/photos/flaky.jpg') {
      if ((state.hits.get(path) ?? 0) <= 2) return response.writeHead(503, { 'cache-control': 'no-store' }).end();
      const body = await image(path, () => sharp(Buffer.from(photoSvg(6, 1600, 1067))).jpeg().toBuffer());
      return response.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'no-store' }).end(body);
    }
    if (path === '/photos/broken.jpg') return response.writeHead(404, { 'cache-control': 'no-store' }).end();

    match = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(path);
    if (match) {
      const body = await image(path, () => sharp(Buffer.from(tileSvg(match![1]!, match![2]!, match![3]!))).png().toBuffer());
      return response.writeHead(200, { 'content-type': 'image/png' }).end(body);
    }

    if (path === '/consent' && request.method === 'POST') {
      const choice = new URLSearchParams(await text(request)).get('choice') ?? 'declined';
      return response
        .writeHead(200, {
          'set-cookie': `immo_consent=${choice}; Path=/; SameSite=Lax`,
          'hx-trigger': JSON.stringify({ 'immo:consent': { choice } }),
          'content-type': 'text/html; charset=utf-8',
        })
        .end('');
    }

    if (path.startsWith('/forms/') && request.method === 'POST') {
      const body = await text(request);
      state.posts.push({ path, fields: [...new URLSearchParams(body).entries()], htmx: request.headers['hx-request'] === 'true' });
      await gate?.promise;
      switch (state.formOutcome) {
        case 'success':
          return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('');
        case 'invalid':
          return response.writeHead(422, { 'content-type': 'text/html; charset=utf-8' }).end(state.invalidFragment(path));
        case 'refused':
          return response.writeHead(403, { 'content-type': 'text/html; charset=utf-8' }).end(renderFragment(ErrorAlert({ message: REFUSED_TEXT })));
        case 'server-error':
          return response.writeHead(500, { 'content-type': 'text/html; charset=utf-8' }).end('<p>Internal error</p>');
        case 'network-error':
          return request.socket.destroy();
      }
    }

    if (request.method === 'GET' && (path === '/' || path === '/page')) {
      return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy }).end(renderPage({ url }));
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        state.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
