import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import type { WhiseCalendarEvent, WhiseEstate } from '../../src/estates/sources/whise/whise.types.js';
import { closeServer, listenOnLoopback, loopbackOrigin } from './loopback-server.js';

export const FAKE_WHISE_CREDENTIALS = { username: 'agency@example.be', password: 'whise-secret', clientId: 4668, officeId: 6644 };

/** A token shaped like Whise's (a JWT) with its `exp`; the fake only checks that it issued it and did not revoke it. */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ typ: 'JWT', alg: 'HS256' })}.${part(claims)}.${Buffer.from(String(Math.random())).toString('base64url')}`;
}

/** A complete, public Whise estate (for sale, a house in Gent) in the API's camelCase shape. */
export function whiseEstate(id: number, overrides: Partial<Record<keyof WhiseEstate, unknown>> = {}): WhiseEstate {
  return {
    id,
    name: `Woning ${id}`,
    shortDescription: [
      { content: `Ruime woning ${id}`, languageId: 'nl-BE' },
      { content: `Maison spacieuse ${id}`, languageId: 'fr-BE' },
    ],
    longDescription: [{ content: `Een lange beschrijving van woning ${id}.`, languageId: 'nl-BE' }],
    referenceNumber: `W-${id}`,
    price: 325000,
    purpose: { id: 1 },
    purposeStatus: { id: 1 },
    category: { id: 1 },
    subcategory: { id: 11 },
    address: 'Veldstraat',
    number: '12',
    box: 'b2',
    zip: '9000',
    city: 'Gent',
    latitude: 51.05,
    longitude: 3.72,
    rooms: 3,
    bedrooms: 3,
    bathRooms: 2,
    area: 180,
    groundArea: 420,
    constructionYear: 1998,
    energyValue: 212,
    energyClass: 'C',
    epcReference: '20240101-0001234-00000001',
    pictures: [
      { id: 2, order: 2, urlSmall: `https://r.whise.eu/pictures/4668/thumbs/${id}-b.jpg`, urlLarge: `https://r.whise.eu/pictures/4668/${id}-b.jpg` },
      { id: 1, order: 1, urlSmall: `https://r.whise.eu/pictures/4668/thumbs/${id}-a.jpg`, urlLarge: `https://r.whise.eu/pictures/4668/${id}-a.jpg` },
    ],
    representatives: [{ id: 7, firstName: 'Els', name: 'Peeters', email: 'els@agency.example', phone: '+32 9 111 22 33', mobile: '+32 470 11 22 33' }],
    details: [
      { id: 2222, group: 'planning', label: 'Possible flood', type: 'list', value: '1230' },
      { id: 2712, group: 'planning', label: 'Summons', type: 'list', value: 1837 },
      { id: 1736, group: 'planning', label: 'Ground destination', type: 'list', value: '12' },
    ],
    createDateTime: '2026-01-10T09:00:00',
    updateDateTime: '2026-03-01T10:30:00Z',
    putOnlineDateTime: '2026-01-12T08:00:00Z',
    ...overrides,
  } as WhiseEstate;
}

type Step = 'token' | 'clients' | 'estates' | 'calendars' | 'contacts';

/**
 * A local stand-in for the Whise API (https://api.whise.eu/): the two token calls, `v1/estates/list` paged by
 * `Page.Offset`/`Page.Limit` with `totalCount` (and no `estates` key on an empty page, as Whise does),
 * `v1/calendars/list`, `v1/calendars/create` and `v1/contacts/upsert`. Every call but the token ones needs a client token it issued.
 */
export class FakeWhiseServer {
  estates: WhiseEstate[] = [];
  calendars: WhiseCalendarEvent[] = [];
  /** Bodies of contacts/upsert as posted. */
  readonly contacts: Array<Record<string, unknown>> = [];
  /** Bodies of calendars/create as posted. */
  readonly createdEvents: Array<Record<string, unknown>> = [];
  /** Every request: the path, its body and its Authorization header. */
  readonly requests: Array<{ path: string; body: Record<string, unknown>; authorization: string | undefined }> = [];
  /** Leave `totalCount` out of list answers (the client must then stop on a short page). */
  omitTotalCount = false;
  /** false: client tokens are opaque strings without an expiry the client could read. */
  jwtTokens = true;
  /** Seconds a client token lives (its JWT `exp`), from `now()`. */
  tokenLifetimeSeconds = 3600;
  /** Makes the next N calls of a step answer 500 with Whise's error body. */
  readonly failures = new Map<Step, number>();
  private readonly userTokens = new Set<string>();
  private readonly clientTokens = new Set<string>();
  private server?: Server;

  constructor(
    readonly credentials = FAKE_WHISE_CREDENTIALS,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    this.server = await listenOnLoopback((request, response) => void this.handle(request, response));
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }

