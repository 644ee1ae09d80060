import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PropertyImageSize } from '../../routing/routes.js';
import { freshFile, writeFileAtomic } from './image-files.js';
import type { PhotoHosts } from '../../config/photo-hosts.js';
import { InFlight } from './resize-queue.js';

/** Redirects followed per photo (each to an allowed host only). */
const MAX_REDIRECTS = 3;

/** The photo does not exist (no such demo file, the upstream answered 4xx, or no upstream is configured). */
export class PhotoMissingError extends Error {
  override readonly name = 'PhotoMissingError';
}

/** The upstream could not be asked right now (down, 5xx, time-out): worth trying again later. */
export class PhotoUnavailableError extends Error {
  override readonly name = 'PhotoUnavailableError';
}

/**
 * Where a proxied photo comes from: an account's (demo files, or PROPERTY_IMAGES_URL) or an original URL on a host
 * of PHOTO_HOSTS (already checked by the caller, checked again here before every request).
 */
export type PhotoSource = { readonly account: string } | { readonly url: URL };

/** Where an original photo is, and how long what is made from it stays valid. */
export interface PhotoOrigin {
  /** The cache folder of the photo's source: the account id, or `u/<hash of the original URL>`. */
  readonly key: string;
  /** Changes when the original does: part of the cache key of everything made from it. */
  readonly token: string;
  /** How long the original and its variants may be kept (null: for ever, the token changes instead). */
  readonly maxAgeMs: number | null;
  /** A local file holding the original, fetched from the upstream first when needed. */
  path(): Promise<string>;
}

export interface PhotoOriginalsOptions {
  /** Accounts whose photos are the demo files in `<fixturesDir>/photos/<large|thumb>/`. */
  readonly demoAccounts: readonly string[];
  readonly fixturesDir: string;
  /** PROPERTY_IMAGES_URL: base URL of the accounts' photos (`<url>/<account>/<file>`, thumbnails under `thumbs/`); null: none. */
  readonly upstreamUrl: string | null;
  /** PHOTO_HOSTS: the only hosts a remote photo, or a redirect on the way to it, is fetched from. */
  readonly hosts: PhotoHosts;
  readonly cacheDir: () => Promise<string>;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  /** How long an original fetched for an unversioned URL is trusted before it is fetched again. */
  readonly unversionedMaxAgeMs: number;
}

/** The original photos: demo files from fixtures/, other accounts fetched once from the upstream and kept on disk. */
export class PhotoOriginals {
  /** Upstream downloads so far (shows that concurrent and repeated requests share one). */
  fetched = 0;
  private readonly downloads = new InFlight<string>();

  constructor(private readonly options: PhotoOriginalsOptions) {}

  /** Finds the original of `file`; throws PhotoMissingError when there is none to look for. */
  async locate(source: PhotoSource, size: PropertyImageSize, file: string, version: string | null): Promise<PhotoOrigin> {
    if ('url' in source) {
      if (!this.options.hosts.allows(source.url)) throw new PhotoMissingError(`${source.url.host} is not a photo host`);
      const hash = createHash('sha256').update(source.url.href).digest('hex').slice(0, 32);
      return this.downloaded(`u/${hash}`, join('u', hash), source.url, file, version, (url) => this.options.hosts.allows(url));
    }
    const accountId = source.account;
    if (this.options.demoAccounts.includes(accountId)) return this.demo(accountId, size, file);
    const upstreamUrl = this.options.upstreamUrl;
    if (!upstreamUrl) throw new PhotoMissingError(`no upstream for account ${accountId}`);
    const url = new URL(`${upstreamUrl.replace(/\/$/, '')}/${accountId}/${size === 'thumb' ? 'thumbs/' : ''}${file}`);
    // The operator's own host: its redirects are followed as they always were.
    return this.downloaded(accountId, join(accountId, size), url, file, version, () => true);
  }

  /** An original downloaded once into `originals/<folder>/` and kept (for ever when versioned, else a day). */
  private downloaded(key: string, folder: string, url: URL, file: string, version: string | null, mayFollow: (url: URL) => boolean): PhotoOrigin {
    const token = version ? `v${version}` : 'u';
    const maxAgeMs = version ? null : this.options.unversionedMaxAgeMs;
    return {
      key,
      token,
      maxAgeMs,
      path: async () => {
        const path = join(await this.options.cacheDir(), 'originals', folder, `${token}-${file}`);
        if (await freshFile(path, maxAgeMs)) return path;
        return this.downloads.once(path, async () => {
          await writeFileAtomic(path, await this.download(url, mayFollow));
          this.fetched++;
          return path;
        });
      },
    };
  }

  private async demo(accountId: string, size: PropertyImageSize, file: string): Promise<PhotoOrigin> {
    const path = join(this.options.fixturesDir, 'photos', size, file);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new PhotoMissingError(`no demo photo ${size}/${file}`);
    return { key: accountId, token: `d${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}`, maxAgeMs: null, path: async () => path };
  }

  private async download(original: URL, mayFollow: (url: URL) => boolean): Promise<Buffer> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let url = original;
    let response: Response;
    for (let hops = 0; ; hops++) {
      try {
        // Redirects by hand: an allowed host must not send the proxy on to one that is not (or to the local network).
        response = await fetch(url, { signal, redirect: 'manual' });
      } catch (error) {
        throw new PhotoUnavailableError(`${url.href}: ${(error as Error).message}`);
      }
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (location === null) break;
      await response.body?.cancel();
      const next = URL.canParse(location, url.href) ? new URL(location, url) : null;
      if (!next || hops >= MAX_REDIRECTS || !mayFollow(next)) throw new PhotoMissingError(`${url.href} redirects to ${location}`);
      url = next;
    }
    if (response.status >= 500 || response.status === 429) throw new PhotoUnavailableError(`${url} answered ${response.status}`);
    if (!response.ok || !response.body) throw new PhotoMissingError(`${url} answered ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > this.options.maxBytes) {
      await response.body.cancel();
      throw new PhotoMissingError(`${url} is ${declared} bytes`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of response.body) {
        total += chunk.byteLength;
        if (total > this.options.maxBytes) throw new PhotoMissingError(`${url} is over ${this.options.maxBytes} bytes`);
        chunks.push(Buffer.from(chunk));
      }
    } catch (error) {
      if (error instanceof PhotoMissingError) throw error;
      throw new PhotoUnavailableError(`${url}: ${(error as Error).message}`);
    }
    return Buffer.concat(chunks);
  }
}
