import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ChangeFeedService } from '../../database/change-feed.service.js';
import { CatalogueVersionService } from '../../estates/persistence/catalogue-version.service.js';
import { ThemeService } from '../../theme/theme.service.js';

/** What a public page's answer was, to replay it without going through the controller. */
export interface KnownPage {
  readonly etag: string;
  readonly headers: Readonly<Record<string, string>>;
}

interface Entry extends KnownPage {
  readonly generation: number;
  readonly stamp: string;
}

/** URLs remembered at once; each entry is a few hundred bytes (the page itself lives in the render cache). */
const MAX_ENTRIES = 20_000;
/**
 * An entry is trusted this long at most without a controller confirming its version, like a CDN's `s-maxage`:
 * a page whose version depended on anything the change feed does not announce is never staler than that.
 */
const MAX_AGE_MS = 60_000;

/**
 * The ETag each public page had when a controller last answered it, by URL. A repeat request for the same URL is
 * answered from here (304, or the render cache's bytes) before Nest routes it: no guard, pipe, controller or model.
 *
 * Safe because an ETag already names everything the answer depends on (build, theme, URL, data version); what can
 * change a data version without a new URL is a sync or a settings change, and every replica hears of both on the
 * change feed: each change forgets every entry (`generation`). The catalogue's version and the theme are refreshed
 * from the database *after* such a change, so an entry also records them (`stamp`) and a later refresh misses it.
 */
@Injectable()
export class KnownPagesService implements OnModuleDestroy {
  private generation = 0;
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES, ttl: MAX_AGE_MS, ttlAutopurge: false });
  private readonly stopFollowing: () => void;

  constructor(
    changes: ChangeFeedService,
    private readonly catalogue: CatalogueVersionService,
    private readonly theme: ThemeService,
  ) {
    this.stopFollowing = changes.follow(['estates', 'settings'], () => {
      this.generation += 1;
      this.entries.clear();
    });
  }

  onModuleDestroy(): void {
    this.stopFollowing();
  }

  remember(request: FastifyRequest, htmx: boolean, page: KnownPage): void {
    this.entries.set(keyOf(request.url, htmx), { ...page, generation: this.generation, stamp: this.stamp() });
  }

  lookup(request: FastifyRequest, htmx: boolean): KnownPage | undefined {
    const entry = this.entries.get(keyOf(request.url, htmx));
    if (!entry || entry.generation !== this.generation || entry.stamp !== this.stamp()) return undefined;
    return entry;
  }

  private stamp(): string {
    return `${this.theme.version}\u0000${this.catalogue.current}`;
  }
}

function keyOf(url: string, htmx: boolean): string {
  return htmx ? `f ${url}` : `p ${url}`;
}
