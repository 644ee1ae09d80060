import { DEFAULT_PHOTO_HOSTS, PhotoHosts } from '../../config/photo-hosts.js';
import { propertyImageUrl, remotePropertyImageUrl } from '../../routing/routes.js';

/** `…/<accountId>/[thumbs/]<file>`: the demo catalogue's photo paths, and those under PROPERTY_IMAGES_URL. */
const ACCOUNT_PHOTO = /^\/(\d{1,10})\/(?:(thumbs)\/)?([\w-]{1,80}\.(?:jpe?g|png|webp))$/i;
/**
 * The demo catalogue's photos (and the tests') sit on hosts of the reserved `.example` domain, which no real CRM can
 * use: the proxy serves them from fixtures/photos (demo accounts) or PROPERTY_IMAGES_URL, never from that host.
 */
const DEMO_HOST = /\.example$/;

interface PhotoUrlPolicy {
  readonly hosts: PhotoHosts;
  /** PROPERTY_IMAGES_URL, parsed (deprecated: list the host in PHOTO_HOSTS instead). */
  readonly upstream: URL | null;
}

let policy: PhotoUrlPolicy = { hosts: PhotoHosts.parse(DEFAULT_PHOTO_HOSTS)!, upstream: null };

/**
 * Sets the allow-list and the legacy upstream that `proxiedImageUrl` applies, from PHOTO_HOSTS and
 * PROPERTY_IMAGES_URL. Module state because the source mappers call `proxiedImageUrl` as a plain function; the
 * estates module sets it once per process (web app and `npm run sync` alike) before any sync.
 */
export function usePhotoUrlPolicy(hosts: PhotoHosts, upstreamUrl: string | null): void {
  policy = { hosts, upstream: upstreamUrl ? new URL(upstreamUrl) : null };
}

/** `<path>` of `url` relative to the upstream base's path, or null when `url` is not under it. */
function underUpstream(url: URL, upstream: URL): string | null {
  if (url.origin !== upstream.origin) return null;
  const base = upstream.pathname.replace(/\/$/, '');
  return url.pathname.startsWith(`${base}/`) && !url.search ? url.pathname.slice(base.length) : null;
}

/**
 * The site-relative URL a page may show for a CRM's photo URL, or null when the photo must be left out. Every photo
 * goes through the site's own proxy (the CSP allows images from 'self' only):
 * - the demo catalogue (`https://cdn.source-a.example/1042/house-01.jpg`) and photos under PROPERTY_IMAGES_URL keep
 *   the account form `/property-images/<account>/<large|thumb>/<file>` (URLs already in caches keep working);
 * - a photo on a host of PHOTO_HOSTS becomes `/property-images/u/<base64url of its URL>/<large|thumb>/<file>`, `thumb`
 *   when the CRM marks it as a thumbnail (a `thumbs/` folder, Zabun's `_tn` suffix); an http URL is upgraded to https.
 *   The sync stores it by its fixed-length key instead (`/property-images/h/<key>/…`, images/photo-keys.ts), keeping
 *   the URL in photo_originals: this form carries the URL to it;
 * - anything else (another host, an IP address, user info, another scheme) is null.
 */
export function proxiedImageUrl(url: string, version?: string | null): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  const accountPath =
    parsed.protocol === 'https:' || parsed.protocol === 'http:'
      ? DEMO_HOST.test(parsed.hostname)
        ? parsed.pathname
        : policy.upstream && underUpstream(parsed, policy.upstream)
      : null;
  const account = accountPath ? ACCOUNT_PHOTO.exec(accountPath) : null;
  if (account) {
    return propertyImageUrl(account[1], account[2] ? 'thumb' : 'large', account[3], version);
  }
  const original = policy.hosts.canonical(url);
  if (!original) return null;
  const thumb = /\/thumbs\/[^/]+$|_tn\.[a-z]+$/i.test(original.pathname);
  return remotePropertyImageUrl(original.href, thumb ? 'thumb' : 'large', version);
}

/**
 * The version in a listing's photo URLs: its `updated_at` (a CRM touches the record when a photo is replaced), so the
 * URL changes with the photo and the proxy may let browsers and CDNs keep it for a year. Null when unreadable.
 */
export function photoVersion(updatedAt: string | null | undefined): string | null {
  const time = updatedAt ? Date.parse(updatedAt) : Number.NaN;
  return Number.isFinite(time) ? Math.floor(time / 1000).toString(36) : null;
}
