import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FakeRecaptchaProvider } from './fake-recaptcha-provider.js';
import { until } from './poll.js';
import { AGENCY_IDENTITY } from './agency-identity.js';

/** The repository's root: where `npm run build` puts dist/ and where the app finds public/, i18n/ and fixtures/. */
export const ROOT = resolve(__dirname, '../..');
const MAIN = join(ROOT, 'dist/src/main.js');
export { AGENCY_IDENTITY };

/** The node flags of the image's command (the Dockerfile's `CMD ["node", …]`), so the app runs as production runs it. */
const NODE_FLAGS = (JSON.parse(/^CMD (\[.*\])$/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))![1]!) as string[]).filter((arg) => arg.startsWith('--'));


/**
 * What production on PostgreSQL refuses to start without (README "Configuration"), pointed at the local stand-ins:
 * SMTP, the bot check (on, against the fake reCAPTCHA) and the agency's whole identity. A CRM (or DEMO_DATA=true for
 * a demo) is the caller's to add.
 */
export function productionEnv(site: { databaseUrl: string; publicBaseUrl: string; smtpUrl: string; recaptcha: FakeRecaptchaProvider }): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: site.databaseUrl,
    PUBLIC_BASE_URL: site.publicBaseUrl,
    SMTP_URL: site.smtpUrl,
    COOKIE_SECRET: 'test-cookie-secret-that-is-long-enough-for-production',
    BOT_CHECK_SITE_KEY: site.recaptcha.siteKey,
    BOT_CHECK_SECRET: site.recaptcha.secret,
    BOT_CHECK_SCRIPT_URL: site.recaptcha.scriptUrl,
    BOT_CHECK_VERIFY_URL: site.recaptcha.verifyUrl,
    ...AGENCY_IDENTITY,
  };
}

/** The built app in a child process, as production starts it (the image's `node` flags, `dist/src/main.js`). */
export interface BuiltApp {
  readonly child: ChildProcess;
  /** Its stdout and stderr so far (the last 2,000 chunks). */
  readonly output: string[];
}

export function spawnBuiltApp(env: NodeJS.ProcessEnv, output: string[] = []): BuiltApp {
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 2000) output.splice(0, output.length - 2000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output };
}

export function hasExited(app: BuiltApp): boolean {
  return app.child.exitCode !== null || app.child.signalCode !== null;
}

/** Polls `/readyz` until it answers 200; fails at once, with the server's output, when the process exits. */
export async function waitReady(baseUrl: string, app: BuiltApp): Promise<void> {
  await until(
    `${baseUrl}/readyz answering 200`,
    async () => {
      if (hasExited(app)) throw new Error(`the server exited with ${app.child.exitCode ?? app.child.signalCode}:\n${app.output.join('').slice(-3000)}`);
      const response = await fetch(`${baseUrl}/readyz`).catch(() => null);
      return response?.status ?? 0;
    },
    (status) => status === 200,
    { timeoutMs: 120_000, intervalMs: 250 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\nserver output:\n${app.output.join('').slice(-3000)}`);
  });
}

/** The first sync fills an empty cache after the server is ready: a visitor's journey starts once it has listings. */
export async function waitCatalogue(baseUrl: string): Promise<void> {
  await until(
    `${baseUrl}/sitemaps/listings.xml naming a listing (the first sync done)`,
    async () => (await fetch(`${baseUrl}/sitemaps/listings.xml`).then((response) => response.text()).catch(() => '')).includes('<loc>'),
    (filled) => filled,
    { timeoutMs: 120_000, intervalMs: 250 },
  );
}

/** Sends `signal` and waits for the exit (SIGKILL after 15 s); nothing to do when the process has already gone. */
export async function stopBuiltApp(app: BuiltApp | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!app || hasExited(app)) return;
  const exited = new Promise<void>((done) => app.child.once('exit', () => done()));
  app.child.kill(signal);
  const timer = setTimeout(() => app.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
