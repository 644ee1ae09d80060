import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';

/**
 * The visitor's address for rate limits and the bot check. With TRUST_PROXY, `request.ip` is read from
 * X-Forwarded-For, which a client can fill with any text; what is not an IP address counts as the connecting
 * peer (the proxy), so a forged header neither escapes the limits nor reaches the database as a key.
 */
export function clientAddress(request: FastifyRequest): string {
  if (isIP(request.ip) !== 0) return request.ip;
  const peer = request.socket.remoteAddress ?? '';
  return isIP(peer) !== 0 ? peer : 'unknown';
}
