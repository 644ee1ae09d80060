import { readFileSync } from 'node:fs';
import type { Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../src/utils/paths.js';
import type { SourceBListing } from '../../src/estates/sources/source-b/source-b.types.js';
import { closeServer, listenOnLoopback, loopbackOrigin } from './loopback-server.js';

/**
 * How source B's feed misbehaves: `endless-pages` always names a next page, `fat-pages` does too with
 * many listings a page, `huge-body` streams a body that never ends, `trickle` sends a byte now and then.
 */
export type RunawayMode = 'endless-pages' | 'fat-pages' | 'huge-body' | 'trickle';

// 256 KB a tick: the byte cap is reached within a few ticks even on a loaded machine (before the overall time-out).
const CHUNK = `{"filler":"${'x'.repeat(256 * 1024)}"},`;

/** A local stand-in for a broken source B feed, counting what it managed to send. */
export class RunawayFeedServer {
  mode: RunawayMode = 'endless-pages';
  pagesServed = 0;
  bytesSent = 0;
  private readonly listing = (JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-b/feed.json'), 'utf8')) as SourceBListing[])[0];
  private readonly timers = new Set<NodeJS.Timeout>();
  private server?: Server;

  async start(): Promise<void> {
    this.server = await listenOnLoopback((request, response) => {
      const page = Number(new URL(request.url ?? '/', 'http://feed').searchParams.get('page') ?? '1');
      this.handle(page, response);
    });
  }

  get url(): string {
    return `${loopbackOrigin(this.server!)}/b`;
  }

  reset(mode: RunawayMode): void {
    this.mode = mode;
    this.pagesServed = 0;
    this.bytesSent = 0;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.server?.closeAllConnections();
    await closeServer(this.server);
  }

  private handle(page: number, response: ServerResponse): void {
    const write = (text: string) => {
      this.bytesSent += Buffer.byteLength(text);
      return response.write(text);
    };
    if (this.mode === 'endless-pages' || this.mode === 'fat-pages') {
      this.pagesServed++;
      const count = this.mode === 'fat-pages' ? 40 : 1;
      const items = Array.from({ length: count }, (_, i) => ({ ...this.listing, guid: `${page}-${i}` }));
      const body = JSON.stringify({ items, page, nextPage: page + 1 });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      write(body);
      response.end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    write('{"items":[');
    const every = this.mode === 'huge-body' ? 1 : 200;
    const timer = setInterval(() => {
      if (response.destroyed) {
        clearInterval(timer);
        this.timers.delete(timer);
        return;
      }
      write(this.mode === 'huge-body' ? CHUNK : ' ');
    }, every);
    this.timers.add(timer);
    response.on('close', () => {
      clearInterval(timer);
      this.timers.delete(timer);
    });
  }
}
