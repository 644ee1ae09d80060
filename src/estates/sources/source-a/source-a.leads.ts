import { HttpStatusError } from '../http-client.js';
import type { LeadPayload, LeadSink, SearchProfile } from '../lead-sink.port.js';
import { listIn, type SourceAApi, type SourceASettings, sourceAHeaders } from './source-a.api.js';
import { SourceADictionaries } from './source-a.dictionaries.js';
import { HEAD_TYPE_NAMES, TRANSACTION_NAMES } from './source-a.names.js';
import type { SourceACity } from './source-a.types.js';

export interface SourceALeadOptions {
  readonly baseUrl: string;
  readonly settings: SourceASettings;
  readonly timeoutMs: number;
  /** Reads option_items and the geo dictionary, to turn a search profile into the account's ids. */
  readonly api: Pick<SourceAApi, 'cities' | 'optionItems'>;
}

/** The dictionaries are read once a day at most: they hardly change, and a lead should not wait for them. */
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

  /** Zabun requires `last_name` (esign/craft-formie-zabun marks it required): a visitor who typed one name gets it there. */
  private contact(lead: LeadPayload) {
    const words = lead.contact.name.trim().split(/\s+/).filter(Boolean);
    const [firstName, lastName] = words.length > 1 ? [words[0]!, words.slice(1).join(' ')] : ['', words[0] ?? ''];
    return { first_name: firstName, last_name: lastName, email: lead.contact.email, phone: lead.contact.phone, language: lead.locale };
  }

  /** The profile in Zabun ids; what cannot be mapped is left out rather than sent wrong. */
  private request(profile: SearchProfile, dictionaries: SourceADictionaries): Record<string, unknown> {
    const range = (min: number | null, max: number | null) => (min === null && max === null ? undefined : { ...(min === null ? {} : { min }), ...(max === null ? {} : { max }) });
    const price = range(profile.priceMin, profile.priceMax);
    const bedrooms = range(profile.bedroomsMin, null);
    const cities = dictionaries.cityIds(profile.locations);
    const transactions = profile.transaction ? dictionaries.idsMeaning('transactions', TRANSACTION_NAMES, [profile.transaction === 'buy' ? 'SALE' : 'RENT']) : [];
    const headtypes = dictionaries.idsMeaning('head_types', HEAD_TYPE_NAMES, profile.headTypes);
    const types = dictionaries.typeIds(profile.subTypes);
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
    const optionItems = await this.options.api.optionItems();
    const cities = listIn<SourceACity>(await this.options.api.cities(), 'cities');
    this.cities = { at: Date.now(), dictionaries: new SourceADictionaries(optionItems, cities, this.options.settings.language) };
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
