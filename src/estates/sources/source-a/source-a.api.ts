import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HttpStatusError, JsonHttpClient, type HttpClientOptions } from '../http-client.js';
import { BELGIUM_GEO_ID, SourceADictionaries } from './source-a.dictionaries.js';
import type {
  SourceAAppointment,
  SourceACity,
  SourceADictionaryEntry,
  SourceAOptionItems,
  SourceAPerson,
  SourceAProperty,
  SourceASearchItem,
  SourceASearchRequest,
  SourceASearchResponse,
} from './source-a.types.js';

/** The calls the adapter makes to the Zabun CMS API. */
export interface SourceAApi {
  /** `GET auth/v1/heartbeat`; throws HttpStatusError (401: the credentials) or a network error. */
  heartbeat(): Promise<void>;
  optionItems(): Promise<SourceAOptionItems>;
  /** Belgium's cities from the geo dictionary (`GET api/v1/geo/cities?country_geo_id=23`), one list. */
  cities(): Promise<unknown>;
  /** `GET api/v1/property/technicals`. */
  technicals(): Promise<unknown>;
  /** `GET api/v1/property/technicals/{id}/dropdowns`. */
  technicalDropdowns(technicalId: number): Promise<unknown>;
  /** `GET api/v1/property/evaluations`. */
  evaluations(): Promise<unknown>;
  /** `GET api/v1/property/videos/types`. */
  videoTypes(): Promise<unknown>;
  search(request: SourceASearchRequest): Promise<SourceASearchResponse>;
  /** One page of the listings published to a medium (`POST api/v1/property/media-sync/{medium}`). */
  mediaSync(medium: number, page: number, size: number): Promise<unknown>;
  property(id: number): Promise<SourceAProperty>;
  persons(): Promise<unknown>;
  /** Only when an appointments endpoint is configured (no public client reads one: unconfirmed). */
  readonly appointments?: () => Promise<SourceAAppointment[]>;
}

/** What identifies the agency to Zabun; header names are case-sensitive. */
export interface SourceASettings {
  readonly apiKey: string;
  readonly clientId: string;
  readonly serverId: string;
  /** The agency's company id, sent as X-CLIENT-ID (not client_id's value). */
  readonly companyId: string;
  /** Sent as X-USER-ID when set (write-capable clients send it). */
  readonly userId?: string;
  /** Accept-Language, and the language of texts that come as a plain string. */
  readonly language: string;
}

export function sourceAHeaders(settings: SourceASettings): Record<string, string> {
  return {
    api_key: settings.apiKey,
    client_id: settings.clientId,
    server_id: settings.serverId,
    'X-CLIENT-ID': settings.companyId,
    ...(settings.userId ? { 'X-USER-ID': settings.userId } : {}),
    'Accept-Language': settings.language,
  };
}

/** The array in an answer: the answer itself, or its first list under a name public clients read. */
export function listIn<T>(answer: unknown, ...keys: string[]): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object') {
    for (const key of [...keys, 'items', 'data']) {
      const value = (answer as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as T[];
    }
  }
  return [];
}

const CITY_PAGE_SIZE = 1000;
/** Belgium has under 3,000 postal cities: 20 pages of 1,000 is an API that never says "last page". */
const CITY_SEARCH_PAGES = 20;

/** The Zabun CMS API over HTTP. */
export class SourceAHttpApi implements SourceAApi {
  private readonly http: JsonHttpClient;
  private readonly headers: Record<string, string>;
  readonly appointments?: () => Promise<SourceAAppointment[]>;

  constructor(
    private readonly options: Omit<HttpClientOptions, 'headers'>,
    settings: SourceASettings,
    appointmentsPath?: string,
  ) {
    this.headers = sourceAHeaders(settings);
    this.http = new JsonHttpClient({ ...options, headers: this.headers });
    if (appointmentsPath) this.appointments = () => this.http.get(appointmentsPath);
  }

