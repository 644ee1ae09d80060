import type { Stats } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PropertyImageFormat, PropertyImageSize } from '../../routing/routes.js';
import { documentPlaceholder, encodeDocumentPreview, encodeVariant, placeholderImage, UndecodableImageError } from './image-encoder.js';
import { etagOf, freshFile, writeFileAtomic } from './image-files.js';
import { IMAGE_MIME_TYPES, type ImageWidth } from './image-variants.js';
import { InFlight, ResizeQueue, QueueFullError } from './resize-queue.js';
import { DiskCacheIndex } from './disk-cache.js';
import { isPdf, PHOTO_MIME_TYPES, photoFormatOf } from './image-bytes.js';
import { renderFirstPage } from './pdf-preview.js';
import { LRUCache } from 'lru-cache';
import type { PhotoHosts } from '../../config/photo-hosts.js';
import { PhotoMissingError, type PhotoOrigin, PhotoOriginals, type PhotoSource, PhotoUnavailableError } from './photo-originals.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_FOR_A_YEAR = 'public, max-age=31536000, immutable';
const CACHE_FOR_A_DAY = 'public, max-age=86400';
/** A missing photo may appear with the next sync: caches keep the placeholder only briefly. */
const CACHE_PLACEHOLDER = 'public, max-age=300';
const RETRY_AFTER_SECONDS = 30;
/** Under the request deadline (REQUEST_DEADLINE_MS, 10 s): a slow photo host is answered as such, not as a 503 page. */
const UPSTREAM_TIMEOUT_MS = 8_000;
const MAX_ORIGINAL_BYTES = 25 * 1024 * 1024;
/** Beyond this many waiting resizes a request gets a 503 at once instead of waiting for minutes. */
const MAX_PENDING_JOBS = 200;
/**
 * A PDF's name before its bytes are there (the host is down): the demo's `plan.pdf`, or a CRM's `plan.pdf` as
 * routes.ts's remotePhotoFileName names it, `plan-pdf.jpg`. It only chooses the shape of the placeholder.
 */
const PDF_NAME = /[.-]pdf(?:\.jpg)?$/i;
/** PDFs whose first page could not be drawn, remembered by content: not drawn again until their bytes change. */
const REMEMBERED_FAILURES = 1_000;
/** Sizes of the placeholders for the CRM's own sizes (the demo photos' widths). */
const ORIGINAL_WIDTHS: Readonly<Record<PropertyImageSize, number>> = { large: 1600, thumb: 400 };

/** The first bytes of a file, where the magic numbers are. */
async function firstBytes(path: string): Promise<Buffer> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The source as the logs name it: the account id, or the original URL. */
function describe(source: PhotoSource): string {
  return 'url' in source ? source.url.href : source.account;
}

/** What the controller sends: status, headers, and the bytes (read only when the client lacks them). */
export interface ImageReply {
  readonly status: 200 | 404 | 503;
  readonly contentType: string;
  readonly cacheControl: string;
  /** Only for real photos; a placeholder has none, so it is never revalidated into a long life. */
  readonly etag: string | null;
  readonly retryAfterSeconds: number | null;
  body(): Promise<Buffer>;
}

export interface PropertyImageSettings {
  /** Where variants and fetched originals are kept; null: a temporary folder of this process, removed at close(). */
  readonly cacheDir: string | null;
  readonly upstreamUrl: string | null;
  readonly hosts: PhotoHosts;
  /** Resizes running at once. */
  readonly concurrency: number;
  /** Downloads of originals running at once. */
  readonly downloadConcurrency: number;
  /** The bound of the cache folder, originals and variants together (IMAGE_CACHE_MAX_MB). */
  readonly maxCacheBytes: number;
  /** Test and demo only: an IP-literal origin of PHOTO_HOSTS may be a loopback or private address (PhotoOriginalsOptions). */
  readonly allowPrivateOrigins: boolean;
  readonly demoAccounts: readonly string[];
  readonly fixturesDir: string;
  readonly logger: { warn(message: string): void; error(message: string): void };
}

/**
 * Listing photos in the few widths and formats of image-variants.ts, made with sharp on the first request
 * and kept on disk; later requests read the file. Missing or broken photos give a neutral placeholder.
 */
