import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback, loopbackOrigin } from './loopback-server.js';

/**
 * A local stand-in for an agency's feed as docs/feed/README.md specifies it: `GET <url>/feed?page=N` from 1 with a
 * bearer token, `nextPage` null on the last page. The records are served as given (any JSON), so a test can put
 * records that break the schema next to good ones.
 */
export class FakeFeedServer {
  /** Every record of the feed, split into pages of `pageSize`. */
  items: unknown[] = [];
  pageSize = 2;
  readonly requests: Array<{ path: string; authorization: string | undefined }> = [];
  private server?: Server;

  constructor(readonly token: string) {}

  async start(): Promise<void> {
    this.server = await listenOnLoopback((request, response) => this.handle(request, response));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await closeServer(this.server);
  }

  /** The feed's base URL (SOURCE_B_FEED_URL). */
  get url(): string {
    return `${loopbackOrigin(this.server!)}/agency`;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://feed');
    this.requests.push({ path: `${url.pathname}${url.search}`, authorization: request.headers.authorization });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname !== '/agency/feed' || request.method !== 'GET') return send(404, { error: 'no route' });
    if (request.headers.authorization !== `Bearer ${this.token}`) return send(401, { error: 'unauthorized' });
    const page = Number(url.searchParams.get('page'));
    if (!Number.isInteger(page) || page < 1) return send(400, { error: 'page starts at 1' });
    const items = this.items.slice((page - 1) * this.pageSize, page * this.pageSize);
    send(200, { page, nextPage: page * this.pageSize < this.items.length ? page + 1 : null, items });
  }
}
