import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import type { WhiseCalendarEvent, WhiseEstate, WhisePicture, WhiseRepresentative } from '../../src/estates/sources/whise/whise.types.js';
import { PROJECT_ROOT } from '../../src/utils/paths.js';
import { closeServer, listenOnLoopback, loopbackOrigin } from './loopback-server.js';

export const FAKE_WHISE_CREDENTIALS = { username: 'agency@example.be', password: 'whise-secret', clientId: 4668, officeId: 6644 };

/** A token shaped like Whise's (a JWT) with its `exp`; the fake only checks that it issued it and did not revoke it. */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ typ: 'JWT', alg: 'HS256' })}.${part(claims)}.${Buffer.from(String(Math.random())).toString('base64url')}`;
}

const FIXTURES = join(PROJECT_ROOT, 'test/fixtures/whise');

/**
 * The recorded-shape fixture (test/fixtures/whise/estates.json): our own content in exactly the keys, nesting and
 * value types of a real recorded `v1/estates/list` answer (docs/crm/whise.md), checked by whise-contract.test.ts.
 */
export function whiseFixture(): { estates: WhiseEstate[]; representatives: Record<string, WhiseRepresentative[]> } {
  const answer = JSON.parse(readFileSync(join(FIXTURES, 'estates.json'), 'utf8')) as { estates: WhiseEstate[] };
  const representatives = JSON.parse(readFileSync(join(FIXTURES, 'representatives.json'), 'utf8')) as Record<string, WhiseRepresentative[]>;
  return { estates: answer.estates, representatives };
}

/** The fixture's estates as the fake serves them by default: each with its representatives (shown with ShowRepresentatives). */
export function whiseFixtureEstates(): WhiseEstate[] {
  const { estates, representatives } = whiseFixture();
  return estates.map((estate) => ({ ...estate, representatives: representatives[String(estate.id)] ?? [] }));
}

/** A picture on Whise's real host in the recorded answer's URL shape. */
export function whisePicture(estateId: number, index: number, stamp = '2026-02-20T08:00:00.1'): WhisePicture & Record<string, unknown> {
  const hash = createHash('md5').update(`${estateId}-${index}`).digest('hex');
  const url = (size: number) => `https://whisestorageprod.blob.core.windows.net/public/storage4668/Pictures/${estateId}/${size}/${hash}.jpg`;
  return { id: estateId * 10 + index, ...(index > 0 ? { order: index } : {}), orientation: 'Landscape', urlLarge: url(640), urlSmall: url(200), urlXXL: url(1600), updateDateTime: stamp };
}

/**
 * A complete, public Whise estate in the recorded answer's shape (the fixture's house in Gent, for sale, under
 * another id, with its pictures renamed), plus a representative; `overrides` replace whole keys.
 */
export function whiseEstate(id: number, overrides: Partial<Record<keyof WhiseEstate | string, unknown>> = {}): WhiseEstate {
  const base = whiseFixtureEstates().find((estate) => estate.id === 7101001)!;
  return {
    ...base,
    id,
    name: `Woning ${id}`,
    referenceNumber: `IV-${id}`,
    pictures: [whisePicture(id, 0), whisePicture(id, 1)],
    representatives: [{ id: 7, firstName: 'Els', name: 'Peeters', email: 'els@agency.example', phone: '+32 9 111 22 33', mobile: '+32 470 11 22 33' }],
    ...overrides,
  } as WhiseEstate;
}

/** `Filter.UpdateDateTimeRange.Min` against Whise's zone-less stamps (read as UTC here: unconfirmed). */
function stampOf(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  return Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
}

const ids = (value: unknown): number[] | null => (Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : null);

type Step = 'token' | 'clients' | 'estates' | 'calendars' | 'contacts';

/**
 * A local stand-in for the Whise API (https://api.whise.eu/) in the shapes public evidence shows (docs/crm/whise.md):
 * the two token calls; `v1/estates/list` paged by `Page.Offset`/`Page.Limit` with `totalCount` (and no `estates`
 * key on an empty page), filtered by `UpdateDateTimeRange.Min`, `EstateIds`, `ProjectId`, `StatusIds` and
 * `DisplayStatusIds`, with `details` only for `ShowDetails` and `representatives` only for `ShowRepresentatives`;
 * `v1/calendars/list` (its events' `estates` only with `Field.Included: ["estates"]`); `v1/calendars/upsert`, which
 * refuses a body without its documented required fields; and `v1/contacts/upsert`, likewise. `v1/calendars/create`
 * (internal) is not served. Every call but the token ones needs a client token it issued. Its estates are the
 * recorded-shape fixture unless a test sets others.
 */
