import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { ROOT } from '../support/built-app.js';

/** NAME=value lines of an env file (comments and commented-out names left out), as kustomize reads them. */
function envFile(path: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(join(ROOT, path), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/**
 * The production overlay's ConfigMap over the base's, with the Secret's keys (placeholders stand in for the values an
 * operator fills in), as a pod gets them: the app's own configuration check must accept it, so an operator who
 * replaces the example values deploys a site that starts, with the agency's CRM and nothing of the demo.
 */
describe('the Kubernetes production overlay', () => {
  const env = {
    ...envFile('deploy/k8s/base/config.env'),
    ...envFile('deploy/k8s/overlays/production/config.env'),
    ...envFile('deploy/k8s/base/secrets.example.env'),
    COOKIE_SECRET: 'the-operator-s-own-long-random-value',
  };

  it('is a configuration production starts with: the whole identity, a CRM, no demo source', () => {
    const config = loadConfig(env);
    expect(config.isProduction).toBe(true);
    expect(config.crmConfigured).toBe(true);
    expect(config.demoSources).toEqual([]);
  });

  it('would be refused with a demo value in it (the check above can fail)', () => {
    expect(() => loadConfig({ ...env, AGENCY_COMPANY_NUMBER: '0123.456.749' })).toThrow(/AGENCY_COMPANY_NUMBER is the demo's value/);
  });
});
