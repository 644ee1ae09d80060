import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { PropertyImageSize } from '../../routing/routes.js';
import { freshFile, writeFileAtomic } from './image-files.js';
import type { PhotoHosts } from '../../config/photo-hosts.js';
import type { DiskCacheIndex } from './disk-cache.js';
import { MAX_PDF_BYTES, originalKindOf } from './image-bytes.js';
import { checkedLookup, isPublicAddress, PrivateAddressError, type Resolver } from './photo-address.js';
import { InFlight, ResizeQueue } from './resize-queue.js';

/** Redirects followed per photo (each to an allowed host only). */
const MAX_REDIRECTS = 3;
/** Downloads waiting for a slot beyond this get a 503 at once. */
const MAX_PENDING_DOWNLOADS = 100;
/** Content tokens of originals remembered (hashing a 25 MB file again costs ~50 ms). */
const REMEMBERED_TOKENS = 10_000;

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

/** Where an original photo is, and what identifies its content. */
export interface PhotoOrigin {
  /** The cache folder of the photo's source: the account id, or `u/<hash of the original URL>`. */
  readonly key: string;
  /**
   * Changes when the original's bytes do (a hash of them; the demo files' size and time): part of the cache key of
   * everything made from it. Not the request's `?v=`: every version of one original shares its variants.
   */
  readonly token: string;
  /** A local file holding the original. */
  readonly path: string;
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
  /** The size bound of the cache folder (null: none, for unit tests). */
  readonly index: DiskCacheIndex | null;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  /** How long a downloaded original is trusted before it is fetched again (whatever the request's `?v=`). */
  readonly maxAgeMs: number;
  /** Downloads running at once. */
  readonly downloadConcurrency: number;
  /**
   * Test and demo only (never in production, see PropertyImagesController): an explicit IP-literal origin of
   * PHOTO_HOSTS (`http://127.0.0.1:8080`, the tests' fake photo host) may be a loopback or private address. Host
   * names are refused on a private address whatever this says.
   */
  readonly allowPrivateOrigins: boolean;
  /** How photo host names are resolved (the system's resolver unless a test replaces it). */
  readonly resolver?: Resolver;
}

/** The original photos: demo files from fixtures/, other accounts fetched once from the upstream and kept on disk. */
export class PhotoOriginals {
  /** Upstream downloads so far (shows that concurrent and repeated requests share one). */
  fetched = 0;
  private readonly downloads = new InFlight<string>();
  private readonly slots: ResizeQueue;
  private readonly tokens = new LRUCache<string, { readonly stamp: string; readonly token: string }>({ max: REMEMBERED_TOKENS });
  private readonly lookup: LookupFunction;

  constructor(private readonly options: PhotoOriginalsOptions) {
    this.slots = new ResizeQueue(options.downloadConcurrency, MAX_PENDING_DOWNLOADS);
    this.lookup = checkedLookup(options.resolver);
  }

  /** Downloads running now (never above the configured concurrency). */
  get downloadPeak(): number {
    return this.slots.peak;
  }

  /** Finds the original of `file` (downloading it first when needed); throws PhotoMissingError when there is none. */
  async locate(source: PhotoSource, size: PropertyImageSize, file: string): Promise<PhotoOrigin> {
    if ('url' in source) {
      if (!this.options.hosts.allows(source.url)) throw new PhotoMissingError(`${source.url.host} is not a photo host`);
      const hash = createHash('sha256').update(source.url.href).digest('hex').slice(0, 32);
      return this.downloaded(`u/${hash}`, join('u', hash), source.url, file, true, (url) => this.options.hosts.allows(url));
    }
    const accountId = source.account;
    if (this.options.demoAccounts.includes(accountId)) return this.demo(accountId, size, file);
    const upstreamUrl = this.options.upstreamUrl;
    if (!upstreamUrl) throw new PhotoMissingError(`no upstream for account ${accountId}`);
    const url = new URL(`${upstreamUrl.replace(/\/$/, '')}/${accountId}/${size === 'thumb' ? 'thumbs/' : ''}${file}`);
    // The operator's own host (deprecated PROPERTY_IMAGES_URL): its redirects are followed as they always were.
    return this.downloaded(accountId, join(accountId, size), url, file, false, () => true);
  }

  /**
   * The original in `originals/<folder>/<file>`: one file per original URL, whatever the version asked for, so
   * concurrent and repeated requests (any `?v=`) share one download; fetched again once older than maxAgeMs (the
   * stale copy is kept when the host is down then).
   */
  private async downloaded(key: string, folder: string, url: URL, file: string, guarded: boolean, mayFollow: (url: URL) => boolean): Promise<PhotoOrigin> {
    const path = join(await this.options.cacheDir(), 'originals', folder, file);
    let info = await freshFile(path, null);
    if (!info || Date.now() - info.mtimeMs >= this.options.maxAgeMs) {
      try {
        await this.downloads.once(path, async () => {
          const bytes = await this.slots.run(() => this.download(url, guarded, mayFollow));
          await writeFileAtomic(path, bytes);
          this.fetched++;
          await this.options.index?.added(path, bytes.length);
          return path;
        });
      } catch (error) {
        if (!(info && error instanceof PhotoUnavailableError)) throw error;
      }
      info = await freshFile(path, null);
      if (!info) throw new PhotoUnavailableError(`${path} vanished`);
    }
    this.options.index?.used(path);
    return { key, token: await this.contentToken(path, `${info.size}-${info.mtimeMs}`), path };
  }

