import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { SectionStore } from '../../../views/cached-sections.js';
import { AppConfig } from '../../config/config.js';
import { ownBytes, utf8Bytes } from './render-cache.service.js';

/** Stands for a section that cannot be kept (it would hoist something into the head): rendered in place. */
const NOT_KEPT = Buffer.alloc(0);

/**
 * Sections of pages kept between renders (views/cached-sections.tsx), as UTF-8 bytes: the detail page's listing
 * sections, by the listing's version, locale, build and theme. A render-cache miss of a listing whose sections are
 * kept renders only what depends on the request (the page around them, the heart, the forms' notices) and copies
 * the rest. Keys name everything a section depends on, so an entry is never invalidated: a listing's change gives
 * it a new version and new keys, and the old entries age out. Bounded by bytes (SECTION_CACHE_MB), apart from the
 * render cache; 0 turns it off (every section rendered every time).
 */
@Injectable()
export class SectionCacheService implements SectionStore {
  private readonly entries: LRUCache<string, Buffer> | null;

  constructor(@Inject(AppConfig) config: AppConfig) {
    const maxSize = config.SECTION_CACHE_MB * 1024 * 1024;
    // A key costs memory too (a few hundred bytes of version and name): counted with the bytes.
    this.entries = maxSize > 0 ? new LRUCache<string, Buffer>({ maxSize, sizeCalculation: (bytes, key) => bytes.length + key.length * 2 + 64 }) : null;
  }

  /** Whether sections are kept at all (SECTION_CACHE_MB > 0). */
  get enabled(): boolean {
    return this.entries !== null;
  }

  get(key: string): Buffer | null | undefined {
    const bytes = this.entries?.get(key);
    return bytes === NOT_KEPT ? null : bytes;
  }

  set(key: string, html: string | null): Buffer | null {
    if (html === null) {
      this.entries?.set(key, NOT_KEPT);
      return null;
    }
    const bytes = ownBytes(utf8Bytes(html));
    this.entries?.set(key, bytes);
    return bytes;
  }

  /** The bytes kept, as the cap counts them. */
  get size(): number {
    return this.entries?.calculatedSize ?? 0;
  }
}
