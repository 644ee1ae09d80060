import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { NODE_MAJOR, unsupportedNodeLine } from '../../src/runtime/compile-cache.js';
import { ROOT } from '../support/built-app.js';

/**
 * The README's two commands on any machine's Node (issue 36): `npm install` brings Node 24 when the machine has
 * another major (scripts/ensure-node.mjs, npm's postinstall, links it as node_modules/.bin/node, first on every npm
 * script's PATH); where it cannot, `npm start` and `npm test` stop at once with one line saying what to install.
 */
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };
const run = promisify(execFile);

/** scripts/ensure-node.mjs in a copy of the project whose engines ask for `range`: what this Node would be told. */
async function ensureNode(range: string, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'immo-node-'));
  try {
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(join(ROOT, 'scripts/ensure-node.mjs'), join(dir, 'scripts/ensure-node.mjs'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...packageJson, engines: { node: range } }));
    return await run(process.execPath, [join(dir, 'scripts/ensure-node.mjs'), ...args], { cwd: dir }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the Node the project runs on', () => {
  const major = process.versions.node.split('.')[0]!;

  it('is one major everywhere: engines, .nvmrc, the entry points’ check', () => {
    expect(packageJson.engines.node).toMatch(new RegExp(`^\\^${NODE_MAJOR}\\.`));
    expect(readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim()).toBe(String(NODE_MAJOR));
  });

  it('npm start and npm test check it first; npm install fetches it (postinstall)', () => {
    expect(packageJson.scripts.prestart).toMatch(/^node scripts\/ensure-node\.mjs && /);
    expect(packageJson.scripts.pretest).toBe('node scripts/ensure-node.mjs');
    expect(packageJson.scripts.postinstall).toBe('node scripts/ensure-node.mjs install');
  });

  it('every operator command runs the built code through the check, never `rm -rf dist && tsc` first', () => {
    for (const name of ['sync', 'crm:check', 'migration:run', 'migration:revert', 'mail:retry', 'listings:check', 'gdpr:erase', 'settings']) {
      expect([name, packageJson.scripts[name]]).toEqual([name, expect.stringMatching(/^node scripts\/ensure-built\.mjs && .*node (?:--\S+ )*(dist\/src\/\S+\.js|scripts\/typeorm-cli\.mjs)/)]);
    }
  });

  it('on the right major the check passes silently', async () => {
    expect(await ensureNode(`^${major}.0.0`)).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('on another major it stops at once with one line saying what to install', async () => {
    const result = await ensureNode('^99.1.0');
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringContaining(`Immo needs Node 99 (package.json engines ^99.1.0, .nvmrc) and this is Node ${process.version}:`)]);
    expect(result.stderr).toContain('npm install');
  });

  it('the install step does nothing on the right major (CI, the Docker build: no download)', async () => {
    expect(await ensureNode(`^${major}.0.0`, ['install'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('the built entry points say the same in one line on another Node', () => {
    expect(unsupportedNodeLine(process.version)).toBeUndefined();
    expect(unsupportedNodeLine('v20.20.2')).toBe(
      `Immo needs Node ${NODE_MAJOR} (.nvmrc) and this is Node v20.20.2: run it through npm (npm install fetches Node ${NODE_MAJOR} into node_modules) or install Node ${NODE_MAJOR}.`,
    );
  });
});