  async heartbeat(): Promise<void> {
    const url = new URL('auth/v1/heartbeat', this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`).toString();
    const response = await fetch(url, { headers: this.headers, signal: AbortSignal.timeout(this.options.timeoutMs) });
    // The answer is plain text ("V1 …"): only the status matters.
    await response.body?.cancel();
    if (!response.ok) throw new HttpStatusError(response.status, 'auth/v1/heartbeat');
  }

  optionItems(): Promise<SourceAOptionItems> {
    return this.http.get('api/v1/property/option_items');
  }

  /**
   * `GET api/v1/geo/cities?country_geo_id=23`; an account that answers it 404 or 405 is asked the text search
   * instead (`POST api/v1/geo/cities/search`, `filtering: { country_geo_ids: [23] }`, 0-based pages of 1,000).
   */
  async cities(): Promise<unknown> {
    try {
      return await this.http.get(`api/v1/geo/cities?country_geo_id=${BELGIUM_GEO_ID}`);
    } catch (error) {
      if (!(error instanceof HttpStatusError) || (error.status !== 404 && error.status !== 405)) throw error;
    }
    const cities: unknown[] = [];
    for (let page = 0; page < CITY_SEARCH_PAGES; page++) {
      const found = listIn(await this.http.post('api/v1/geo/cities/search', { paging: { page, size: CITY_PAGE_SIZE }, filtering: { country_geo_ids: [BELGIUM_GEO_ID] } }), 'cities');
      cities.push(...found);
      if (found.length < CITY_PAGE_SIZE) break;
    }
    return cities;
  }

  technicals(): Promise<unknown> {
    return this.http.get('api/v1/property/technicals');
  }

  /** The Zabun→Airtable sync also sends the id as a `technical_id` header. */
  technicalDropdowns(technicalId: number): Promise<unknown> {
    return this.http.get(`api/v1/property/technicals/${technicalId}/dropdowns`, { technical_id: String(technicalId) });
  }

  evaluations(): Promise<unknown> {
    return this.http.get('api/v1/property/evaluations');
  }

  videoTypes(): Promise<unknown> {
    return this.http.get('api/v1/property/videos/types');
  }

  search(request: SourceASearchRequest): Promise<SourceASearchResponse> {
    return this.http.post('api/v1/property/search', request);
  }

  mediaSync(medium: number, page: number, size: number): Promise<unknown> {
    return this.http.post(`api/v1/property/media-sync/${medium}`, { paging: { page, size } });
  }

  property(id: number): Promise<SourceAProperty> {
    return this.http.get(`api/v1/property/${id}?extended=true`);
  }

  persons(): Promise<unknown> {
    return this.http.get('api/v1/person');
  }
}

/** The demo files of fixtures/source-a, as the API gives them. */
export interface SourceAFixtures {
  readonly properties: SourceAProperty[];
  readonly optionItems: SourceAOptionItems;
  readonly cities: SourceACity[];
  readonly technicals: SourceADictionaryEntry[];
  /** Dropdowns per technical id. */
  readonly technicalDropdowns: Record<string, SourceADictionaryEntry[]>;
  readonly evaluations: SourceADictionaryEntry[];
  readonly videoTypes: SourceADictionaryEntry[];
  readonly persons: SourceAPerson[];
  /** Listing ids per medium id. */
  readonly media: Record<string, number[]>;
  readonly appointments: SourceAAppointment[];
}

export function readSourceAFixtures(directory: string): SourceAFixtures {
  const read = <T>(file: string) => JSON.parse(readFileSync(join(directory, file), 'utf8')) as T;
  return {
    properties: read('properties.json'),
    optionItems: read('option_items.json'),
    cities: read('cities.json'),
    technicals: read('technicals.json'),
    technicalDropdowns: read('technical_dropdowns.json'),
    evaluations: read('evaluations.json'),
    videoTypes: read('video_types.json'),
    persons: read('persons.json'),
    media: read('media.json'),
    appointments: read('appointments.json'),
  };
}

/** The demo's dictionaries, for code that maps fixture records without a source (specs). */
export function fixtureDictionaries(fixtures: SourceAFixtures, language = 'nl'): SourceADictionaries {
  return new SourceADictionaries(fixtures.optionItems, fixtures.cities, language, {
    technicals: fixtures.technicals,
    technicalDropdowns: fixtures.technicalDropdowns,
    evaluations: fixtures.evaluations,
    videoTypes: fixtures.videoTypes,
  });
}

/** One 0-based page; the last one is short, and there is no total, as in the real API. */
function page<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice(page * size, (page + 1) * size);
}

/** Summary items of a search, filtered by `updated_since` as the API does. */
function searchItems(properties: readonly SourceAProperty[], request: SourceASearchRequest): SourceASearchItem[] {
  const since = request.filtering.updated_since ? Date.parse(request.filtering.updated_since) : Number.NEGATIVE_INFINITY;
  return properties
    .filter((property) => Date.parse(String(property.changed)) >= since || Number.isNaN(Date.parse(String(property.changed))))
    .map((property) => ({ property_id: property.property_id, changed: property.changed }));
}

/** The demo catalogue in fixtures/source-a, answered as the API would (no network), so the demo runs the real path. */
export class SourceAFixtureApi implements SourceAApi {
  private readonly fixtures: SourceAFixtures;
  readonly appointments: () => Promise<SourceAAppointment[]>;

  constructor(directory: string) {
    this.fixtures = readSourceAFixtures(directory);
    this.appointments = async () => this.fixtures.appointments;
  }

  async heartbeat(): Promise<void> {}

  async optionItems(): Promise<SourceAOptionItems> {
    return this.fixtures.optionItems;
  }

  async cities(): Promise<unknown> {
    return this.fixtures.cities;
  }

  async technicals(): Promise<unknown> {
    return this.fixtures.technicals;
  }

  async technicalDropdowns(technicalId: number): Promise<unknown> {
    const dropdowns = this.fixtures.technicalDropdowns[String(technicalId)];
    if (!dropdowns) throw new HttpStatusError(404, `fixture technical ${technicalId}`);
    return dropdowns;
  }

  async evaluations(): Promise<unknown> {
    return this.fixtures.evaluations;
  }

  async videoTypes(): Promise<unknown> {
    return this.fixtures.videoTypes;
  }

  async search(request: SourceASearchRequest): Promise<SourceASearchResponse> {
    const { page: index, size } = request.paging;
    return { paging: { page: index, size }, properties: page(searchItems(this.fixtures.properties, request), index, size) };
  }

  async mediaSync(medium: number, index: number, size: number): Promise<unknown> {
    return { properties: page(this.fixtures.media[String(medium)] ?? [], index, size).map((id) => ({ property_id: id })) };
  }

  async property(id: number): Promise<SourceAProperty> {
    const property = this.fixtures.properties.find((candidate) => candidate.property_id === id);
    if (!property) throw new HttpStatusError(404, `fixture property ${id}`);
    return property;
  }

  async persons(): Promise<unknown> {
    return this.fixtures.persons;
  }
}

/** The settings block of the configuration that identifies the agency. */
export function sourceASettings(config: {
  readonly SOURCE_A_API_KEY: string;
  readonly SOURCE_A_CLIENT_ID: string;
  readonly SOURCE_A_SERVER_ID: string;
  readonly SOURCE_A_COMPANY_ID: string;
  readonly SOURCE_A_USER_ID?: string;
  readonly SOURCE_A_LANGUAGE: string;
}): SourceASettings {
  return {
    apiKey: config.SOURCE_A_API_KEY,
    clientId: config.SOURCE_A_CLIENT_ID,
    serverId: config.SOURCE_A_SERVER_ID,
    companyId: config.SOURCE_A_COMPANY_ID,
    userId: config.SOURCE_A_USER_ID,
    language: config.SOURCE_A_LANGUAGE,
  };
}
