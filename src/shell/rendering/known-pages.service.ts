import { negotiate } from '@fastify/accept-negotiator';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../../config/config.js';
import { cacheEntries } from '../../config/memory-budget.js';
import { ChangeFeedService } from '../../database/change-feed.service.js';
import { CatalogueVersionService } from '../../estates/persistence/catalogue-version.service.js';
import { ThemeService } from '../../theme/theme.service.js';
import { isHtmxRequest } from '../../web/request.js';
import { type ContentEncoding, RenderCacheService } from './render-cache.service.js';
import { COMPRESS_THRESHOLD_BYTES, ENCODINGS, etagMatches } from './negotiation.js';

/** What a public page's answer was, to replay it without going through the controller. */
export interface KnownPage {
  readonly etag: string;
  /** The answer's own headers other than its ETag (the security headers and the request id are every answer's). */
  readonly headers: Readonly<Record<string, string>>;
}

/** Header names and values in one flat list (`[name, value, name, value, …]`), as `writeHead` takes them. */
type HeaderList = readonly string[];

/**
 * The headers the pages of one kind share, kept once for all of them: every detail page, say, answers with the same
 * Content-Type, Cache-Control and Vary, and only its ETag differs. Written out per entry (four lists, their own copies
 * of the names and values) they held ~25 MB of live heap at MAX_ENTRIES (bench/memory.mjs: the heap after a full
 * collection went from 126 to 101 MB when they were shared).
 */
interface Shape {
  readonly headers: Readonly<Record<string, string>>;
  /** The headers in the order and spelling the routed answer has (see `answer`), the ETag's after them. */
  readonly plain: HeaderList;
  readonly encoded: Readonly<Record<ContentEncoding, HeaderList>>;
  readonly notModified: HeaderList;
}

interface Entry {
  readonly etag: string;
  readonly shape: Shape;
  readonly generation: number;
  /** Date.now() past which the entry is not trusted any more (MAX_AGE_MS). */
  readonly expires: number;
  readonly theme: string;
  readonly catalogue: string;
}

/**
 * URLs remembered at once, as many as fit in the object caches' share of the memory budget: ~550 bytes an entry (its
 * URL as the key, the ETag, lru-cache's slots; the shape is shared, the page itself lives in the render cache), 20,000
 * (~11 MB) from a budget of ~290 MB up (the default is 400), fewer below.
 */
const ENTRY_BYTES = 550;
const MAX_ENTRIES = 20_000;
const MIN_ENTRIES = 1_000;
/** Distinct header sets kept; a handful in practice (pages, fragments, noindex answers). */
const MAX_SHAPES = 256;
/**
 * An entry is trusted this long at most without a controller confirming its version, like a CDN's `s-maxage`:
 * a page whose version depended on anything the change feed does not announce is never staler than that.
 */
const MAX_AGE_MS = 60_000;

/**
 * Fastify spells the headers a reply sets in lower case; `Vary` gains `Accept-Encoding` when the page goes out
 * compressed (ViewRendererService.send) and Content-Encoding follows the page's own headers.
 */
function newShape(headers: Readonly<Record<string, string>>): Shape {
  const own = Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value] as const);
  const flat = (pairs: readonly (readonly [string, string])[]): string[] => pairs.flat();
  const compressed = (encoding: ContentEncoding): string[] => [
    ...flat(own.map(([name, value]) => (name === 'vary' ? [name, `${value}, Accept-Encoding`] : [name, value]))),
    'content-encoding',
    encoding,
  ];
  return {
    headers,
    plain: flat(own),
    encoded: { br: compressed('br'), gzip: compressed('gzip') },
    notModified: flat(own.filter(([name]) => name !== 'content-type')),
  };
}

/**
 * The ETag each public page had when a controller last answered it, by URL. A repeat request for the same URL is
 * answered from here (304, or the render cache's bytes) before Nest routes it: no guard, pipe, controller or model.
 *
 * Safe because an ETag already names everything the answer depends on (build, theme, URL, data version); what can
 * change a data version without a new URL is a sync, a settings change or an iCal import, and every replica hears of
 * each on the change feed: each change forgets every entry (`generation`). The catalogue's version and the theme are refreshed
 * from the database *after* such a change, so an entry also records them and a later refresh misses it.
 */
@Injectable()
export class KnownPagesService implements OnModuleDestroy {
  private generation = 0;
  // Its own expiry rather than lru-cache's ttl, which reads a clock and arms a timer on lookups.
  private readonly entries: LRUCache<string, Entry>;
  private readonly shapes = new Map<string, Shape>();
  private readonly stopFollowing: () => void;