  get url(): string {
    return `${loopbackOrigin(this.server!)}/`;
  }

  /** Client tokens issued so far (each one a full two-step login). */
  get clientTokensIssued(): number {
    return this.requests.filter((request) => request.path === '/v1/admin/clients/token').length;
  }

  /** Whise forgets the client tokens (as after a revocation): the next call gets 401. */
  revokeClientTokens(): void {
    this.clientTokens.clear();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const raw = await text(request);
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return this.send(response, 400, { Message: 'The request is invalid.' });
    }
    const authorization = request.headers.authorization;
    this.requests.push({ path, body, authorization });
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (request.method !== 'POST') return this.send(response, 405, { Message: 'The requested resource does not support this method.' });

    if (path === '/token') {
      if (this.failing('token', response)) return;
      if (body.Username !== this.credentials.username || body.Password !== this.credentials.password) return this.send(response, 401, { Message: 'Authorization has been denied for this request.' });
      const token = jwt({ sub: body.Username, exp: Math.floor(this.now() / 1000) + 86_400 });
      this.userTokens.add(token);
      return this.send(response, 200, { token });
    }
    if (path === '/v1/admin/clients/token') {
      if (this.failing('clients', response)) return;
      if (!this.userTokens.has(bearer)) return this.send(response, 401, { Message: 'Authorization has been denied for this request.' });
      if (body.ClientId !== this.credentials.clientId || body.OfficeId !== this.credentials.officeId) return this.send(response, 401, { Message: 'Authorization has been denied for this request.' });
      const token = this.jwtTokens
        ? jwt({ clientId: body.ClientId, officeId: body.OfficeId, exp: Math.floor(this.now() / 1000) + this.tokenLifetimeSeconds })
        : `opaque-${this.requests.length}`;
      this.clientTokens.add(token);
      return this.send(response, 200, { token });
    }
    if (!this.clientTokens.has(bearer)) return this.send(response, 401, { Message: 'Authorization has been denied for this request.' });

    if (path === '/v1/estates/list') {
      if (this.failing('estates', response)) return;
      return this.send(response, 200, this.page('estates', this.estates, body));
    }
    if (path === '/v1/calendars/list') {
      if (this.failing('calendars', response)) return;
      return this.send(response, 200, this.page('calendars', this.calendars, body));
    }
    if (path === '/v1/calendars/create') {
      if (this.failing('calendars', response)) return;
      const missing = ['Subject', 'StartDateTime', 'EndDateTime'].filter((field) => typeof body[field] !== 'string');
      if (missing.length > 0) return this.send(response, 200, { isValidRequest: false, validationErrors: missing.map((field) => ({ code: field, message: `${field} is required` })) });
      this.createdEvents.push(body);
      return this.send(response, 200, { calendarId: 5000 + this.createdEvents.length });
    }
    if (path === '/v1/contacts/upsert') {
      if (this.failing('contacts', response)) return;
      if (typeof body.PrivateEmail !== 'string') return this.send(response, 200, { isValidRequest: false, validationErrors: [{ code: 'PrivateEmail', message: 'PrivateEmail is required' }] });
      this.contacts.push(body);
      return this.send(response, 200, { contactId: 1000 + this.contacts.length });
    }
    return this.send(response, 404, { Message: `No HTTP resource was found that matches the request URI '${path}'.` });
  }

  private page(key: string, items: readonly unknown[], body: Record<string, unknown>): Record<string, unknown> {
    const page = (body.Page ?? {}) as { Limit?: number; Offset?: number };
    const offset = page.Offset ?? 0;
    const slice = items.slice(offset, offset + (page.Limit ?? 50));
    const total = this.omitTotalCount ? {} : { totalCount: items.length };
    return slice.length > 0 ? { [key]: slice, ...total } : total;
  }

  private failing(step: Step, response: ServerResponse): boolean {
    const left = this.failures.get(step) ?? 0;
    if (left <= 0) return false;
    this.failures.set(step, left - 1);
    this.send(response, 500, { Message: 'An error has occurred.', ExceptionMessage: `Database timeout while serving ${step}` });
    return true;
  }

  private send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  }
}

/** The app's configuration pointing the Whise source at the fake. */
export function fakeWhiseEnv(server: FakeWhiseServer): Record<string, string> {
  return {
    WHISE_BASE_URL: server.url,
    WHISE_USERNAME: server.credentials.username,
    WHISE_PASSWORD: server.credentials.password,
    WHISE_CLIENT_ID: String(server.credentials.clientId),
    WHISE_OFFICE_ID: String(server.credentials.officeId),
    SOURCE_RETRIES: '1',
    SOURCE_BACKOFF_MS: '5',
    SOURCE_TIMEOUT_MS: '2000',
  };
}
