import { ConfigError } from '../config/config.js';
import { EmbeddedDatabaseInUseError } from '../database/embedded-postgres.js';
import { PendingMigrationsError } from '../database/migration-state.js';

/** What to print when start-up fails: the message alone for mistakes an operator can fix, else the whole error. */
export function startupFailureText(error: unknown): unknown {
  const known = [ConfigError, PendingMigrationsError, EmbeddedDatabaseInUseError];
  return known.some((type) => error instanceof type) ? (error as Error).message : error;
}