export class PropertyImageService {
  /** Variants encoded so far (the disk cache and the in-flight sharing keep this at one per variant). */
  variantsProduced = 0;
  /** PDF pages drawn so far, failed attempts included (a PDF that cannot be drawn is tried once per content). */
  pagesDrawn = 0;
  readonly originals: PhotoOriginals;
  readonly cacheIndex: DiskCacheIndex;
  private readonly queue: ResizeQueue;
  private readonly producing = new InFlight<Stats>();
  /** Page 1 of a PDF is drawn once for all its variants (five widths, three formats). */
  private readonly drawing = new InFlight<Buffer>();
  private readonly undrawable = new LRUCache<string, string>({ max: REMEMBERED_FAILURES });
  private readonly placeholders = new Map<string, Promise<Buffer>>();
  private cacheDir: Promise<string> | null = null;
  private temporaryDir = false;

  constructor(private readonly settings: PropertyImageSettings) {
    this.queue = new ResizeQueue(settings.concurrency, MAX_PENDING_JOBS);
    this.cacheIndex = new DiskCacheIndex(() => this.directory(), settings.maxCacheBytes);
    this.originals = new PhotoOriginals({
      demoAccounts: settings.demoAccounts,
      fixturesDir: settings.fixturesDir,
      upstreamUrl: settings.upstreamUrl,
      hosts: settings.hosts,
      cacheDir: () => this.directory(),
      index: this.cacheIndex,
      timeoutMs: UPSTREAM_TIMEOUT_MS,
      maxBytes: MAX_ORIGINAL_BYTES,
      maxAgeMs: DAY_MS,
      downloadConcurrency: settings.downloadConcurrency,
      allowPrivateOrigins: settings.allowPrivateOrigins,
    });
  }

  /** The most resizes that ran at once so far (never above the configured concurrency). */
  get encodingPeak(): number {
    return this.queue.peak;
  }

  /** The folder of the disk cache (created on first use). */
  directory(): Promise<string> {
    this.cacheDir ??= this.settings.cacheDir
      ? Promise.resolve(this.settings.cacheDir)
      : mkdtemp(join(tmpdir(), 'immo-images-')).then((dir) => {
          this.temporaryDir = true;
          return dir;
        });
    return this.cacheDir;
  }

  /**
   * `file` resized to `width` and encoded as `format`: once per original and variant (the file is named by the
   * original's content, not by the request's `?v=`).
   */
  async variant(source: PhotoSource, width: ImageWidth, file: string, format: PropertyImageFormat, version: string | null): Promise<ImageReply> {
    let isDocument = PDF_NAME.test(file);
    try {
      const origin = await this.originals.locate(source, 'large', file);
      // A PDF (a floor plan) by its bytes, whatever its name: its variants preview page 1 (pdf-preview.ts).
      isDocument = isPdf(await firstBytes(origin.path));
      const path = join(await this.directory(), 'variants', origin.key, file, `${width}w-${origin.token}.${format}`);
      const info =
        (await freshFile(path, null)) ??
        (await this.producing.once(path, () => (isDocument ? this.producePreview(path, origin, width, format) : this.produce(path, origin, width, format))));
      this.cacheIndex.used(path);
      return this.fileReply(path, info, IMAGE_MIME_TYPES[format], version);
    } catch (error) {
      return this.failure(error, `${describe(source)}/${width}w/${file}.${format}`, width, format, isDocument);
    }
  }

  /** The photo as the CRM has it (the URLs from before the variants). */
  async original(source: PhotoSource, size: PropertyImageSize, file: string, version: string | null): Promise<ImageReply> {
    try {
      const { path } = await this.originals.locate(source, size, file);
      const info = await freshFile(path, null);
      if (!info) throw new PhotoMissingError(`${path} vanished`);
      // The type the bytes say, never the file's name: nothing but a photo leaves the site's origin as an image.
      const format = photoFormatOf(await firstBytes(path));
      if (!format) throw new UndecodableImageError(`${path} is not a JPEG, PNG or WebP photo`);
      return this.fileReply(path, info, PHOTO_MIME_TYPES[format], version);
    } catch (error) {
      return this.failure(error, `${describe(source)}/${size}/${file}`, ORIGINAL_WIDTHS[size], 'jpg', false);
    }
  }

  /** Removes the temporary cache folder (a persistent one stays for the next start). */
  async close(): Promise<void> {
    if (this.cacheDir && this.temporaryDir) await rm(await this.cacheDir, { recursive: true, force: true });
  }

