import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../../config/config.js';

/**
 * Finished HTML by ETag. The ETag already names everything a response depends on (build, theme, URL, the
 * content's version), so an entry never needs invalidating: a change makes a new key and the old entry ages out.
 * Bounded by bytes.
 */
@Injectable()
export class RenderCache {
  private readonly entries: LRUCache<string, string> | null;

  constructor(@Inject(AppConfig) config: AppConfig) {
    const maxSize = config.RENDER_CACHE_MB * 1024 * 1024;
    this.entries = maxSize > 0 ? new LRUCache<string, string>({ maxSize, sizeCalculation: (html) => Math.max(1, html.length * 2) }) : null;
  }

  get(key: string): string | undefined {
    return this.entries?.get(key);
  }

  set(key: string, html: string): void {
    this.entries?.set(key, html);
  }
}
