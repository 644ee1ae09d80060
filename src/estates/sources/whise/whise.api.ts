import { HttpStatusError, JsonHttpClient, type HttpClientOptions } from '../http-client.js';
import type {
  WhiseCalendarListResponse,
  WhiseEstateListRequest,
  WhiseEstateListResponse,
  WhiseTokenResponse,
  WhiseValidation,
} from './whise.types.js';

export interface WhiseCredentials {
  readonly username: string;
  readonly password: string;
  readonly clientId: number;
  readonly officeId: number;
}

/** Which of the two token calls failed: the operator's fix differs (user vs. client settings). */
export type WhiseTokenStep = 'token' | 'v1/admin/clients/token';

/** A token call that Whise refused or that failed; `status` when it answered at all. */
export class WhiseAuthError extends Error {
  override readonly name = 'WhiseAuthError';
  constructor(
    readonly step: WhiseTokenStep,
    readonly status: number | null,
    detail: string,
  ) {
    super(`${status === null ? detail : `HTTP ${status}`} from ${step}${status !== null && detail ? `: ${detail}` : ''}`);
  }
}

/** A call Whise answered with an error (4xx/5xx, or 200 with `isValidRequest: false`), with its own message. */
export class WhiseApiError extends Error {
  override readonly name = 'WhiseApiError';
  constructor(
    message: string,
    /** The HTTP status, or null for a 200 that refused the request. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** Renew the client token this long before it expires, so no call goes out with a token about to lapse. */
const RENEW_MARGIN_MS = 5 * 60_000;
/** Lifetime assumed when the token does not say (not a JWT with `exp`): short, and a 401 renews it anyway. */
export const DEFAULT_TOKEN_LIFETIME_MS = 30 * 60_000;
const MESSAGE_MAX = 300;

/** Whise's explanation in an error body (`ExceptionMessage`, else `Message`, plus `MessageDetail`), bounded. */
export function whiseErrorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const main = [parsed.ExceptionMessage, parsed.Message].find((value) => typeof value === 'string' && value.trim() !== '') as string | undefined;
    const detail = typeof parsed.MessageDetail === 'string' ? parsed.MessageDetail : '';
    return [main, detail].filter(Boolean).join(' ').slice(0, MESSAGE_MAX);
  } catch {
    return '';
  }
}

/** The `exp` claim of a JWT in milliseconds, or null (Whise's tokens are JWTs; the public client does not read them). */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

function explain(error: unknown): unknown {
  if (error instanceof HttpStatusError) {
    const message = whiseErrorMessage(error.body);
    return new WhiseApiError(`${error.message}${message ? `: ${message}` : ''}`, error.status);
  }
  return error;
}

/** A 200 answer that says the request was invalid is an error too. */
function checkValid<T extends WhiseValidation>(path: string, answer: T): T {
  if (answer && typeof answer === 'object' && answer.isValidRequest === false) {
    const errors = Array.isArray(answer.validationErrors) ? answer.validationErrors : [];
    const messages = errors.map((item: { message?: unknown }) => (typeof item?.message === 'string' ? item.message : '')).filter(Boolean);
    throw new WhiseApiError(`${path} refused the request: ${(messages.join(' ') || 'invalid request').slice(0, MESSAGE_MAX)}`);
  }
  return answer;
}

/**
 * Whise over HTTP. Every call but the two token calls carries the client-scoped token, obtained in two steps
 * (`POST token` with the user's name and password, then `POST v1/admin/clients/token` with the client and office),
 * cached, renewed before it expires (its JWT `exp`, else DEFAULT_TOKEN_LIFETIME_MS) and once after a 401.
 */
export class WhiseHttpApi {
  private readonly http: JsonHttpClient;
  private clientToken: { readonly value: string; readonly expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    options: Omit<HttpClientOptions, 'headers'>,
    private readonly credentials: WhiseCredentials,
    /** The clock (tests drive it to pass a token's expiry without waiting). */
    private readonly now: () => number = Date.now,
  ) {
    this.http = new JsonHttpClient(options);
  }

  /** Both token steps, uncached: what the go-live check calls. Throws WhiseAuthError. */
  async freshClientToken(): Promise<string> {
    const user = await this.tokenCall('token', { Username: this.credentials.username, Password: this.credentials.password });
    return this.tokenCall('v1/admin/clients/token', { ClientId: this.credentials.clientId, OfficeId: this.credentials.officeId }, user);
  }

  listEstates(request: WhiseEstateListRequest): Promise<WhiseEstateListResponse> {
    return this.call<WhiseEstateListResponse>('v1/estates/list', request);
  }

  listCalendars(request: Readonly<Record<string, unknown>>): Promise<WhiseCalendarListResponse> {
    return this.call<WhiseCalendarListResponse>('v1/calendars/list', request);
  }

  upsertContact(body: Readonly<Record<string, unknown>>): Promise<unknown> {
    return this.call('v1/contacts/upsert', body);
  }

  /** Creates (or updates) a calendar event: `v1/calendars/upsert`, the documented call (`create` is marked internal). */
  upsertCalendarEvent(body: Readonly<Record<string, unknown>>): Promise<unknown> {
    return this.call('v1/calendars/upsert', body);
  }

  /** One authenticated call; a 401 renews the token once (it may have been revoked before its expiry). */
  private async call<T>(path: string, body: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token();
      try {
        return checkValid(path, await this.http.post<T & WhiseValidation>(path, body, { Authorization: `Bearer ${token}` }));
      } catch (error) {
        if (attempt === 0 && error instanceof HttpStatusError && error.status === 401) {
          this.clientToken = null;
          continue;
        }
        throw explain(error);
      }
    }
  }

  private async token(): Promise<string> {
    const cached = this.clientToken;
    if (cached && cached.expiresAt - RENEW_MARGIN_MS > this.now()) return cached.value;
    // Concurrent calls share one renewal.
    this.pending ??= this.freshClientToken()
      .then((value) => {
        this.clientToken = { value, expiresAt: jwtExpiry(value) ?? this.now() + DEFAULT_TOKEN_LIFETIME_MS };
        return value;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  private async tokenCall(step: WhiseTokenStep, body: unknown, bearer?: string): Promise<string> {
    try {
      const answer = await this.http.post<WhiseTokenResponse & WhiseValidation>(step, body, bearer ? { Authorization: `Bearer ${bearer}` } : undefined);
      checkValid(step, answer);
      if (typeof answer?.token !== 'string' || answer.token === '') throw new WhiseAuthError(step, null, 'no token in the answer');
      return answer.token;
    } catch (error) {
      if (error instanceof WhiseAuthError) throw error;
      if (error instanceof HttpStatusError) throw new WhiseAuthError(step, error.status, whiseErrorMessage(error.body));
      throw new WhiseAuthError(step, null, error instanceof Error ? error.message : String(error));
    }
  }
}
