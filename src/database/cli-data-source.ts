import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { EmbeddedPostgres } from './embedded-postgres.js';
import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { CODE_ROOT } from '../utils/paths.js';
import { typeOrmOptions } from './typeorm-options.js';

/** `migration:generate` compares every feature's entities with the schema: found by their role suffix, no list. */
const ENTITY_FILES = [join(CODE_ROOT, 'src', '**', '*.entity.js')];

function cliOptions(options: DataSourceOptions): DataSourceOptions {
  return { ...options, entities: ENTITY_FILES };
}

/** Closes the embedded database with the data source: PGlite would otherwise keep the CLI's process alive. */
class EmbeddedCliDataSource extends DataSource {
  constructor(private readonly embedded: EmbeddedPostgres) {
    super(cliOptions(typeOrmOptions({ embedded })));
  }

  override async destroy(): Promise<void> {
    await super.destroy();
    await this.embedded.release();
  }
}

/**
 * The data source of the TypeORM CLI (`npm run migration:*`): DATABASE_URL, or the embedded database
 * in DATA_DIR opened inside the CLI's own process (no socket, no port).
 */
async function cliDataSource(): Promise<DataSource> {
  const url = process.env.DATABASE_URL;
  if (url) return new DataSource(cliOptions(typeOrmOptions({ url })));
  return new EmbeddedCliDataSource(await EmbeddedPostgres.open(process.env.DATA_DIR || '.data'));
}

export default cliDataSource();
