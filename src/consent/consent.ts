import type { FastifyRequest } from 'fastify';
import { hasControlCharacters } from '../utils/control-characters.js';

/** The visitor's cookie choice, as the browser sends it back. */
export const CONSENT_COOKIE = 'immo_consent';
export type ConsentChoice = 'accepted' | 'declined';

export function consentFrom(request: FastifyRequest): ConsentChoice | undefined {
  const value = request.cookies?.[CONSENT_COOKIE];
  return value === 'accepted' || value === 'declined' ? value : undefined;
}

/** Spaces, control characters and backslashes have no place in a path of ours. */
function unsafeInPath(path: string): boolean {
  return hasControlCharacters(path, true) || path.includes(' ') || path.includes('\\');
}

/**
 * Only a path of this site may be returned to, never another origin: no scheme-relative `//host`, no backslash
 * (`/\host`), and no control or space characters, which browsers strip from a Location (`/%09/host` → `//host`).
 */
export function safeReturnPath(returnTo: string | undefined, fallback: string): string {
  if (!returnTo || !returnTo.startsWith('/') || unsafeInPath(returnTo) || returnTo.startsWith('//')) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(returnTo);
  } catch {
    return fallback;
  }
  // Encoded forms of the same tricks (`/%2F/host`, `/%5Chost`) are refused too.
  if (decoded.startsWith('//') || unsafeInPath(decoded)) return fallback;
  const base = 'http://site.invalid';
  const url = new URL(returnTo, base);
  return url.origin === base ? `${url.pathname}${url.search}` : fallback;
}
