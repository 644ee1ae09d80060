/** Network errors of a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception) is matched as a
 * class; 57P01–57P03 the server shutting down or starting; 53300 too many connections; 57014 a
 * statement cancelled by statement_timeout.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** What node-postgres, pg-pool and TypeORM say without a code when there is no usable connection. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'connection error and is not queryable',
  'Cannot use a pool after calling end',
  'Driver not Connected',
];

function unavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08...$/.test(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  const name = (error as { name?: unknown }).name;
  return name === 'ConnectionIsNotSetError';
}

/**
 * The database cannot answer now (down, unreachable, out of connections, or too slow): a page
 * answers 503 with Retry-After instead of a 500, since trying again later is the right thing to do.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  /** What the 503 tells clients and load balancers to wait before trying again. */
  readonly retryAfterSeconds = 30;

  constructor(cause?: unknown) {
    super('The database is unavailable', { cause });
  }

  /** The typed error when `error` (or the driver error TypeORM wraps in it) means the database is unavailable; null otherwise. */
  static from(error: unknown): DatabaseUnavailableError | null {
    if (error instanceof DatabaseUnavailableError) return error;
    const driverError = (error as { driverError?: unknown } | null)?.driverError;
    return unavailable(error) || unavailable(driverError) ? new DatabaseUnavailableError(error) : null;
  }
}
