import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';

export class EmbeddedDatabaseInUseError extends Error {
  override readonly name = 'EmbeddedDatabaseInUseError';
  constructor(location: string, pid: number) {
    super(
      `The embedded database in ${location} is in use by process ${pid} (the running site?). ` +
        'Stop that process first, or set DATABASE_URL to use a PostgreSQL server.',
    );
  }
}

/**
 * PGlite's defaults size it like a server (128 MB of shared buffers); one site's catalogue needs a
 * fraction of that. Measured: RSS after start and 2,000 queries 354 MB → 212 MB on an existing data dir.
 */
// The process runs with `--liftoff-only` (npm start, npm run sync): V8 then never recompiles PGlite's hot WebAssembly
// functions with TurboFan, whose compile of Postgres's largest functions took the RSS to ~700 MB for a moment and left
// the process ~50-100 MB larger for good (issue 22); queries cost ~10 % more CPU. A V8 flag: it cannot be set from here.
const LOW_MEMORY_PARAMS = ['-c', 'shared_buffers=16MB', '-c', 'work_mem=4MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=2MB', '-c', 'wal_buffers=1MB'];

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files of the databases this process holds; removed at exit too, as a CLI ends with process.exit(). */
const heldLocks = new Set<string>();
process.once('exit', () => {
  for (const lockFile of heldLocks) rmSync(lockFile, { force: true });
});

function unlock(lockFile: string | null): void {
  if (!lockFile) return;
  rmSync(lockFile, { force: true });
  heldLocks.delete(lockFile);
}

/** PGlite's files belong to one process at a time: a second one (say `npm run sync` beside the site) would corrupt them. */
function lockDataDir(location: string): string {
  const lockFile = `${location}.lock`;
  let holder = NaN;
  try {
    holder = Number(readFileSync(lockFile, 'utf8'));
  } catch {
    // no lock yet
  }
  if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
    throw new EmbeddedDatabaseInUseError(location, holder);
  }
  writeFileSync(lockFile, String(process.pid));
  heldLocks.add(lockFile);
  return lockFile;
}

const PGLITE_ENTRY = require.resolve('@electric-sql/pglite');
const PGLITE_VERSION = (JSON.parse(readFileSync(join(dirname(PGLITE_ENTRY), '..', 'package.json'), 'utf8')) as { version: string }).version;

/** Creates an empty cluster in a child process and writes it as a tarball to the path in argv[1]. */
const TEMPLATE_SCRIPT = `
const { PGlite } = require(${JSON.stringify(PGLITE_ENTRY)});
(async () => {
  const db = await PGlite.create('memory://');
  const tar = await db.dumpDataDir('none');
  require('node:fs').writeFileSync(process.argv[1], Buffer.from(await tar.arrayBuffer()));
  await db.close();
})().catch((error) => { console.error(error); process.exit(1); });`;

let template: Promise<string> | undefined;

/**
 * The tarball of an empty, initialized cluster. PGlite initializes a new database with a second WASM
 * instance whose ~500 MB the server process would keep until a full GC; done in a child process,
 * that memory goes with the child. Kept in the temp directory per PGlite version, so tests start in
 * about a second; read from disk for each new database, so the process does not hold its 40 MB.
 */
function emptyClusterFile(): Promise<string> {
  template ??= (async () => {
    const file = join(tmpdir(), `immo-pglite-${PGLITE_VERSION}-cluster.tar`);
    if (!existsSync(file)) {
      const partial = `${file}.${process.pid}.partial`;
      await promisify(execFile)(process.execPath, ['-e', TEMPLATE_SCRIPT, partial]);
      // Atomic: a parallel process sees the whole file or none.
      renameSync(partial, file);
    }
    return file;
  })();
  template.catch(() => {
    template = undefined;
  });
  return template;
}

/**
 * Writes an uncompressed tar (PGlite's `dumpDataDir('none')`: directories and regular files) into `directory` with
 * Node's own file calls, through a sibling folder renamed at the end, so a start stopped halfway leaves no half
 * cluster behind. PGlite's `loadDataDir` writes its ~1,000 files through its emulated file system: some 3 s of a
 * fresh start on a busy machine (issue 22: under 5 s to the first 200).
 */
function extractCluster(tar: Buffer, directory: string): void {
  const partial = `${directory}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0[\s\S]*$/, '');
    const name = field(345, 155) ? `${field(345, 155)}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const mode = parseInt(field(100, 8).trim() || '600', 8) & 0o777;
    const type = field(156, 1);
    const target = resolve(partial, `.${join('/', name)}`);
    if (!target.startsWith(`${partial}/`)) throw new Error(`cluster template: ${name} lies outside the data directory`);
    offset += 512;
    if (type === '5') mkdirSync(target, { recursive: true, mode });
    else if (type === '0' || type === '') {
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, tar.subarray(offset, offset + size), { mode });
    } else throw new Error(`cluster template: ${name} is neither a file nor a directory (tar type ${type})`);
    offset += Math.ceil(size / 512) * 512;
  }
  rmSync(directory, { recursive: true, force: true });
  renameSync(partial, directory);
}

