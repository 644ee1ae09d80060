import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The raw request carries Fastify's id so the pino-http logger (which sees only the raw request) logs the same one. */
export type RawRequestWithId = IncomingMessage & { id?: string };

/** Reuses a well-formed request id from a proxy, otherwise makes one. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
