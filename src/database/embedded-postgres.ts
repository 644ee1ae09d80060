import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * PostgreSQL without an install: PGlite (Postgres compiled to WASM) served on a loopback socket,
 * so the app talks to it through `pg` exactly as it talks to a real server.
 * PGlite is a single session: clients must use one connection (TypeORM poolSize 1).
 */
export class EmbeddedDatabaseInUseError extends Error {
  override readonly name = 'EmbeddedDatabaseInUseError';
  constructor(location: string, pid: number) {
    super(
      `The embedded database in ${location} is in use by process ${pid} (the running site?). ` +
        'Stop that process first, or set DATABASE_URL to use a PostgreSQL server.',
    );
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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
  return lockFile;
}

export class EmbeddedPostgres {
  private constructor(
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    readonly url: string,
    private readonly lockFile: string | null,
  ) {}

  /** `dataDir` is a folder (persistent) or `memory://` (gone at stop). */
  static async start(dataDir: string, port = 0): Promise<EmbeddedPostgres> {
    const location = dataDir.startsWith('memory://') ? dataDir : join(resolve(dataDir), 'pg');
    const persistent = !location.startsWith('memory://');
    if (persistent) mkdirSync(location, { recursive: true });
    const lockFile = persistent ? lockDataDir(location) : null;
    const db = await PGlite.create(location);
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 1 });
    await server.start();
    const [host, actualPort] = server.getServerConn().split(':');
    return new EmbeddedPostgres(db, server, `postgres://postgres:postgres@${host}:${actualPort}/postgres`, lockFile);
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await this.db.close();
    if (this.lockFile) rmSync(this.lockFile, { force: true });
  }
}
