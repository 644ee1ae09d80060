import type { Region } from './estate.js';

/**
 * The region of a Belgian postcode, for CRMs that send no region: 1000–1299 Brussels, 1300–1499 and 4000–7999
 * Wallonia, the rest Flanders. Null for anything that is not a four-digit postcode.
 */
export function regionOfZip(zip: string): Region | null {
  const trimmed = zip.trim();
  if (!/^\d{4}$/.test(trimmed)) return null;
  const code = Number(trimmed);
  if (code < 1000) return null;
  if (code < 1300) return 'BRUSSELS';
  if (code < 1500 || (code >= 4000 && code < 8000)) return 'WALLONIA';
  return 'FLANDERS';
}
