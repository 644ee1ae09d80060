import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { nonceOf } from './csp-nonce.js';

export type CachePolicy = 'revalidate' | 'no-store';

/**
 * Sends an HTML page or fragment with an ETag. The per-request CSP nonce is left out of the hash, so
 * an unchanged page still answers 304 to If-None-Match. Pages are `private` because they depend on
 * the visitor's cookies (consent banner).
 */
export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  options: { status?: number; cache?: CachePolicy } = {},
): FastifyReply {
  const status = options.status ?? 200;
  reply.header('Content-Type', 'text/html; charset=utf-8');
  reply.header('Vary', 'Cookie, HX-Request');
  if (options.cache === 'no-store' || status !== 200) {
    reply.header('Cache-Control', 'no-store');
    return reply.status(status).send(html);
  }
  const nonce = nonceOf(reply);
  const hashed = nonce ? html.split(nonce).join('') : html;
  const etag = `W/"${createHash('sha1').update(hashed).digest('base64url')}"`;
  reply.header('Cache-Control', 'private, no-cache');
  reply.header('ETag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    return reply.status(304).send();
  }
  return reply.status(status).send(html);
}

/** htmx asks for fragments; everything else gets the full page (DESIGN: decided in one helper). */
export function isHtmxRequest(request: FastifyRequest): boolean {
  return request.headers['hx-request'] === 'true';
}