/** `memory://` alone is a new database; `memory://<name>` and directories are shared within the process. */
function locationOf(dataDir: string): { location: string; persistent: boolean; shared: boolean } {
  if (dataDir.startsWith('memory://')) return { location: dataDir, persistent: false, shared: dataDir !== 'memory://' };
  return { location: join(resolve(dataDir), 'pg'), persistent: true, shared: true };
}

export interface EmbeddedPostgresOptions {
  /** How long a caller waits for the single session before its query fails (DATABASE_CONNECT_TIMEOUT_MS). */
  readonly connectTimeoutMs?: number;
}

/**
 * PostgreSQL without an install, in this process: PGlite (Postgres compiled to WASM) reached through
 * its node-postgres adapter, so there is no socket and no port any local process could connect to.
 *
 * PGlite is a single session, and its adapter does not keep transactions apart: every user of one
 * database (TypeORM in each app of the process, pg-boss) goes through the one `pool` of size 1, so a
 * transaction holds the session until it ends and everyone else queues for it.
 */
export class EmbeddedPostgres {
  private static readonly shared = new Map<string, Promise<EmbeddedPostgres>>();
  /** Changes published on this database, for every app of the process that uses it (see ChangeFeedService). */
  readonly changes = new EventEmitter();
  private leases = 1;
  private closing?: Promise<void>;

  private constructor(
    readonly pglite: PGlite,
    readonly pool: pg.Pool,
    readonly location: string,
    private readonly lockFile: string | null,
    private readonly forget: () => void,
  ) {
    this.changes.setMaxListeners(0);
  }

  /** Opens (or, for a shared location, joins) the database in `dataDir`; pair every open with a `release()`. */
  static async open(dataDir: string, options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
    const { location, persistent, shared } = locationOf(dataDir);
    if (!shared) return EmbeddedPostgres.create(location, persistent, options, () => undefined);
    const existing = EmbeddedPostgres.shared.get(location);
    if (existing) {
      const database = await existing;
      if (!database.closing) {
        database.leases++;
        return database;
      }
      await database.closing;
    }
    const opening = EmbeddedPostgres.create(location, persistent, options, () => EmbeddedPostgres.shared.delete(location));
    EmbeddedPostgres.shared.set(location, opening);
    opening.catch(() => EmbeddedPostgres.shared.delete(location));
    return opening;
  }

  private static async create(location: string, persistent: boolean, options: EmbeddedPostgresOptions, forget: () => void): Promise<EmbeddedPostgres> {
    if (persistent) mkdirSync(location, { recursive: true });
    const lockFile = persistent ? lockDataDir(location) : null;
    try {
      const fresh = !persistent || !existsSync(join(location, 'PG_VERSION'));
      if (fresh && persistent) extractCluster(readFileSync(await emptyClusterFile()), location);
      const pglite = await PGlite.create(persistent ? location : 'memory://', {
        startParams: [...PGlite.defaultStartParams, ...LOW_MEMORY_PARAMS],
        // In memory, PGlite's own loader writes to memory: quick.
        loadDataDir: fresh && !persistent ? new Blob([readFileSync(await emptyClusterFile())]) : undefined,
      });
      const pool = new pg.Pool({
        ...createPgConfig(pglite),
        max: 1,
        // The session never goes away by itself: keep the one client instead of reconnecting it.
        idleTimeoutMillis: 0,
        connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
      });
      // A client dropped inside a transaction leaves PGlite's session in it: start the next one clean.
      pool.on('connect', (client) => {
        if (pglite.isInTransaction()) void client.query('ROLLBACK').catch(() => undefined);
      });
      pool.on('error', () => undefined);
      return new EmbeddedPostgres(pglite, pool, location, lockFile, forget);
    } catch (error) {
      unlock(lockFile);
      throw error;
    }
  }

  /** Gives back one `open()`; the last one closes the database and frees its directory. */
  release(): Promise<void> {
    if (this.closing) return this.closing;
    if (--this.leases > 0) return Promise.resolve();
    this.closing = (async () => {
      this.forget();
      this.changes.removeAllListeners();
      await this.pool.end().catch(() => undefined);
      await this.pglite.close();
      unlock(this.lockFile);
    })();
    return this.closing;
  }

  /**
   * The `pg` module for TypeORM's `driver` option: its pools are views of this database's one pool,
   * so several DataSources on one PGlite share the session gate. Ending such a pool ends nothing:
   * the database closes with its last `release()`.
   */
  typeormDriver(): typeof pg {
    const shared = this.pool;
    class SessionPool extends EventEmitter {
      connect(callback?: (error: Error | undefined, client?: pg.PoolClient, release?: () => void) => void): unknown {
        return callback ? shared.connect(callback as never) : shared.connect();
      }

      query(...args: unknown[]): unknown {
        return (shared.query as (...params: unknown[]) => unknown)(...args);
      }

      end(callback?: (error?: Error) => void): Promise<void> {
        callback?.();
        return Promise.resolve();
      }
    }
    return { ...pg, Pool: SessionPool } as unknown as typeof pg;
  }
}
