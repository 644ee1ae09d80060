import type { HeadType, SourceName } from '../domain/estate.js';
import { HttpStatusError } from './http-client.js';

/** A keep-me-informed search as a CRM's search profile: what the visitor asked to be told about. */
export interface SearchProfile {
  readonly transaction: 'buy' | 'rent' | null;
  readonly headTypes: readonly HeadType[];
  readonly subTypes: readonly string[];
  /** City names or zip codes, as the visitor chose them. */
  readonly locations: readonly string[];
  readonly priceMin: number | null;
  readonly priceMax: number | null;
  readonly bedroomsMin: number | null;
}

/** One half-day a visitor proposes for a viewing, in Belgian local time (ISO 8601 with the offset). */
export interface ViewingSlotPayload {
  /** `2026-12-01` */
  readonly date: string;
  readonly halfDay: 'am' | 'pm';
  /** `2026-12-01T09:00:00+01:00` */
  readonly start: string;
  readonly end: string;
}

/** A website lead as a CRM receives it. */
export interface LeadPayload {
  readonly id: string;
  /** extra-info, send-to-friend, contact, subscription, cancellation, booking, viewing (leads/lead.entity.ts). */
  readonly kind: string;
  readonly createdAt: string;
  readonly locale: string;
  readonly contact: { readonly name: string; readonly email: string; readonly phone: string | null };
  readonly message: string;
  /** The listing the lead is about, by the CRM's own id. */
  readonly propertyId: string | null;
  /** For a confirmed subscription: the search it keeps (a CRM that has search profiles stores it as one). */
  readonly searchProfile: SearchProfile | null;
  /** For a viewing request: the proposed half-days in calendar order (absent on other leads). */
  readonly viewing?: { readonly slots: readonly ViewingSlotPayload[] };
}

/** Where a source takes website leads. `deliver` throws when the CRM did not accept it (the job retries). */
export interface LeadSink {
  readonly source: SourceName;
  deliver(lead: LeadPayload): Promise<void>;
}

/** One POST with a JSON body; anything but 2xx is a failure (no retries here: the job queue retries). */
async function postJson(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok) throw new HttpStatusError(response.status, url);
}

/** Source B: a webhook URL that takes the lead as JSON, authenticated with the feed's bearer token. */
export class SourceBLeadSink implements LeadSink {
  readonly source = 'B' as const;
  constructor(private readonly options: { readonly url: string; readonly token: string | undefined; readonly timeoutMs: number }) {}

  deliver(lead: LeadPayload): Promise<void> {
    const headers: Record<string, string> = this.options.token ? { Authorization: `Bearer ${this.options.token}` } : {};
    return postJson(this.options.url, headers, { event: 'lead', lead }, this.options.timeoutMs);
  }
}
