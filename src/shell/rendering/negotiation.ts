import type { FastifyRequest } from 'fastify';
import type { ContentEncoding } from './render-cache.service.js';

/** The encodings the render cache keeps a page in, by preference. */
export const ENCODINGS: ContentEncoding[] = ['br', 'gzip'];
/** Like @fastify/compress: smaller answers are not worth compressing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Whether the request's If-None-Match names `etag` (weakly, or `*`). */
export function etagMatches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare || tag.trim() === '*');
}
