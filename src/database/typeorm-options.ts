import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { MIGRATIONS } from '../../migrations/index.js';
import type { EmbeddedPostgres } from './embedded-postgres.js';

/** A PostgreSQL server by URL, or the embedded database of this process. */
export type DatabaseTarget = { readonly url: string } | { readonly embedded: EmbeddedPostgres };

export interface DatabaseTimeouts {
  /** PostgreSQL cancels a statement after this long (0: no limit). PGlite runs without timers, so it ignores it. */
  readonly statementTimeoutMs: number;
  /** How long to wait for a connection from the pool. */
  readonly connectTimeoutMs: number;
}

export function timeoutsOf(config: AppConfig): DatabaseTimeouts {
  return { statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS, connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS };
}

/**
 * One set of TypeORM options for the app, the tests and the migration CLI; without entities: the app's feature modules
 * register theirs, the migration CLI finds them by file name (src/data-source.ts). Without `timeouts`
 * (the CLI) statements may run as long as they need: a migration can take a while.
 */
export function typeOrmOptions(target: DatabaseTarget, timeouts?: DatabaseTimeouts): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: ['error' as const],
  };
  if ('embedded' in target) {
    // Every DataSource on the embedded database shares its one session (see EmbeddedPostgres).
    return { ...common, driver: target.embedded.typeormDriver(), poolSize: 1 };
  }
  return {
    ...common,
    url: target.url,
    poolSize: 10,
    applicationName: 'immo',
    connectTimeoutMS: timeouts?.connectTimeoutMs,
    extra: timeouts && timeouts.statementTimeoutMs > 0 ? { statement_timeout: timeouts.statementTimeoutMs } : {},
  };
}
