import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

const NONCE = Symbol('cspNonce');
type WithNonce = ServerResponse & { [NONCE]?: string };

/** A fresh nonce for this response (stored on the raw response, where helmet's directives read it). */
export function assignNonce(response: ServerResponse): void {
  (response as WithNonce)[NONCE] = randomBytes(16).toString('base64');
}

export function nonceOf(response: ServerResponse | FastifyReply): string {
  const raw = 'raw' in response ? response.raw : response;
  return (raw as WithNonce)[NONCE] ?? '';
}
