import type { DataSource } from 'typeorm';

export class PendingMigrationsError extends Error {
  override readonly name = 'PendingMigrationsError';
  constructor(readonly pending: string[]) {
    super(
      `The database has ${pending.length} pending migration(s): ${pending.join(', ')}. ` +
        'Run `npm run migration:run` with the same DATABASE_URL, then start again.',
    );
  }
}

/** The table a contract migration records itself in (migrations/1796250000001-SchemaRequirements.ts). */
const REQUIREMENTS_TABLE = 'schema_requirements';

const knownMigrations = (dataSource: DataSource) => dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name);

async function executedMigrations(dataSource: DataSource): Promise<Set<string>> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const [{ exists }] = await dataSource.query(`SELECT to_regclass($1) IS NOT NULL AS exists`, [table]);
  return new Set<string>(exists ? (await dataSource.query(`SELECT name FROM "${table}"`)).map((row: { name: string }) => row.name) : []);
}

/** Names of the migrations this build knows that the database has not run yet. */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const executed = await executedMigrations(dataSource);
  return knownMigrations(dataSource).filter((name) => !executed.has(name));
}

/** How the database's schema stands to this build's migrations. */
export interface SchemaState {
  /** Migrations this build needs that the database has not run (the way back ran, or migration:run was forgotten). */
  readonly pending: string[];
  /** Migrations the database ran that this build does not know (a newer release's expand or contract steps). */
  readonly newer: string[];
  /** Of those, the contract steps (recorded in schema_requirements): this build can no longer read the schema. */
  readonly contracted: string[];
}

export async function schemaState(dataSource: DataSource): Promise<SchemaState> {
  const executed = await executedMigrations(dataSource);
  const known = new Set(knownMigrations(dataSource));
  const [{ exists }] = await dataSource.query(`SELECT to_regclass($1) IS NOT NULL AS exists`, [REQUIREMENTS_TABLE]);
  const required: string[] = exists ? (await dataSource.query(`SELECT migration FROM "${REQUIREMENTS_TABLE}" ORDER BY migration`)).map((row: { migration: string }) => row.migration) : [];
  return {
    pending: [...known].filter((name) => !executed.has(name)),
    newer: [...executed].filter((name) => !known.has(name)).sort(),
    contracted: required.filter((name) => !known.has(name)),
  };
}

/** Whether this build can serve on that schema: nothing pending, and no contract step it does not know. */
export function schemaMatches(state: SchemaState): boolean {
  return state.pending.length === 0 && state.contracted.length === 0;
}

/**
 * The embedded database migrates itself; a real server is migrated by an admin, and the app refuses
 * to run against a schema older than its code.
 */
export async function prepareSchema(dataSource: DataSource, embedded: boolean): Promise<void> {
  if (embedded) {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const pending = await pendingMigrations(dataSource);
  if (pending.length > 0) throw new PendingMigrationsError(pending);
}
