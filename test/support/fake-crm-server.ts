import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../src/common/paths.js';
import type { SourceAAppointment, SourceAPerson, SourceAProperty } from '../../src/estates/sources/source-a/source-a.types.js';
import type { SourceBAppointment, SourceBListing } from '../../src/estates/sources/source-b/source-b.types.js';
import { text } from 'node:stream/consumers';

export const FAKE_A_CREDENTIALS = { clientId: 'agency-42', apiKey: 'secret-key', serverId: 'srv-1' };
export const FAKE_B_TOKEN = 'feed-token';
const B_PAGE_SIZE = 10;

export type FailureMode = 'none' | 'always-500' | 'once-500';

/**
 * A local stand-in for both CRMs, speaking their API shapes over HTTP and serving the demo catalogue
 * (editable per test), so the real clients, retries and mappers run in tests.
 */
export class FakeCrmServer {
  readonly sourceA: { properties: SourceAProperty[]; persons: SourceAPerson[]; appointments: SourceAAppointment[]; failure: FailureMode } = {
    properties: JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-a/properties.json'), 'utf8')),
    persons: JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-a/persons.json'), 'utf8')),
    appointments: JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-a/appointments.json'), 'utf8')),
    failure: 'none',
  };
  readonly sourceB: { listings: SourceBListing[]; appointments: SourceBAppointment[]; failure: FailureMode } = {
    listings: JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-b/feed.json'), 'utf8')),
    appointments: JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-b/appointments.json'), 'utf8')),
    failure: 'none',
  };
  /** Website leads each CRM accepted (bodies as posted); `leadFailure` makes the next lead posts fail with 500. */
  readonly leads: { a: Array<Record<string, unknown>>; b: Array<Record<string, unknown>>; failure: FailureMode } = { a: [], b: [], failure: 'none' };
  /** Requests seen, as "METHOD path", with the headers that matter for auth. */
  readonly requests: Array<{ line: string; headers: IncomingMessage['headers'] }> = [];
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
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

    if (url.pathname.startsWith('/a/')) {
      const headers = request.headers;
      if (headers['x-client-id'] !== FAKE_A_CREDENTIALS.clientId || headers.api_key !== FAKE_A_CREDENTIALS.apiKey || headers.server_id !== FAKE_A_CREDENTIALS.serverId) {
        return send(401, { error: 'unauthorized' });
      }
      if (this.failing(this.sourceA)) return send(500, { error: 'boom' });
      const path = url.pathname.slice(2);
      if (request.method === 'POST' && path === '/api/v1/contact') {
        if (this.failing(this.leads)) return send(500, { error: 'boom' });
        this.leads.a.push(JSON.parse(await text(request)) as Record<string, unknown>);
        return send(201, { contact_id: this.leads.a.length });
      }
      if (request.method === 'GET' && path === '/api/v1/appointments') return send(200, this.sourceA.appointments);
      if (request.method === 'POST' && path === '/api/v1/property/search') {
        const body = JSON.parse(await text(request)) as { paging: { page: number; size: number } };
        const { page, size } = body.paging;
        const all = this.sourceA.properties.map((property) => ({ property_id: property.property_id!, updated_at: String(property.updated_at) }));
        return send(200, { paging: { page, size, total: all.length }, properties: all.slice((page - 1) * size, page * size) });
      }
      const property = /^\/api\/v1\/property\/(\d+)$/.exec(path);
      if (property && url.searchParams.get('extended') === 'true') {
        const found = this.sourceA.properties.find((candidate) => candidate.property_id === Number(property[1]));
        return found ? send(200, found) : send(404, { error: 'not found' });
      }
      const person = /^\/api\/v1\/person\/(\d+)$/.exec(path);
      if (person) {
        const found = this.sourceA.persons.find((candidate) => candidate.person_id === Number(person[1]));
        return found ? send(200, found) : send(404, { error: 'not found' });
      }
      return send(404, { error: 'no route' });
    }

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


/** The app's configuration pointing both sources at the fake server. */
export function fakeCrmEnv(server: FakeCrmServer): Record<string, string> {
  return {
    SOURCE_A_BASE_URL: `${server.url}/a`,
    SOURCE_A_CLIENT_ID: FAKE_A_CREDENTIALS.clientId,
    SOURCE_A_API_KEY: FAKE_A_CREDENTIALS.apiKey,
    SOURCE_A_SERVER_ID: FAKE_A_CREDENTIALS.serverId,
    SOURCE_B_FEED_URL: `${server.url}/b`,
    SOURCE_B_TOKEN: FAKE_B_TOKEN,
    SOURCE_B_LEAD_WEBHOOK_URL: `${server.url}/b/leads`,
    SOURCE_RETRIES: '2',
    SOURCE_BACKOFF_MS: '5',
    SOURCE_TIMEOUT_MS: '2000',
  };
}
