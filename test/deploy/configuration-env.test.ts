import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../support/built-app.js';
import { interpolate } from './compose-interpolation.js';

/**
 * Every variable of the README's "Configuration" table reaches the app where an operator sets it: in `.env` beside
 * docker-compose.yml (Compose's env_file, and the `${NAME:-default}` values it fills), and in the Kubernetes base
 * (the ConfigMap's config.env or the Secret's keys, secrets.example.env; the Deployment takes both whole).
 */
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The variables the README's configuration table names (`A` / `B`, `A`, `B` and `C` in one row included). */
function readmeVariables(): string[] {
  const section = README.slice(README.indexOf('\n## Configuration\n'));
  const table = section.slice(0, section.indexOf('\n## ', 1));
  const names = table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));
  return [...new Set(names)].sort();
}

/**
 * What the container's topology fixes, set in docker-compose.yml over .env (its header says why): the environment
 * (always production), where the app listens (the proxy's upstream and the health check use port 3000), its data
 * directory (the image's /data) and the proxy it trusts (nginx on the compose network).
 */
const FIXED_BY_COMPOSE: Readonly<Record<string, string>> = { NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '3000', DATA_DIR: '/data', TRUST_PROXY: 'uniquelocal' };

interface Service {
  environment?: Record<string, string | number | boolean>;
  env_file?: Array<string | { path: string; required?: boolean }>;
}

/** A service's environment as `docker compose up` gives it, with `dotEnv` in the project's .env: env_file, then environment over it. */
function containerEnv(service: Service, dotEnv: Readonly<Record<string, string>>): Record<string, string> {
  const files = (service.env_file ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.path));
  const fromFiles = files.includes('.env') ? dotEnv : {};
  const environment = Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), dotEnv)]));
  return { ...fromFiles, ...environment };
}

/** The keys of a kustomize env file, commented-out ones (`# NAME=…`: documented, for the overlay to set) included. */
function envFileKeys(path: string): string[] {
  return [...readFileSync(path, 'utf8').matchAll(/^(?:#\s*)?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);
}

describe('the configuration reaches the app', () => {
  const variables = readmeVariables();

  it('reads the README table (dozens of variables, the agency identity and the CRMs among them)', () => {
    expect(variables.length).toBeGreaterThan(80);
    expect(variables).toEqual(expect.arrayContaining(['AGENCY_LEGAL_NAME', 'MAIL_FROM', 'SOURCE_A_API_KEY', 'WHISE_PASSWORD', 'PUBLIC_BASE_URL', 'PORT']));
  });

  describe('docker-compose.yml with a .env file', () => {
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
    const dotEnv = Object.fromEntries(variables.map((name) => [name, `from-dot-env-${name.toLowerCase()}`]));

    it('gives the app every variable of .env the README lists, but what the containers fix', () => {
      const env = containerEnv(compose.services.app!, dotEnv);
      const dropped = variables.filter((name) => !(name in FIXED_BY_COMPOSE) && env[name] !== dotEnv[name]);
      expect(dropped).toEqual([]);
      for (const [name, value] of Object.entries(FIXED_BY_COMPOSE)) expect([name, env[name]]).toEqual([name, value]);
    });

    it('gives the migration the same .env (its DATABASE_URL included)', () => {
      const env = containerEnv(compose.services.migrate!, dotEnv);
      expect(env.DATABASE_URL).toBe(dotEnv.DATABASE_URL);
      expect(env.AGENCY_LEGAL_NAME).toBe(dotEnv.AGENCY_LEGAL_NAME);
    });

    it('still starts without a .env file (env_file not required), on its own PostgreSQL', () => {
      const files = compose.services.app!.env_file!;
      expect(files).toEqual([{ path: '.env', required: false }]);
      expect(new URL(containerEnv(compose.services.app!, {}).DATABASE_URL!).hostname).toBe('postgres');
    });

    it('keeps .env out of the image (.dockerignore)', () => {
      expect(readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n')).toContain('.env');
    });
  });

  describe('the Kubernetes base', () => {
    const base = join(ROOT, 'deploy/k8s/base');

    it('names every variable in its ConfigMap (config.env) or its Secret’s keys (secrets.example.env)', () => {
      const keys = new Set([...envFileKeys(join(base, 'config.env')), ...envFileKeys(join(base, 'secrets.example.env'))]);
      expect(variables.filter((name) => !keys.has(name))).toEqual([]);
    });

    it('gives the pods both whole (envFrom)', () => {
      const deployment = readFileSync(join(base, 'deployment.yaml'), 'utf8');
      expect(deployment).toMatch(/envFrom:\s*\n\s*- configMapRef:\s*\n\s*name: immo-config\s*\n\s*- secretRef:\s*\n\s*name: immo-secrets/);
    });
  });
});
