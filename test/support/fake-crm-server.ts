import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../src/utils/paths.js';
import type { SourceBAppointment, SourceBListing } from '../../src/estates/sources/source-b/source-b.types.js';
import { text } from 'node:stream/consumers';
import { type FailureMode, FakeZabun } from './fake-zabun-server.js';
import { closeServer, listenOnLoopback, loopbackOrigin } from './loopback-server.js';

export { FAKE_A_CREDENTIALS, type FailureMode } from './fake-zabun-server.js';

export const FAKE_B_TOKEN = 'feed-token';
const B_PAGE_SIZE = 10;

/**
 * A local stand-in for both CRMs, speaking their API shapes over HTTP and serving the demo catalogue
 * (editable per test), so the real clients, retries and mappers run in tests.
 */
export class FakeCrmServer {
  /** Source A: the fake Zabun CMS API, mounted under /a (its state, requests and leads). */
  readonly zabun = new FakeZabun(() => this.failing(this.leads));
  readonly sourceA = this.zabun.state;
  readonly sourceB: { listings: SourceBListing[]; appointments: SourceBAppointment[]; failure: FailureMode } = {
    listings: JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-b/feed.json'), 'utf8')),
    appointments: JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-b/appointments.json'), 'utf8')),
    failure: 'none',
  };
  /** Website leads each CRM accepted (A: Zabun's endpoint and body; B: bodies as posted); `failure` makes lead posts fail with 500. */
  readonly leads: { a: FakeZabun['leads']; b: Array<Record<string, unknown>>; failure: FailureMode } = { a: this.zabun.leads, b: [], failure: 'none' };
  /** Documents the CRM hosts (floor plans, brochures) at `/files/<name>`, as a record's `files[].url` points to them. */
  readonly files = new Map<string, { readonly contentType: string; readonly body: Buffer }>();
  /** Requests seen, as "METHOD path", with the headers that matter for auth. */
  readonly requests: Array<{ line: string; headers: IncomingMessage['headers'] }> = [];
  private server?: Server;

  async start(): Promise<void> {
    this.server = await listenOnLoopback((request, response) => void this.handle(request, response));
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }

  get url(): string {
    return loopbackOrigin(this.server!);
  }

  private failing(side: { failure: FailureMode }): boolean {
    if (side.failure === 'always-500') return true;
    if (side.failure === 'once-500') {
      side.failure = 'none';
      return true;
    }
    return false;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    this.requests.push({ line: `${request.method} ${url.pathname}${url.search}`, headers: request.headers });
    const send = (status: number, body?: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };

    const hosted = url.pathname.startsWith('/files/') ? this.files.get(url.pathname.slice('/files/'.length)) : undefined;
    if (hosted) {
      response.writeHead(200, { 'Content-Type': hosted.contentType, 'Content-Length': hosted.body.length });
      return void response.end(hosted.body);
    }

    if (url.pathname.startsWith('/a/')) return this.zabun.handle(request, response, url.pathname.slice(2), url.searchParams);

    if (url.pathname === '/b/leads' && request.method === 'POST') {
      if (request.headers.authorization !== `Bearer ${FAKE_B_TOKEN}`) return send(401, { error: 'unauthorized' });
      if (this.failing(this.leads)) return send(500, { error: 'boom' });
      this.leads.b.push(JSON.parse(await text(request)) as Record<string, unknown>);
      return send(202, { ok: true });
    }

    if (url.pathname === '/b/appointments') {
      if (request.headers.authorization !== `Bearer ${FAKE_B_TOKEN}`) return send(401, { error: 'unauthorized' });
      return send(200, this.sourceB.appointments);
    }

    if (url.pathname === '/b/feed') {
      if (request.headers.authorization !== `Bearer ${FAKE_B_TOKEN}`) return send(401, { error: 'unauthorized' });
      if (this.failing(this.sourceB)) return send(500, { error: 'boom' });
      const page = Number(url.searchParams.get('page') ?? '1');
      const items = this.sourceB.listings.slice((page - 1) * B_PAGE_SIZE, page * B_PAGE_SIZE);
      return send(200, { items, page, nextPage: page * B_PAGE_SIZE < this.sourceB.listings.length ? page + 1 : null });
    }
    return send(404, { error: 'no route' });
  }
}


/** A fake CRM server in its default state, listening. */
export async function startFakeCrm(): Promise<FakeCrmServer> {
  const crm = new FakeCrmServer();
  await crm.start();
  return crm;
}

/** The app's configuration pointing both sources at the fake server. */
export function fakeCrmEnv(server: FakeCrmServer): Record<string, string> {
  return {
    ...server.zabun.env(`${server.url}/a`),
    SOURCE_B_FEED_URL: `${server.url}/b`,
    SOURCE_B_TOKEN: FAKE_B_TOKEN,
    SOURCE_B_LEAD_WEBHOOK_URL: `${server.url}/b/leads`,
    SOURCE_RETRIES: '2',
    SOURCE_BACKOFF_MS: '5',
    SOURCE_TIMEOUT_MS: '2000',
  };
}
