import type { FastifyRequest } from 'fastify';

/**
 * htmx asks for fragments; everything else gets the full page (DESIGN: decided in one helper). htmx restoring a
 * page its history cache no longer holds (Back after many searches) asks for the whole page.
 */
export function isHtmxRequest(request: FastifyRequest): boolean {
  return request.headers['hx-request'] === 'true' && request.headers['hx-history-restore-request'] !== 'true';
}

/** The URL's path, without its query. */
export function pathOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}
