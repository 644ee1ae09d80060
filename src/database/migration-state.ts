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

/** Names of the migrations this build knows that the database has not run yet. */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const [{ exists }] = await dataSource.query(`SELECT to_regclass($1) IS NOT NULL AS exists`, [table]);
  const executed = new Set<string>(
    exists ? (await dataSource.query(`SELECT name FROM "${table}"`)).map((row: { name: string }) => row.name) : [],
  );
  return dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name).filter((name) => !executed.has(name));
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
