import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { transcode } from 'node:buffer';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { AppConfig } from '../../config/config.js';

export type ContentEncoding = 'br' | 'gzip';

/**
 * `bytes` in memory of their own. zlib answers with a view into its 64 KB output chunk, and a small Buffer is a
 * view into a shared pool: kept as they are, a 10 KB page would hold 64 KB that the cache's byte count never sees.
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/**
 * `html` as UTF-8 bytes, the same bytes as `Buffer.from(html, 'utf8')` but cheaper for a page. One character past
 * Latin-1 (every "€", "–" or "…") makes V8 store the whole page two bytes a character, and Buffer.from encodes
 * such a string character by character: some 170 µs for a 50 KB detail page, a sixth of a render-cache miss.
 * Copied out as UTF-16 (a plain copy) and converted by transcode's vectorised UTF-16 → UTF-8, it takes half that.
 * transcode refuses a lone surrogate (broken text from a CRM), which Buffer.from writes as U+FFFD: that page
 * takes the slow road and gets the same bytes.
 */
export function utf8Bytes(html: string): Buffer {
  try {
    return transcode(Buffer.from(html, 'utf16le'), 'utf16le', 'utf8');
  } catch {
    return Buffer.from(html, 'utf8');
  }
}

/**
 * How hard a page is compressed. A page is compressed when it is first answered, on the request that rendered it, so
 * its level is paid on every render-cache miss. Measured on the largest detail page (69 KB): brotli quality 5 gives
 * 13.3 KB in ~1.0 ms, quality 9 13.1 KB in ~15 ms (quality 7 ~5 ms, 11 ~68 ms); gzip level 6 14.3 KB in ~0.9 ms,
 * level 9 14.2 KB in ~1.1 ms. Beyond these the bytes saved are about 1 % for 5 to 15 times the CPU.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/**
 * A finished page as UTF-8 bytes, and its compressed forms once a visitor asked for them. Bytes, not the rendered
 * string: React builds its markup as a rope of thousands of pieces that every send would measure and encode again
 * (and a page with one "€" is a two-byte string, twice its size in the cache).
 */
class RenderedPage {
  private readonly encoded = new Map<ContentEncoding, Buffer>();
  readonly body: Buffer;

  /** `html` as rendered, or already as UTF-8 bytes (a page put together from kept sections). */
  constructor(html: string | Buffer) {
    this.body = ownBytes(typeof html === 'string' ? utf8Bytes(html) : html);
  }

  get bytes(): number {
    let total = this.body.length;
    for (const buffer of this.encoded.values()) total += buffer.length;
    return total;
  }

  /** Compressed once and kept: a cached page costs no compression either. */
  encode(encoding: ContentEncoding): Buffer {
    let buffer = this.encoded.get(encoding);
    if (!buffer) {
      const compressed =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } })
          : gzipSync(this.body, { level: GZIP_LEVEL });
      buffer = ownBytes(compressed);
      this.encoded.set(encoding, buffer);
    }
    return buffer;
  }
}

/**
 * Finished HTML by ETag. The ETag already names everything a response depends on (build, theme, URL, the
 * content's version), so an entry never needs invalidating: a change makes a new key and the old entry ages out.
 * Bounded by bytes (RENDER_CACHE_MB); 0 turns it off.
 */
@Injectable()
export class RenderCacheService {
  private readonly entries: LRUCache<string, RenderedPage> | null;

  constructor(@Inject(AppConfig) config: AppConfig) {
    const maxSize = config.RENDER_CACHE_MB * 1024 * 1024;
    this.entries = maxSize > 0 ? new LRUCache<string, RenderedPage>({ maxSize, sizeCalculation: (page) => Math.max(1, page.bytes) }) : null;
  }

  private hitCount = 0;
  private missCount = 0;

  /**
   * The page kept under `key`, counted as a hit or a miss (for /metrics). `countMiss: false` for a look whose miss
   * another look follows (the replay before routing), so that a page rendered once counts one miss.
   */
  get(key: string, { countMiss = true } = {}): RenderedPage | undefined {
    const page = this.entries?.get(key);
    if (page) this.hitCount++;
    else if (countMiss) this.missCount++;
    return page;
  }

  /** Pages answered from the cache, and pages that had to be rendered, since start. */
  get lookups(): { readonly hits: number; readonly misses: number } {
    return { hits: this.hitCount, misses: this.missCount };
  }

  /** Keeps `html` (when the cache is on) and returns it as a page that can be compressed. */
  set(key: string, html: string | Buffer): RenderedPage {
    const page = new RenderedPage(html);
    this.entries?.set(key, page);
    return page;
  }

  /** After a page gained a compressed form, its size is counted again (and older pages make room for it). */
  resize(key: string, page: RenderedPage): void {
    if (this.entries?.peek(key) !== page) return;
    // lru-cache recomputes a size only when the value changes: setting the same page again would keep the old size.
    this.entries.delete(key);
    this.entries.set(key, page);
  }

  /** The bytes kept, as the cap counts them. */
  get size(): number {
    return this.entries?.calculatedSize ?? 0;
  }
}

export type { RenderedPage };