  private async produce(path: string, origin: PhotoOrigin, width: number, format: PropertyImageFormat): Promise<Stats> {
    // Read when its turn comes, not before: a queue of waiting resizes holds no originals in memory.
    const encoded = await this.queue.run(async () => encodeVariant(await readFile(origin.path), width, format), origin.path);
    await writeFileAtomic(path, encoded);
    this.variantsProduced++;
    await this.cacheIndex.added(path, encoded.length);
    const info = await freshFile(path, null);
    if (!info) throw new Error(`${path} vanished after writing`);
    return info;
  }

  /** A preview variant of a PDF: page 1 drawn once (kept beside the variants), then framed at each width. */
  private async producePreview(path: string, origin: PhotoOrigin, width: number, format: PropertyImageFormat): Promise<Stats> {
    const failed = this.undrawable.get(origin.path);
    if (failed === origin.token) throw new UndecodableImageError(`${origin.path} could not be drawn before`);
    const pagePath = join(await this.directory(), 'variants', origin.key, 'pages', `${origin.token}.png`);
    const page = await this.drawing.once(pagePath, async () => {
      const kept = await freshFile(pagePath, null);
      if (kept) return readFile(pagePath);
      try {
        const drawn = await this.queue.run(async () => {
          this.pagesDrawn++;
          return (await renderFirstPage(await readFile(origin.path))).png;
        }, origin.path);
        await writeFileAtomic(pagePath, drawn);
        await this.cacheIndex.added(pagePath, drawn.length);
        return drawn;
      } catch (error) {
        if (error instanceof UndecodableImageError) this.undrawable.set(origin.path, origin.token);
        throw error;
      }
    });
    this.cacheIndex.used(pagePath);
    const encoded = await this.queue.run(() => encodeDocumentPreview(page, width, format), origin.path);
    await writeFileAtomic(path, encoded);
    this.variantsProduced++;
    await this.cacheIndex.added(path, encoded.length);
    const info = await freshFile(path, null);
    if (!info) throw new Error(`${path} vanished after writing`);
    return info;
  }

  private fileReply(path: string, info: Stats, contentType: string, version: string | null): ImageReply {
    return {
      status: 200,
      contentType,
      cacheControl: version ? CACHE_FOR_A_YEAR : CACHE_FOR_A_DAY,
      etag: etagOf(info),
      retryAfterSeconds: null,
      body: () => readFile(path),
    };
  }

  /**
   * Missing or undecodable photo: 404 with a placeholder (browsers show an image body whatever the status,
   * while crawlers and caches learn there is no photo). Upstream down or too busy: 503, not stored anywhere.
   */
  private failure(error: unknown, what: string, width: number, format: PropertyImageFormat, isDocument: boolean): ImageReply {
    const temporary = !(error instanceof PhotoMissingError || error instanceof UndecodableImageError);
    const { logger } = this.settings;
    if (error instanceof UndecodableImageError) logger.warn(`Photo ${what} cannot be decoded: ${error.message}`);
    else if (error instanceof PhotoUnavailableError || error instanceof QueueFullError) logger.warn(`Photo ${what} unavailable: ${error.message}`);
    else if (!(error instanceof PhotoMissingError)) logger.error(`Photo ${what} failed: ${(error as Error).stack ?? String(error)}`);
    return {
      status: temporary ? 503 : 404,
      contentType: IMAGE_MIME_TYPES[format],
      cacheControl: temporary ? 'no-store' : CACHE_PLACEHOLDER,
      etag: null,
      retryAfterSeconds: temporary ? RETRY_AFTER_SECONDS : null,
      body: () => this.placeholder(width, format, isDocument),
    };
  }

  /** `isDocument`: a PDF's preview, whose placeholder is a blank page in the preview's own box (image-encoder.ts). */
  private placeholder(width: number, format: PropertyImageFormat, isDocument: boolean): Promise<Buffer> {
    const key = `${width}.${format}${isDocument ? '.pdf' : ''}`;
    let image = this.placeholders.get(key);
    if (!image) {
      image = isDocument ? documentPlaceholder(width, format) : placeholderImage(width, format);
      this.placeholders.set(key, image);
      image.catch(() => this.placeholders.delete(key));
    }
    return image;
  }
}
