import { propertyImageUrl } from '../../routing/routes.js';

const CDN_IMAGE = /\/(\d+)\/(?:(thumbs)\/)?([\w.-]+\.(?:jpe?g|png|webp))$/i;

/**
 * Both CRMs host photos per agency account (`…/<accountId>/<file>`, thumbnails under `thumbs/`); the site
 * serves them from its own proxy path so pages never depend on the CRM's host. Other URLs stay as they are.
 */
export function proxiedImageUrl(url: string): string {
  const match = CDN_IMAGE.exec(url);
  return match ? propertyImageUrl(match[1], match[2] ? 'thumb' : 'large', match[3]) : url;
}
