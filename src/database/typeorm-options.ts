import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from '../../migrations/index.js';

/** One set of TypeORM options for the app, the tests and the migration CLI. */
export function typeOrmOptions(url: string, embedded: boolean): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    // PGlite is one session behind a queue: a second connection would wait forever inside a transaction.
    poolSize: embedded ? 1 : 10,
    logging: ['error'],
  };
}
