import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../support/built-app.js';

/**
 * The operator commands run dist/ (scripts/ensure-built.mjs before each): no `rm -rf dist && tsc` under the running
 * replicas. A project of its own whose `build:server` only counts its runs, so each case says whether it built.
 */
const run = promisify(execFile);
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: unknown };

describe('scripts/ensure-built.mjs (before every operator command)', () => {
  let dir: string;
  const builds = () => (existsSync(join(dir, 'builds.log')) ? readFileSync(join(dir, 'builds.log'), 'utf8').split('\n').filter(Boolean).length : 0);
  const ensureBuilt = () =>
    run(process.execPath, [join(dir, 'scripts/ensure-built.mjs')], { cwd: dir, env: { ...process.env, npm_execpath: '' } }).then(
      ({ stderr }) => ({ code: 0, stderr }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
  const age = (path: string, seconds: number) => {
    const when = new Date(Date.now() - seconds * 1000);
    utimesSync(join(dir, path), when, when);
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'immo-built-'));
    mkdirSync(join(dir, 'scripts'));
    mkdirSync(join(dir, 'src/mail'), { recursive: true });
    for (const script of ['ensure-built.mjs', 'ensure-node.mjs']) copyFileSync(join(ROOT, 'scripts', script), join(dir, 'scripts', script));
    const build = "require('fs').mkdirSync('dist/src',{recursive:true});require('fs').writeFileSync('dist/src/main.js','');require('fs').appendFileSync('builds.log','built\\n')";
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'built-check', private: true, engines: packageJson.engines, scripts: { 'build:server': `node -e "${build}"` } }));
    writeFileSync(join(dir, 'src/main.ts'), '');
    writeFileSync(join(dir, 'src/mail/mail.ts'), '');
    age('src/main.ts', 120);
    age('src/mail/mail.ts', 120);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('builds once when dist/ is missing, then runs what is built without building again', async () => {
    expect(await ensureBuilt()).toMatchObject({ code: 0, stderr: expect.stringContaining('dist/ is not built yet') });
    expect(builds()).toBe(1);
    expect(await ensureBuilt()).toEqual({ code: 0, stderr: '' });
    expect(await ensureBuilt()).toEqual({ code: 0, stderr: '' });
    expect(builds()).toBe(1);
  });

  it('builds again only when a source is newer than the build (a pull not yet built)', async () => {
    await ensureBuilt();
    age('dist/src/main.js', 60);
    writeFileSync(join(dir, 'src/mail/mail.ts'), '// changed');
    expect(await ensureBuilt()).toMatchObject({ code: 0, stderr: expect.stringContaining('the sources are newer than dist/') });
    expect(builds()).toBe(2);
  });

  it('in the image (no sources, no TypeScript) never builds, and a missing dist/ is a broken image', async () => {
    await ensureBuilt();
    rmSync(join(dir, 'src'), { recursive: true });
    expect(await ensureBuilt()).toEqual({ code: 0, stderr: '' });
    rmSync(join(dir, 'dist'), { recursive: true });
    const broken = await ensureBuilt();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('there are no sources to build it from: rebuild the image');
    expect(builds()).toBe(1);
  });
});
