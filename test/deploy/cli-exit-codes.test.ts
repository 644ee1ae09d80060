import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runListingsCheck } from '../../src/estates/listings-check.cli.js';
import { runMailRetry } from '../../src/mail/mail-retry.cli.js';
import { runGdprErase } from '../../src/privacy/gdpr-erase.cli.js';
import { runSettingsCli } from '../../src/settings/settings.cli.js';
import { runSyncCli } from '../../src/sync.js';
import { ROOT } from '../support/built-app.js';

/**
 * Every operator command says how it ended in its exit code (src/runtime/cli.ts): 0 done, 1 failed, 2 a wrong command
 * line, with one message on stderr. Each command's own function, as its entry point runs it, on an embedded database
 * of its own; the migration CLI as a process.
 */
type Cli = (args: readonly string[], env: NodeJS.ProcessEnv, out: { log(line: string): void; error(line: string): void }) => Promise<number>;

describe('the operator commands’ exit codes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'immo-cli-'));
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function run(cli: Cli, args: string[], extra: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await cli(args, { ...env, ...extra }, { log: (line) => out.push(line), error: (line) => err.push(line) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('mail:retry -- --id <unknown> fails (1) and names the id; without ids, nothing failed is nothing to do (0)', async () => {
    const unknown = '5f0c2d9e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
    const missing = await run(runMailRetry, ['--id', unknown]);
    expect(missing).toMatchObject({ code: 1, out: 'no mail to re-queue' });
    expect(missing.err).toBe(`not re-queued (no such mail, already sent, or being sent now): ${unknown}`);
    expect(await run(runMailRetry, [])).toMatchObject({ code: 0, out: 'no mail to re-queue', err: '' });
  });

  it.each<[string, Cli, string[], string]>([
    ['mail:retry', runMailRetry, ['--id'], 'usage: npm run mail:retry'],
    ['mail:retry', runMailRetry, ['--id', 'not-a-mail-id'], 'is no mail id'],
    ['gdpr:erase', runGdprErase, [], 'usage: npm run gdpr:erase -- <email>'],
    ['listings:check', runListingsCheck, ['--all'], 'usage: npm run listings:check'],
    ['sync', runSyncCli, ['--everything'], 'usage: npm run sync'],
    ['crm:check', runSyncCli, ['--check', '--sample', '0'], '--sample must be a positive whole number'],
    ['settings', runSettingsCli, ['get'], 'usage: npm run settings'],
  ])('%s %j is a wrong command line (2), said in one line with the usage', async (_, cli, args, message) => {
    const result = await run(cli, args);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err.split('\n')).toHaveLength(1);
  });

  it.each<[string, Cli, string[]]>([
    ['mail:retry', runMailRetry, []],
    ['gdpr:erase', runGdprErase, ['jan@example.be']],
    ['listings:check', runListingsCheck, []],
    ['sync', runSyncCli, []],
    ['settings', runSettingsCli, ['list']],
  ])('%s fails (1) on a bad configuration, with its message alone', async (name, cli, args) => {
    const result = await run(cli, args, { SYNC_MAX_PAGES: 'lots' });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(new RegExp(`^${name} failed: Invalid configuration:\\n  SYNC_MAX_PAGES="lots"`));
    expect(result.err).not.toContain('    at ');
  });

  it('gdpr:erase of an address without data is done (0), and says what it removed', async () => {
    const result = await run(runGdprErase, ['nobody@example.be']);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(/^erased nobody@example\.be: /);
  });

  it('the migration CLI refuses an unknown command (2) before opening anything', async () => {
    const failed = await promisify(execFile)(process.execPath, ['scripts/typeorm-cli.mjs', 'migration:undo'], { cwd: ROOT, env: { ...process.env, ...env } }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toContain('unknown command migration:undo; usage: node scripts/typeorm-cli.mjs migration:run');
  });
});