export class FakeWhiseServer {
  estates: WhiseEstate[] = whiseFixtureEstates();
  calendars: WhiseCalendarEvent[] = [];
  /** Bodies of contacts/upsert as posted (accepted ones only). */
  readonly contacts: Array<Record<string, unknown>> = [];
  /** Bodies of calendars/upsert as posted (accepted ones only). */
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
      return this.send(response, 200, this.page('estates', this.selectEstates(body), body));
    }
    if (path === '/v1/calendars/list') {
      if (this.failing('calendars', response)) return;
      const included = (body.Field as { Included?: unknown } | undefined)?.Included;
      const withEstates = Array.isArray(included) && included.includes('estates');
      const events = this.calendars.map((event) => (withEstates ? event : { ...event, estates: undefined }));
      return this.send(response, 200, this.page('calendars', events, body));
    }
    if (path === '/v1/calendars/upsert') {
      if (this.failing('calendars', response)) return;
      const missing = [
        typeof body.CalendarActionId === 'number' ? null : 'CalendarActionId',
        ...['StartDateTime', 'EndDateTime', 'Subject'].map((field) => (typeof body[field] === 'string' && body[field] !== '' ? null : field)),
        (ids(body.UserIds)?.length ?? 0) > 0 ? null : 'UserIds',
      ].filter((field): field is string => field !== null);
      if (missing.length > 0) return this.invalid(response, missing);
      this.createdEvents.push(body);
      return this.send(response, 200, { calendarId: 5000 + this.createdEvents.length });
    }
    if (path === '/v1/contacts/upsert') {
      if (this.failing('contacts', response)) return;
      const missing = [
        ...['Name', 'PrivateEmail', 'LanguageId'].map((field) => (typeof body[field] === 'string' && body[field] !== '' ? null : field)),
        typeof body.CountryId === 'number' ? null : 'CountryId',
        (ids(body.OfficeIds)?.length ?? 0) > 0 ? null : 'OfficeIds',
      ].filter((field): field is string => field !== null);
      if (missing.length > 0) return this.invalid(response, missing);
      this.contacts.push(body);
      return this.send(response, 200, { contactId: 1000 + this.contacts.length });
    }
    return this.send(response, 404, { Message: `No HTTP resource was found that matches the request URI '${path}'.` });
  }

  /** The estates a list request selects, with only the parts it asked for. */
  private selectEstates(body: Record<string, unknown>): WhiseEstate[] {
    const filter = (body.Filter ?? {}) as Record<string, unknown>;
    const min = stampOf((filter.UpdateDateTimeRange as { Min?: unknown } | undefined)?.Min);
    const estateIds = ids(filter.EstateIds);
    const project = typeof filter.ProjectId === 'number' ? filter.ProjectId : null;
    const statusIds = ids(filter.StatusIds);
    const displayStatusIds = ids(filter.DisplayStatusIds);
    return this.estates
      .filter((estate) => Number.isNaN(min) || stampOf(estate.updateDateTime) >= min)
      .filter((estate) => estateIds === null || estateIds.includes(estate.id as number))
      .filter((estate) => project === null || estate.id === project || estate.parentId === project)
      .filter((estate) => statusIds === null || statusIds.includes((estate.status as { id?: number } | undefined)?.id ?? 1))
      .filter((estate) => displayStatusIds === null || displayStatusIds.includes((estate.displayStatusId as number | undefined) ?? 2))
      .map((estate) => {
        const shown: Record<string, unknown> = { ...estate };
        if (filter.ShowDetails !== true) delete shown.details;
        if (filter.ShowRepresentatives !== true) delete shown.representatives;
        return shown as WhiseEstate;
      });
  }

  private invalid(response: ServerResponse, missing: readonly string[]): void {
    this.send(response, 200, { isValidRequest: false, validationErrors: missing.map((field) => ({ code: field, message: `${field} is required` })) });
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
