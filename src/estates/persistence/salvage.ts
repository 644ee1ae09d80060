import type { EntityManager } from 'typeorm';

/** An item the database refused to write, and what it said. */
export interface Refused<T> {
  readonly item: T;
  readonly error: string;
}

/**
 * Runs one write attempt so that its failure leaves the connection usable: inside a transaction a savepoint rolled back
 * on failure, outside one the write itself. Throws `DatabaseDownError` when the database itself is the problem.
 */
export type WriteGuard = (write: () => Promise<void>) => Promise<void>;

/** The database (or the transaction) failed as a whole: no row is to blame, the run fails as before. */
export class DatabaseDownError extends Error {
  override readonly name = 'DatabaseDownError';
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Inside `manager`'s transaction: each attempt behind a savepoint, so a refused row does not abort the transaction. */
export function savepointGuard(manager: EntityManager): WriteGuard {
  return async (write) => {
    await manager.query('SAVEPOINT salvage_write');
    try {
      await write();
    } catch (error) {
      try {
        await manager.query('ROLLBACK TO SAVEPOINT salvage_write');
      } catch (rollback) {
        throw new DatabaseDownError(`${message(error)} (and the transaction could not go on: ${message(rollback)})`);
      }
      throw error;
    }
    await manager.query('RELEASE SAVEPOINT salvage_write');
  };
}

/** Outside a transaction: a failed attempt is the rows' fault only if the database still answers (`probe`). */
export function probingGuard(probe: () => Promise<unknown>): WriteGuard {
  return async (write) => {
    try {
      await write();
    } catch (error) {
      try {
        await probe();
      } catch (down) {
        throw new DatabaseDownError(`${message(error)} (and the database does not answer: ${message(down)})`);
      }
      throw error;
    }
  };
}

/**
 * More refused rows than this in one write, or every row of a chunk refused, is the schema's or the database's fault,
 * not the rows': the write fails as a whole (the source keeps its cache) instead of skipping a catalogue row by row.
 */
export const MAX_REFUSED = 100;

/**
 * Writes `items` in chunks of `size`. A chunk the database refuses is split in halves until each refused item is alone
 * (a few refused rows among thousands cost a few dozen extra statements, not one per row); every other item is written.
 * Answers the refused items with the database's message. A `DatabaseDownError` is never put on a row: it is thrown, as
 * is a refusal of every row of a chunk or of more than MAX_REFUSED rows.
 */
export async function writeSalvaging<T>(items: readonly T[], size: number, guard: WriteGuard, write: (chunk: readonly T[]) => Promise<void>): Promise<Array<Refused<T>>> {
  const refused: Array<Refused<T>> = [];
  const systemic = (why: string) => new DatabaseDownError(`${why}, first: ${refused[0]!.error}`);
  const attempt = async (chunk: readonly T[]): Promise<void> => {
    try {
      await guard(() => write(chunk));
    } catch (error) {
      if (error instanceof DatabaseDownError) throw error;
      if (chunk.length === 1) {
        refused.push({ item: chunk[0]!, error: message(error) });
        if (refused.length > MAX_REFUSED) throw systemic(`over ${MAX_REFUSED} rows refused`);
        return;
      }
      const half = Math.ceil(chunk.length / 2);
      await attempt(chunk.slice(0, half));
      await attempt(chunk.slice(half));
    }
  };
  for (let i = 0; i < items.length; i += size) {
    const chunk = items.slice(i, i + size);
    const before = refused.length;
    await attempt(chunk);
    if (chunk.length > 1 && refused.length - before === chunk.length) throw systemic(`all ${chunk.length} rows of a chunk refused`);
  }
  return refused;
}
