import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PropertyImageSize } from '../../routing/routes.js';
import { freshFile, writeFileAtomic } from './image-files.js';
import { InFlight } from './resize-queue.js';

/** The photo does not exist (no such demo file, the upstream answered 4xx, or no upstream is configured). */
export class PhotoMissingError extends Error {
  override readonly name = 'PhotoMissingError';
}

/** The upstream could not be asked right now (down, 5xx, time-out): worth trying again later. */
export class PhotoUnavailableError extends Error {
  override readonly name = 'PhotoUnavailableError';
}

/** Where an original photo is, and how long what is made from it stays valid. */
export interface PhotoOrigin {
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
  /** Base URL of the CRMs' photo host (`<url>/<account>/<file>`, thumbnails under `thumbs/`); null: none. */
  readonly upstreamUrl: string | null;
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
  async locate(accountId: string, size: PropertyImageSize, file: string, version: string | null): Promise<PhotoOrigin> {
    if (this.options.demoAccounts.includes(accountId)) return this.demo(size, file);
    const upstreamUrl = this.options.upstreamUrl;
    if (!upstreamUrl) throw new PhotoMissingError(`no upstream for account ${accountId}`);
    const token = version ? `v${version}` : 'u';
    const maxAgeMs = version ? null : this.options.unversionedMaxAgeMs;
    const url = `${upstreamUrl.replace(/\/$/, '')}/${accountId}/${size === 'thumb' ? 'thumbs/' : ''}${file}`;
    return {
      token,
      maxAgeMs,
      path: async () => {
        const path = join(await this.options.cacheDir(), 'originals', accountId, size, `${token}-${file}`);
        if (await freshFile(path, maxAgeMs)) return path;
        return this.downloads.once(path, async () => {
          await writeFileAtomic(path, await this.download(url));
          this.fetched++;
          return path;
        });
      },
    };
  }

  private async demo(size: PropertyImageSize, file: string): Promise<PhotoOrigin> {
    const path = join(this.options.fixturesDir, 'photos', size, file);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new PhotoMissingError(`no demo photo ${size}/${file}`);
    return { token: `d${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}`, maxAgeMs: null, path: async () => path };
  }

  private async download(url: string): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (error) {
      throw new PhotoUnavailableError(`${url}: ${(error as Error).message}`);
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
