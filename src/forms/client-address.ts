import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
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

/**
 * Who a rate limit counts: an IPv4 address, or the /64 network of an IPv6 one. A single IPv6 subscriber is given at
 * least a /64 (RFC 6177, the RIPE-690 recommendation ISPs follow), so keying the full address let one visitor rotate
 * through 2^64 addresses past every limit. An IPv4-mapped IPv6 address (::ffff:a.b.c.d, a dual-stack socket) is IPv4.
 */
export function rateLimitSubject(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const hextets = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${hextets.join(':')}::/64`;
}
