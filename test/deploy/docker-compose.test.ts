import { DCLinter } from 'dclint';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { demoOnlyFeatures, loadConfig } from '../../src/config/config.js';
import { AGENCY_IDENTITY, ROOT } from '../support/built-app.js';
import { interpolate } from './compose-interpolation.js';
import { NGINX_TEMPLATE, SERVER_PARAMETERS, templateVariables } from '../cluster/nginx-proxy.js';

/**
 * docker-compose.yml without Docker (none runs in CI): its shape against the Compose Specification's JSON schema
 * (dclint ships it and checks it with ajv, then its own rules), and what the topology needs to hold.
 */
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
  deploy?: { replicas?: number; resources?: { limits?: { memory?: string } } };
  restart?: string;
  stop_grace_period?: string;
}
interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}


/** A service's environment as its container gets it, with the variables of the shell (or .env) `env`. */
function environmentOf(service: Service, env: Readonly<Record<string, string>> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), env)]));
}

const seconds = (duration: string) => Number(/^(\d+)s$/.exec(duration)?.[1] ?? Number.NaN);

describe('docker-compose.yml', () => {
  const source = readFileSync(COMPOSE_FILE, 'utf8');
  const compose = parse(source, { merge: true }) as ComposeFile;
  const { proxy, app, migrate, postgres, mailpit } = compose.services;

  it('is a valid Compose file (the Compose Specification schema) that dclint finds nothing wrong with', () => {
    const linter = new DCLinter({
      // The services read in the order a request meets them (proxy, app, migration, database, mail), not A to Z.
      rules: { 'services-alphabetical-order': 0, 'require-quotes-in-ports': [2, { quoteType: 'double' }] },
      quiet: true,
      debug: false,
      exclude: [],
    });
    const [result] = linter.lintFiles([COMPOSE_FILE], false);
    // (dclint's own types do not resolve under nodenext: its declarations import without extensions.)
    const messages = result!.messages as Array<{ rule: string; message: string }>;
    expect(messages.map((message) => `${message.rule}: ${message.message}`)).toEqual([]);
  });

  it('has the proxy, two replicas of the repository image, the one-shot migration, PostgreSQL 15 and Mailpit', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'mailpit', 'migrate', 'postgres', 'proxy']);
    expect(app).toMatchObject({ build: '.', deploy: { replicas: 2 } });
    expect(migrate).toMatchObject({ build: '.', command: ['node', 'scripts/typeorm-cli.mjs', 'migration:run'], restart: 'no' });
    expect(postgres!.image).toMatch(/^postgres:15(\.|$)/);
    expect(mailpit!.image).toMatch(/^axllent\/mailpit:v\d/);
    expect(proxy!.image).toMatch(/^nginx:1\.(2[89]|[3-9]\d)/); // the upstream's `resolve` needs nginx 1.27.3 or later
  });

  it('starts each service only once what it needs is there', () => {
    // The app refuses to start with pending migrations (src/database/migration-state.ts).
    expect(app!.depends_on).toEqual({
      migrate: { condition: 'service_completed_successfully' },
      postgres: { condition: 'service_healthy' },
      mailpit: { condition: 'service_started' },
    });
    expect(migrate!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(proxy!.depends_on).toEqual({ app: { condition: 'service_healthy' } });
  });

  it('checks health where a condition waits for it: the app’s readiness, PostgreSQL over TCP', () => {
    expect(app!.healthcheck!.test.join(' ')).toContain('/readyz');
    expect(postgres!.healthcheck!.test).toEqual(expect.arrayContaining(['pg_isready', '--host=127.0.0.1']));
    // Docker stops a replica only after its graceful shutdown had its time.
    expect(seconds(app!.stop_grace_period!) * 1000).toBeGreaterThan(Number(environmentOf(app!).SHUTDOWN_TIMEOUT_MS));
  });

  it('keeps the database in a named volume', () => {
    const volume = postgres!.volumes!.find((mount) => mount.endsWith(':/var/lib/postgresql/data'))!;
    expect(Object.keys(compose.volumes ?? {})).toContain(volume.split(':')[0]);
  });

  it('gives the proxy the template the cluster test renders, every variable it reads, and the replicas by name', () => {
    const templates = proxy!.volumes!.find((mount) => mount.includes(':/etc/nginx/templates'))!.split(':')[0]!;
    const rendered = readdirSync(join(ROOT, templates)).filter((name) => name.endsWith('.template'));
    expect(rendered.map((name) => join(ROOT, templates, name))).toEqual([NGINX_TEMPLATE]);
    const env = environmentOf(proxy!);
    expect(env.NGINX_ENVSUBST_FILTER).toBe('^IMMO_');
    expect(templateVariables().filter((name) => !env[name])).toEqual([]);
    expect(proxy!.volumes).toContain(`proxy-cache:${env.IMMO_PROXY_CACHE_DIR}`);
    // The upstream group the template proxies to: every replica of `app`, on its port, as the cluster test's servers.
    const upstreamMount = proxy!.volumes!.find((mount) => mount.includes(':/etc/nginx/conf.d/'))!.split(':')[0]!;
    const upstream = readFileSync(join(ROOT, upstreamMount), 'utf8');
    expect(upstream).toMatch(/upstream immo_app \{/);
    expect(upstream).toContain(`server app:${loadConfig({}).PORT} resolve ${SERVER_PARAMETERS};`);
    expect(readFileSync(NGINX_TEMPLATE, 'utf8')).toContain('proxy_pass http://immo_app;');
    expect(proxy!.ports).toEqual([`127.0.0.1:${new URL(environmentOf(app!).PUBLIC_BASE_URL!).port}:${env.IMMO_PROXY_LISTEN}`]);
  });

  /** What the container gets from a `.env` (env_file) with the file's own `environment` on top (it wins), as Compose does. */
  const containerEnv = (dotenv: Readonly<Record<string, string>>) => ({ ...dotenv, ...environmentOf(app!, dotenv) });

  it('starts nothing of the demo without asking: with no .env production refuses, naming what a real site needs', () => {
    expect(() => loadConfig(containerEnv({}))).toThrow(/BOT_CHECK_SECRET is required[\s\S]*COOKIE_SECRET is required[\s\S]*a CRM is required[\s\S]*AGENCY_LEGAL_NAME is required/);
  });

  it('configures the replicas as production requires for the demo (DEMO_DATA=true and a COOKIE_SECRET in .env), on the compose services', () => {
    const config = loadConfig(containerEnv({ DEMO_DATA: 'true', COOKIE_SECRET: 'a-secret-of-this-demo' }));
    expect(config.isProduction).toBe(true);
    expect(new URL(config.DATABASE_URL!).hostname).toBe('postgres');
    expect(config.DATABASE_URL).toBe(environmentOf(migrate!).DATABASE_URL);
    const database = environmentOf(postgres!);
    expect(new URL(config.DATABASE_URL!)).toMatchObject({ username: database.POSTGRES_USER, password: database.POSTGRES_PASSWORD, pathname: `/${database.POSTGRES_DB}` });
    expect(new URL(config.SMTP_URL!).hostname).toBe('mailpit');
    expect(config.trustProxy).toEqual(['uniquelocal']);
    // The demo: forms work without a bot check, and the start-up warning says so and names the demo's data.
    expect(config.botCheckRequired).toBe(false);
    expect(demoOnlyFeatures(config)).toEqual(expect.arrayContaining(['no bot check on the forms (BOT_CHECK_DISABLED=true)', expect.stringMatching(/^source A \(Zabun\): DEMO fixtures/)]));
  });

  it('states one number for a replica’s memory, its limit, and the app sizes itself to 80 % of it (MEMORY_BUDGET_MB unset)', () => {
    const limit = /^(\d+)M$/.exec(app!.deploy?.resources?.limits?.memory ?? '');
    expect(limit).not.toBeNull();
    expect(Object.keys(app!.environment ?? {})).not.toContain('MEMORY_BUDGET_MB');
    // What the container's cgroup (v2) shows: Compose's M is 1024 × 1024 bytes.
    const cgroup = (path: string) => (path === '/sys/fs/cgroup/memory.max' ? `${Number(limit![1]) * 1024 * 1024}\n` : undefined);
    const config = loadConfig(containerEnv({ DEMO_DATA: 'true', COOKIE_SECRET: 'a-secret-of-this-demo' }), cgroup);
    expect([config.MEMORY_BUDGET_MB, config.RENDER_CACHE_MB, config.SECTION_CACHE_MB]).toEqual([320, 8, 4]);
  });

  it('runs a real site from its .env: its CRM, its identity, the bot check on, and nothing of the demo', () => {
    const config = loadConfig(
      containerEnv({ ...AGENCY_IDENTITY, SOURCE_B_FEED_URL: 'https://crm.agency.example/feed', SOURCE_B_TOKEN: 'token', COOKIE_SECRET: 'a-secret-of-this-site', BOT_CHECK_SECRET: 'secret', BOT_CHECK_SITE_KEY: 'site-key', PUBLIC_BASE_URL: 'https://www.agency.example' }),
    );
    expect(config.botCheckRequired).toBe(true);
    expect(config.demoSources).toEqual([]);
    expect(demoOnlyFeatures(config)).toEqual([]);
  });
});
