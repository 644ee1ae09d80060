import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from './scratch-database.js';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface Postgres {
  readonly url: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary, as the postgres user when we are root (initdb refuses root). */
function pgBin(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, command), ...args]] : [join(PG_BIN, command), args];
  execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * A disposable PostgreSQL 15 database: a scratch database on E2E_DATABASE_URL's server when given, otherwise a
 * server of our own (initdb + pg_ctl in a temp directory, trust auth, on a free loopback port), stopped by `stop()`.
 */
export async function startPostgres(): Promise<Postgres> {
  if (process.env.E2E_DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.E2E_DATABASE_URL);
    return { url: scratch.url, stop: scratch.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'immo-e2e-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  else chownSync(dir, process.getuid!(), process.getgid!());
  const port = await freePort();
  const data = join(dir, 'data');
  const stop = async () => {
    try {
      pgBin('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // not started
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    pgBin('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
    pgBin('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`, 'start']);
    const scratch = await createScratchDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`);
    return { url: scratch.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
