import { createHmac, timingSafeEqual } from 'node:crypto';

/** The visitor's favourites, in the browser only (no account): listing ids, newest first, and their signature. */
export const FAVORITES_COOKIE = 'immo_favorites';

function signature(ids: string, secret: string): string {
  return createHmac('sha256', secret).update(`favorites:${ids}`).digest('base64url');
}

/** `12-34-56.<hmac>`: ids the page script can read (to fill in the hearts), signed so the server trusts them. */
export function encodeFavorites(ids: readonly number[], secret: string): string {
  const list = ids.join('-');
  return `${list}.${signature(list, secret)}`;
}

/** The ids of a cookie this site signed; none for a missing, forged or malformed one. At most `max`. */
export function decodeFavorites(value: string | undefined, secret: string, max: number): number[] {
  if (!value) return [];
  const dot = value.lastIndexOf('.');
  if (dot < 0) return [];
  const list = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(list, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  if (list === '') return [];
  const ids = list.split('-').map(Number);
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return [];
  return [...new Set(ids)].slice(0, max);
}

export type FavoriteChange = { readonly ids: readonly number[]; readonly outcome: 'added' | 'removed' | 'unchanged' | 'full' };

/**
 * Adds or removes one listing. Saying what to do (not "toggle") keeps a double click or a resent form harmless.
 * A full list takes nothing more: the visitor removes one first (nothing is dropped behind their back).
 */
export function changeFavorites(ids: readonly number[], id: number, intent: 'add' | 'remove', max: number): FavoriteChange {
  const has = ids.includes(id);
  if (intent === 'remove') return has ? { ids: ids.filter((other) => other !== id), outcome: 'removed' } : { ids, outcome: 'unchanged' };
  if (has) return { ids, outcome: 'unchanged' };
  if (ids.length >= max) return { ids, outcome: 'full' };
  return { ids: [id, ...ids], outcome: 'added' };
}
