import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * PostgreSQL without an install: PGlite (Postgres compiled to WASM) served on a loopback socket,
 * so the app talks to it through `pg` exactly as it talks to a real server.
 * PGlite is a single session: clients must use one connection (TypeORM poolSize 1).
 */
export class EmbeddedPostgres {
  private constructor(
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    readonly url: string,
  ) {}

  /** `dataDir` is a folder (persistent) or `memory://` (gone at stop). */
  static async start(dataDir: string, port = 0): Promise<EmbeddedPostgres> {
    const location = dataDir.startsWith('memory://') ? dataDir : join(resolve(dataDir), 'pg');
    if (!location.startsWith('memory://')) mkdirSync(location, { recursive: true });
    const db = await PGlite.create(location);
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 1 });
    await server.start();
    const [host, actualPort] = server.getServerConn().split(':');
    return new EmbeddedPostgres(db, server, `postgres://postgres:postgres@${host}:${actualPort}/postgres`);
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await this.db.close();
  }
}
