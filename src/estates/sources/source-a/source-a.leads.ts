import { HttpStatusError } from '../http-client.js';
import type { LeadPayload, LeadSink, SearchProfile } from '../lead-sink.port.js';
import { listIn, type SourceAApi, type SourceASettings, sourceAHeaders } from './source-a.api.js';
import { HEAD_TYPE_IDS, SourceADictionaries, TRANSACTION_KINDS, TYPE_IDS, idsOf } from './source-a.dictionaries.js';
import type { SourceACity } from './source-a.types.js';

export interface SourceALeadOptions {
  readonly baseUrl: string;
  readonly settings: SourceASettings;
  readonly timeoutMs: number;
  /** Reads the geo dictionary, to turn a search profile's places into city ids. */
  readonly api: Pick<SourceAApi, 'cities'>;
}

/** The cities are read once a day at most: they hardly change, and a lead should not wait for them. */
const CITIES_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Source A takes website leads as Zabun contact messages (`POST api/v1/contactmessage`, about a listing by its
 * property_id) and confirmed keep-me-informed subscriptions as contact requests (`POST api/v1/contactrequest`, a
 * search profile in Zabun's dictionary ids). Anything but 2xx throws; the job queue retries.
 */
export class SourceALeadSink implements LeadSink {
  readonly source = 'A' as const;
  private cities?: { readonly at: number; readonly dictionaries: SourceADictionaries };

  constructor(private readonly options: SourceALeadOptions) {}

  async deliver(lead: LeadPayload): Promise<void> {
    if (lead.kind === 'subscription' && lead.searchProfile) {
      const request = this.request(lead.searchProfile, await this.dictionaries());
      return this.post('api/v1/contactrequest', { contact: this.contact(lead), request: { ...request, ...(lead.message ? { description: lead.message } : {}) } });
    }
    const propertyId = lead.propertyId !== null && /^\d+$/.test(lead.propertyId) ? Number(lead.propertyId) : null;
    return this.post('api/v1/contactmessage', {
      contact: this.contact(lead),
      // `info` carries what Zabun has no field for (unconfirmed shape: public clients only type it as a list).
      // A viewing request's text names the half-days in words (the agency's language); `info` adds them as times.
      message: {
        text: lead.message,
        property_id: propertyId,
        info: [
          `website lead: ${lead.kind}`,
          `reference: ${lead.id}`,
          `created: ${lead.createdAt}`,
          ...(lead.viewing?.slots ?? []).map((slot, index) => `viewing slot ${index + 1}: ${slot.start}/${slot.end}`),
        ],
      },
    });
  }

  private contact(lead: LeadPayload) {
    const [firstName, ...rest] = lead.contact.name.trim().split(/\s+/);
    return { first_name: firstName ?? '', last_name: rest.join(' '), email: lead.contact.email, phone: lead.contact.phone, language: lead.locale };
  }

  /** The profile in Zabun ids; what cannot be mapped is left out rather than sent wrong. */
  private request(profile: SearchProfile, dictionaries: SourceADictionaries): Record<string, unknown> {
    const range = (min: number | null, max: number | null) => (min === null && max === null ? undefined : { ...(min === null ? {} : { min }), ...(max === null ? {} : { max }) });
    const price = range(profile.priceMin, profile.priceMax);
    const bedrooms = range(profile.bedroomsMin, null);
    const cities = dictionaries.cityIds(profile.locations);
    const transactions = profile.transaction ? idsOf(TRANSACTION_KINDS, [profile.transaction === 'buy' ? 'SALE' : 'RENT']) : [];
    const headtypes = idsOf(HEAD_TYPE_IDS, profile.headTypes);
    const types = idsOf(TYPE_IDS, profile.subTypes);
    return {
      ...(price ? { price } : {}),
      ...(bedrooms ? { bedrooms } : {}),
      ...(cities.length ? { cities } : {}),
      ...(transactions.length ? { transactions } : {}),
      ...(headtypes.length ? { headtypes } : {}),
      ...(types.length ? { types } : {}),
    };
  }

  private async dictionaries(): Promise<SourceADictionaries> {
    if (this.cities && Date.now() - this.cities.at < CITIES_TTL_MS) return this.cities.dictionaries;
    const cities: SourceACity[] = [];
    for (let page = 0; page < 100; page++) {
      const items = listIn<SourceACity>(await this.options.api.cities(page, 1000), 'cities');
      cities.push(...items);
      if (items.length < 1000) break;
    }
    this.cities = { at: Date.now(), dictionaries: new SourceADictionaries({}, cities, this.options.settings.language) };
    return this.cities.dictionaries;
  }

  private async post(path: string, body: unknown): Promise<void> {
    const { baseUrl, settings, timeoutMs } = this.options;
    const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...sourceAHeaders(settings) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new HttpStatusError(response.status, url);
  }
}