  private async contentToken(path: string, stamp: string): Promise<string> {
    const known = this.tokens.get(path);
    if (known?.stamp === stamp) return known.token;
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    const token = `c${hash.digest('base64url').slice(0, 16)}`;
    this.tokens.set(path, { stamp, token });
    return token;
  }

  /** A demo photo from `photos/<size>/`; a demo PDF (the floor plans the site serves itself) from `documents/`. */
  private async demo(accountId: string, size: PropertyImageSize, file: string): Promise<PhotoOrigin> {
    const path = /\.pdf$/i.test(file) ? join(this.options.fixturesDir, 'documents', file) : join(this.options.fixturesDir, 'photos', size, file);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new PhotoMissingError(`no demo file ${size}/${file}`);
    return { key: accountId, token: `d${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}`, path };
  }

  /**
   * One GET. A photo host's name (`guarded`) is resolved by checkedLookup, which refuses a private address and pins
   * the socket to the address it checked; an IP literal (no lookup happens) is checked here.
   */
  private request(url: URL, guarded: boolean, signal: AbortSignal): Promise<IncomingMessage> {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (guarded && isIP(literal) && !isPublicAddress(literal) && !this.options.allowPrivateOrigins) {
      return Promise.reject(new PrivateAddressError(`${literal} is not a public address`));
    }
    const get = url.protocol === 'https:' ? httpsGet : httpGet;
    return new Promise((resolve, reject) => {
      const request = get(url, { signal, headers: { accept: 'image/*, application/pdf;q=0.8' }, ...(guarded ? { lookup: this.lookup } : {}) }, resolve);
      request.on('error', reject);
    });
  }

  private async download(original: URL, guarded: boolean, mayFollow: (url: URL) => boolean): Promise<Buffer> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let url = original;
    let response: IncomingMessage;
    for (let hops = 0; ; hops++) {
      try {
        // Redirects by hand: an allowed host must not send the proxy on to one that is not (or to the local network).
        response = await this.request(url, guarded, signal);
      } catch (error) {
        if (error instanceof PrivateAddressError || (error as { cause?: unknown }).cause instanceof PrivateAddressError) {
          throw new PhotoMissingError(`${url.href}: ${(error as Error).message}`);
        }
        throw new PhotoUnavailableError(`${url.href}: ${(error as Error).message}`);
      }
      const status = response.statusCode ?? 0;
      const location = status >= 300 && status < 400 ? (response.headers.location ?? null) : null;
      if (location === null) break;
      response.destroy();
      const next = URL.canParse(location, url.href) ? new URL(location, url) : null;
      if (!next || hops >= MAX_REDIRECTS || !mayFollow(next)) throw new PhotoMissingError(`${url.href} redirects to ${location}`);
      url = next;
    }
    const status = response.statusCode ?? 0;
    if (status >= 500 || status === 429) {
      response.destroy();
      throw new PhotoUnavailableError(`${url} answered ${status}`);
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new PhotoMissingError(`${url} answered ${status}`);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > this.options.maxBytes) {
      response.destroy();
      throw new PhotoMissingError(`${url} is ${declared} bytes`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    let limit = this.options.maxBytes;
    let sniffed = false;
    try {
      for await (const chunk of response) {
        const bytes = chunk as Buffer;
        total += bytes.byteLength;
        chunks.push(bytes);
        // The first bytes say what the file is: an HTML page or an SVG is not read further, nor kept; a PDF (a floor
        // plan to preview) has a bound of its own.
        if (!sniffed && total >= 12) {
          sniffed = true;
          const kind = originalKindOf(Buffer.concat(chunks));
          if (!kind) throw new PhotoMissingError(`${url} is not a JPEG, PNG or WebP photo, nor a PDF`);
          if (kind === 'pdf') limit = Math.min(limit, MAX_PDF_BYTES);
        }
        if (total > limit) throw new PhotoMissingError(`${url} is over ${limit} bytes`);
      }
    } catch (error) {
      response.destroy();
      if (error instanceof PhotoMissingError) throw error;
      throw new PhotoUnavailableError(`${url}: ${(error as Error).message}`);
    }
    const body = Buffer.concat(chunks);
    if (!originalKindOf(body)) throw new PhotoMissingError(`${url} is not a JPEG, PNG or WebP photo, nor a PDF`);
    return body;
  }
}
