import { propertyImageUrl } from '../../routing/routes.js';

const CDN_IMAGE = /\/(\d+)\/(?:(thumbs)\/)?([\w.-]+\.(?:jpe?g|png|webp))$/i;

/**
 * Both CRMs host photos per agency account (`…/<accountId>/<file>`, thumbnails under `thumbs/`); the site
 * serves them from its own proxy path so pages never depend on the CRM's host. Other URLs stay as they are.
 */
export function proxiedImageUrl(url: string, version?: string | null): string {
  const match = CDN_IMAGE.exec(url);
  return match ? propertyImageUrl(match[1], match[2] ? 'thumb' : 'large', match[3], version) : url;
}

/**
 * The version in a listing's photo URLs: its `updated_at` (a CRM touches the record when a photo is replaced), so the
 * URL changes with the photo and the proxy may let browsers and CDNs keep it for a year. Null when unreadable.
 */
export function photoVersion(updatedAt: string | null | undefined): string | null {
  const time = updatedAt ? Date.parse(updatedAt) : Number.NaN;
  return Number.isFinite(time) ? Math.floor(time / 1000).toString(36) : null;
}