  constructor(
    changes: ChangeFeedService,
    private readonly catalogue: CatalogueVersionService,
    private readonly theme: ThemeService,
    private readonly cache: RenderCacheService,
    @Inject(AppConfig) config: AppConfig,
  ) {
    this.entries = new LRUCache<string, Entry>({ max: cacheEntries(config, ENTRY_BYTES, { min: MIN_ENTRIES, max: MAX_ENTRIES }) });
    this.stopFollowing = changes.follow(['estates', 'settings', 'holiday'], () => {
      this.generation += 1;
      this.entries.clear();
    });
  }

  onModuleDestroy(): void {
    this.stopFollowing();
  }

  remember(request: FastifyRequest, htmx: boolean, page: KnownPage): void {
    const entry: Entry = {
      etag: page.etag,
      shape: this.shapeOf(page.headers),
      generation: this.generation,
      expires: Date.now() + MAX_AGE_MS,
      theme: this.theme.version,
      catalogue: this.catalogue.current,
    };
    this.entries.set(keyOf(request.url, htmx), entry);
  }

  lookup(request: FastifyRequest, htmx: boolean): KnownPage | undefined {
    const entry = this.current(request.url, htmx);
    return entry && { etag: entry.etag, headers: entry.shape.headers };
  }

  /**
   * The hot path, run as the first `onRequest` hook of every request, before the other hooks and plugins: a GET or
   * HEAD of a page answered before and unchanged since is written straight to the socket (`reply.hijack()`), with
   * `security` (the headers the security hook sets on every answer) and the request id before the page's own
   * headers: the same headers in the same order as the routed replay (ViewRendererService.replay). Fastify's onResponse hooks still
   * run (/metrics, the access log). Returns false to leave the request to the hooks and the router.
   *
   * Only where no later hook would change the answer: no body to parse, and either no Accept-Encoding (nothing
   * to compress) or an encoding the render cache keeps (the page goes out encoded, @fastify/compress leaves it);
   * any other Accept-Encoding (deflate, identity, x-gzip) is @fastify/compress's to answer after the routed replay.
   * The other hooks add nothing to such a GET: CSRF protection refuses unsafe methods only, the cookie parser reads
   * cookies a public page never depends on.
   */
  answer(request: FastifyRequest, reply: FastifyReply, security: HeaderList): boolean {
    const method = request.method;
    if ((method !== 'GET' && method !== 'HEAD') || request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined) return false;
    const entry = this.current(request.url, isHtmxRequest(request));
    if (!entry) return false;
    const notModified = etagMatches(request, entry.etag);
    const accepted = request.headers['accept-encoding'];
    const encoding = notModified || accepted === undefined ? null : (negotiate(accepted, ENCODINGS) as ContentEncoding | null);
    if (!notModified && accepted !== undefined && encoding === null) return false;
    // On a miss the controller answers, and the renderer's own look counts the miss.
    const page = this.cache.get(entry.etag, { countMiss: false });
    if (page === undefined) return false;
    reply.hijack();
    const response = reply.raw;
    if (notModified) {
      const headers = security.concat('x-request-id', request.id, entry.shape.notModified, 'etag', entry.etag);
      // Fastify's HEAD route states the length of the nothing it sends.
      response.writeHead(304, method === 'HEAD' ? headers.concat('content-length', '0') : headers);
      response.end();
      return true;
    }
    let body = page.body;
    let own = entry.shape.plain;
    if (encoding !== null && body.length >= COMPRESS_THRESHOLD_BYTES) {
      const bytes = page.bytes;
      body = page.encode(encoding);
      // Compressed just now: the cache counts the page's size again.
      if (page.bytes !== bytes) this.cache.resize(entry.etag, page);
      own = entry.shape.encoded[encoding];
    }
    response.writeHead(200, security.concat('x-request-id', request.id, own, 'etag', entry.etag, 'content-length', String(body.length)));
    // Node's response sends no body to a HEAD request.
    response.end(body);
    return true;
  }

  /** The Shape every entry with these headers shares. */
  private shapeOf(headers: Readonly<Record<string, string>>): Shape {
    const key = JSON.stringify(headers);
    let shape = this.shapes.get(key);
    if (shape === undefined) {
      // Entries keep the shapes they point to; forgetting the table only ends the sharing.
      if (this.shapes.size >= MAX_SHAPES) this.shapes.clear();
      shape = newShape(headers);
      this.shapes.set(key, shape);
    }
    return shape;
  }

  private current(url: string, htmx: boolean): Entry | undefined {
    const entry = this.entries.get(keyOf(url, htmx));
    if (!entry || entry.generation !== this.generation || entry.theme !== this.theme.version || entry.catalogue !== this.catalogue.current) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(keyOf(url, htmx));
      return undefined;
    }
    return entry;
  }
}

function keyOf(url: string, htmx: boolean): string {
  return htmx ? `f ${url}` : `p ${url}`;
}
