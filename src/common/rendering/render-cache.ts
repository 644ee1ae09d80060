import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { AppConfig } from '../../config/config.js';

export type ContentEncoding = 'br' | 'gzip';

/** A finished page, and its compressed forms once a visitor asked for them. */
class RenderedPage {
  private readonly encoded = new Map<ContentEncoding, Buffer>();

  constructor(readonly html: string) {}

  get bytes(): number {
    let total = this.html.length * 2;
    for (const buffer of this.encoded.values()) total += buffer.length;
    return total;
  }

  /** Compressed once and kept: a cached page costs no compression either. */
  encode(encoding: ContentEncoding): Buffer {
    let buffer = this.encoded.get(encoding);
    if (!buffer) {
      buffer =
        encoding === 'br'
          ? brotliCompressSync(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: this.html.length } })
          : gzipSync(this.html, { level: 9 });
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
export class RenderCache {
  private readonly entries: LRUCache<string, RenderedPage> | null;

  constructor(@Inject(AppConfig) config: AppConfig) {
    const maxSize = config.RENDER_CACHE_MB * 1024 * 1024;
    this.entries = maxSize > 0 ? new LRUCache<string, RenderedPage>({ maxSize, sizeCalculation: (page) => Math.max(1, page.bytes) }) : null;
  }

  get(key: string): RenderedPage | undefined {
    return this.entries?.get(key);
  }

  /** Keeps `html` (when the cache is on) and returns it as a page that can be compressed. */
  set(key: string, html: string): RenderedPage {
    const page = new RenderedPage(html);
    this.entries?.set(key, page);
    return page;
  }

  /** After a page gained a compressed form, its size is counted again. */
  resize(key: string, page: RenderedPage): void {
    if (this.entries?.has(key)) this.entries.set(key, page);
  }
}

export type { RenderedPage };
