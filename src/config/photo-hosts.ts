/**
 * The CRMs' photo hosts. Zabun serves photos from `files.zabun.be/upload/<company>/images/<hash>.jpg` (thumbnails
 * `<hash>_tn.jpg`), as seen in public sites built on it. Whise serves every picture of a real recorded
 * `v1/estates/list` answer from `https://whisestorageprod.blob.core.windows.net/public/storage<client>/Pictures/…`
 * (docs/crm/whise.md): that exact host, never a `*.blob.core.windows.net` wildcard (anyone can own a subdomain there).
 */
export const DEFAULT_PHOTO_HOSTS = 'files.zabun.be,whisestorageprod.blob.core.windows.net';

/** A host name of two or more labels whose last label is not numeric (so never an IPv4 address, never `localhost`). */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

type HostRule =
  /** `files.zabun.be`: that host over https on the default port; `*.whise.eu`: its subdomains (not `whise.eu` itself). */
  | { readonly kind: 'name'; readonly name: string; readonly subdomains: boolean }
  /** `http://127.0.0.1:8080`: exactly that origin, IP literals and plain http included (local photo hosts, tests). */
  | { readonly kind: 'origin'; readonly origin: string };

function parseRule(item: string): HostRule | null {
  if (/^https?:\/\//i.test(item)) {
    if (!URL.canParse(item)) return null;
    const url = new URL(item);
    const bare = url.username === '' && url.password === '' && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
    return bare ? { kind: 'origin', origin: url.origin } : null;
  }
  const name = item.toLowerCase();
  const subdomains = name.startsWith('*.');
  const base = subdomains ? name.slice(2) : name;
  // `*.eu` would allow a whole top-level domain.
  if (!HOST_NAME.test(base) || (subdomains && !base.includes('.'))) return null;
  return { kind: 'name', name: base, subdomains };
}

/**
 * The allow-list of hosts whose photos the site proxies (PHOTO_HOSTS). A photo URL passes only when it is http(s),
 * carries no user name or password, and its host is listed: a host name matches https on the default port (an http
 * URL is to be upgraded first, see `canonicalPhotoUrl`), an origin entry matches exactly that scheme, host and port.
 * Host names never match an IP address or `localhost`: only an explicit origin entry lets the proxy reach one.
 */
export class PhotoHosts {
  private constructor(private readonly rules: readonly HostRule[]) {}

  /** The list from a comma-separated PHOTO_HOSTS value; null when an entry is malformed. */
  static parse(value: string): PhotoHosts | null {
    const rules: HostRule[] = [];
    for (const item of value.split(',').map((part) => part.trim()).filter(Boolean)) {
      const rule = parseRule(item);
      if (!rule) return null;
      rules.push(rule);
    }
    return new PhotoHosts(rules);
  }

  /**
   * The URL to fetch for a CRM's photo URL: http upgraded to https on a listed host name (the CRMs serve https, and
   * the proxy never fetches in the clear what it could fetch encrypted); null when the proxy must not fetch it.
   */
  canonical(raw: string): URL | null {
    if (!URL.canParse(raw)) return null;
    const url = new URL(raw);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') return null;
    url.hash = '';
    if (this.allowsOrigin(url)) return url;
    if (url.protocol === 'http:' && url.port === '') {
      const upgraded = new URL(url.href.replace(/^http:/, 'https:'));
      if (this.allowsName(upgraded)) return upgraded;
    }
    return this.allowsName(url) ? url : null;
  }

  /** Whether the proxy may fetch `url` as it is (no upgrade): what the proxy checks again for every request. */
  allows(url: URL): boolean {
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '' || url.hash !== '') return false;
    return this.allowsOrigin(url) || this.allowsName(url);
  }

  private allowsOrigin(url: URL): boolean {
    return this.rules.some((rule) => rule.kind === 'origin' && rule.origin === url.origin);
  }

  private allowsName(url: URL): boolean {
    const host = url.hostname;
    if (url.protocol !== 'https:' || url.port !== '' || !HOST_NAME.test(host)) return false;
    return this.rules.some(
      (rule) => rule.kind === 'name' && (rule.subdomains ? host.endsWith(`.${rule.name}`) : host === rule.name),
    );
  }
}
