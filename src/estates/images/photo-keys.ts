import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { KEYED_PHOTO_STEM, keyedPropertyImageUrl } from '../../routing/routes.js';

/**
 * A remote photo's key: the first 22 characters of the base64url SHA-256 of its canonical URL (132 bits: no two of
 * the few million photos a site ever sees share one), so its proxy path has the same length whatever the CRM's URL.
 * Whise's picture URLs are ~120 characters; as base64url in the path they made every photo a 414.
 */
export const PHOTO_KEY_LENGTH = 22;
export const PHOTO_KEY = /^[\w-]{22}$/;
/** Keys remembered by the proxy (a key names one URL for ever, so a remembered answer never goes stale). */
const REMEMBERED_KEYS = 10_000;
const INSERT_CHUNK = 500;

export function photoKey(canonicalUrl: string): string {
  return createHash('sha256').update(canonicalUrl).digest('base64url').slice(0, PHOTO_KEY_LENGTH);
}

/**
 * The listing (any value) with every remote photo URL the mappers made (`/property-images/u/<base64url>/…`) in its
 * keyed form (`/property-images/h/<key>/…`), and each key's original URL added to `found`. Walks every string, so a
 * photo is keyed wherever a mapper put it (pictures, the sales rep, units). Answers `value` itself when it held none.
 */
export function keyPhotoUrls<T>(value: T, found: Map<string, string>): T {
  if (typeof value === 'string') return (value.includes('/u/') ? keyed(value, found) : value) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item: unknown) => {
      const next = keyPhotoUrls(item, found);
      changed ||= next !== item;
      return next;
    });
    return (changed ? items : value) as T;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    let changed = false;
    const entries = Object.entries(value).map(([name, item]: [string, unknown]) => {
      const next = keyPhotoUrls(item, found);
      changed ||= next !== item;
      return [name, next] as const;
    });
    return (changed ? Object.fromEntries(entries) : value) as T;
  }
  return value;
}

/** `<origin>/property-images/u/<base64url>/<size>/<file>[?v=<version>]`, as remotePropertyImageUrl makes it. */
const REMOTE_PHOTO = /^(.*?)\/property-images\/u\/([\w-]+)\/(large|thumb)\/([\w-]+\.(?:jpe?g|png|webp))(\?v=[^&#]+)?$/;

function keyed(url: string, found: Map<string, string>): string {
  const match = REMOTE_PHOTO.exec(url);
  if (!match) return url;
  const [, origin, segment, size, file, version = ''] = match;
  // What decodePhotoOrigin does, with Buffer (a full sync keys a million photo URLs): only the one canonical spelling.
  const original = Buffer.from(segment!, 'base64url').toString('utf8');
  if (Buffer.from(original, 'utf8').toString('base64url') !== segment) return url;
  const key = photoKey(original);
  found.set(key, original);
  // The file name is the original's (remotePhotoFileName), only shortened: no second parse of the URL.
  const [, stem, extension] = /^(.*)(\.[a-z]+)$/i.exec(file!)!;
  return `${origin}${keyedPropertyImageUrl(key, size as 'large' | 'thumb', `${stem!.slice(0, KEYED_PHOTO_STEM)}${extension}`)}${version}`;
}

/**
 * `photo_originals`: each key's original URL, filled by the sync with the listings that show it and never emptied, so
 * a photo URL in a cache or a mail keeps working. The proxy reads it; the host is still checked on every request.
 */
export class PhotoKeyStore {
  private readonly remembered = new Map<string, string>();

  constructor(private readonly dataSource: DataSource) {}

  /** Adds keys not stored yet, in `manager`'s transaction when given. */
  static async store(manager: EntityManager | DataSource, photos: ReadonlyMap<string, string>): Promise<void> {
    const entries = [...photos].map(([key, url]) => ({ key, url }));
    for (let i = 0; i < entries.length; i += INSERT_CHUNK) {
      await manager.query(
        `INSERT INTO photo_originals (key, url) SELECT x.key, x.url FROM jsonb_to_recordset($1::jsonb) AS x(key text, url text) ON CONFLICT (key) DO NOTHING`,
        [JSON.stringify(entries.slice(i, i + INSERT_CHUNK))],
      );
    }
  }

  /** The original URL of `key`, or null when the sync never stored it. */
  async find(key: string): Promise<string | null> {
    if (!PHOTO_KEY.test(key)) return null;
    const known = this.remembered.get(key);
    if (known) return known;
    const rows: Array<{ url: string }> = await this.dataSource.query(`SELECT url FROM photo_originals WHERE key = $1`, [key]);
    const url = rows[0]?.url ?? null;
    // Only found keys are remembered: an unknown one may be stored by the next sync.
    if (url !== null) {
      if (this.remembered.size >= REMEMBERED_KEYS) this.remembered.delete(this.remembered.keys().next().value!);
      this.remembered.set(key, url);
    }
    return url;
  }
}
