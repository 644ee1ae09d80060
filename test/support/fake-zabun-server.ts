import type { IncomingMessage, ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import { FIXTURES_DIR } from '../../src/utils/paths.js';
import { readSourceAFixtures } from '../../src/estates/sources/source-a/source-a.api.js';
import type { SourceAAppointment, SourceACity, SourceADictionaryEntry, SourceAOptionItems, SourceAPerson, SourceAProperty } from '../../src/estates/sources/source-a/source-a.types.js';

/** What the fake Zabun account accepts; the company id (X-CLIENT-ID) differs from client_id, as in reality. */
export const FAKE_A_CREDENTIALS = { clientId: 'agency-42', apiKey: 'secret-key', serverId: 'srv-1', companyId: '7301' };

/** The visitor's address of a lead the fake Zabun accepted. */
export function zabunLeadEmail(lead: { body: Record<string, unknown> }): unknown {
  return (lead.body.contact as { email?: unknown } | undefined)?.email;
}

/** The listings that are not a project's unit (units are only named by their project's child_properties). */
export function standaloneProperties(properties: readonly SourceAProperty[]): SourceAProperty[] {
  const units = new Set(properties.flatMap((property) => (property.child_properties ?? []).map(Number)));
  return properties.filter((property) => !units.has(property.property_id!));
}

export type FailureMode = 'none' | 'always-500' | 'once-500';

interface Paged {
  readonly paging?: { readonly page?: number; readonly size?: number };
  readonly filtering?: { readonly updated_since?: string };
}

/**
 * The Zabun CMS API in the shapes public clients read (docs/crm/zabun.md) over the demo catalogue, editable per test:
 * the four credential headers on every call (401 otherwise), 0-based pages with a short last one and no total,
 * option_items, the geo cities of a country (`GET api/v1/geo/cities?country_geo_id=`, and the text search
 * `POST api/v1/geo/cities/search`), the technicals with their dropdowns, the evaluations, the video types, persons as
 * a list, publication per medium, contact messages and contact requests (`contact.last_name` required, as
 * esign/craft-formie-zabun marks it: 422 without it).
 */
export class FakeZabun {
  readonly state: {
    properties: SourceAProperty[];
    persons: SourceAPerson[];
    appointments: SourceAAppointment[];
    optionItems: SourceAOptionItems;
    /** Belgium's cities (country_geo_id 23), as `GET api/v1/geo/cities?country_geo_id=23` lists them. */
    cities: SourceACity[];
    technicals: SourceADictionaryEntry[];
    /** Dropdowns per technical id. */
    technicalDropdowns: Record<string, SourceADictionaryEntry[]>;
    evaluations: SourceADictionaryEntry[];
    videoTypes: SourceADictionaryEntry[];
    /** Listing ids per medium id, as media-sync lists them. */
    media: Record<string, number[]>;
    failure: FailureMode;
    /** true: search answers carry no `paging` object (some accounts answer so). */
    omitPaging: boolean;
  };
  /** Leads the API accepted, with the endpoint they were posted to. */
  readonly leads: Array<{ endpoint: 'contactmessage' | 'contactrequest'; body: Record<string, unknown> }> = [];
  /** A status to answer a path with instead (an account without an endpoint), or null to answer it. */
  refuse: (path: string) => number | null = () => null;
  /** Every call, with its JSON body (searches: to count pages and read filters). */
  readonly calls: Array<{ method: string; path: string; body?: unknown; headers: IncomingMessage['headers'] }> = [];

  constructor(private readonly leadFailure: () => boolean) {
    const fixtures = readSourceAFixtures(`${FIXTURES_DIR}/source-a`);
    this.state = { ...fixtures, failure: 'none', omitPaging: false };
  }

  private failing(): boolean {
    if (this.state.failure === 'always-500') return true;
    if (this.state.failure === 'once-500') {
      this.state.failure = 'none';
      return true;
    }
    return false;
  }

  /** Answers a request under the fake's prefix; `path` starts with '/'. */
  async handle(request: IncomingMessage, response: ServerResponse, path: string, search: URLSearchParams): Promise<void> {
    const send = (status: number, body?: unknown, type = 'application/json') => {
      response.writeHead(status, { 'Content-Type': type });
      response.end(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
    };
    const raw = request.method === 'POST' ? await text(request) : '';
    const body = raw ? (JSON.parse(raw) as unknown) : undefined;
    this.calls.push({ method: request.method ?? 'GET', path, body, headers: request.headers });

    const headers = request.headers;
    if (
      headers['x-client-id'] !== FAKE_A_CREDENTIALS.companyId ||
      headers.client_id !== FAKE_A_CREDENTIALS.clientId ||
      headers.api_key !== FAKE_A_CREDENTIALS.apiKey ||
      headers.server_id !== FAKE_A_CREDENTIALS.serverId
    ) {
      return send(401, { message: 'Unauthorized' });
    }
    if (request.method === 'GET' && path === '/auth/v1/heartbeat') return send(200, 'V1 heartbeat OK', 'text/plain');
    if (request.method === 'POST' && (path === '/api/v1/contactmessage' || path === '/api/v1/contactrequest')) {
      if (this.leadFailure()) return send(500, { message: 'boom' });
      const lastName = (body as { contact?: { last_name?: unknown } } | undefined)?.contact?.last_name;
      if (typeof lastName !== 'string' || lastName.trim() === '') return send(422, { message: 'contact.last_name is required' });
      this.leads.push({ endpoint: path.endsWith('message') ? 'contactmessage' : 'contactrequest', body: body as Record<string, unknown> });
      return send(201, { id: this.leads.length });
    }
    if (this.failing()) return send(500, { message: 'boom' });
    const refused = this.refuse(path);
    if (refused !== null) return send(refused, { message: 'refused' });

    const paged = (items: readonly unknown[]) => {
      const { page = 0, size = 100 } = (body as Paged | undefined)?.paging ?? {};
      return items.slice(page * size, (page + 1) * size);
    };
    if (request.method === 'GET' && path === '/api/v1/property/option_items') return send(200, this.state.optionItems);
    if (request.method === 'GET' && path === '/api/v1/geo/cities') {
      return send(200, search.get('country_geo_id') === '23' ? this.state.cities : []);
    }
    if (request.method === 'POST' && path === '/api/v1/geo/cities/search') {
      const filtering = (body as { filtering?: { city_text?: string; country_geo_ids?: number[]; zip_codes?: string[] } } | undefined)?.filtering ?? {};
      const text = filtering.city_text?.toLowerCase();
      const found = (filtering.country_geo_ids ?? [23]).includes(23)
        ? this.state.cities.filter(
            (city) =>
              (!text || [city.city, city.city_full, ...(city.alias ?? []).map((alias) => alias.alias)].some((name) => name?.toLowerCase().includes(text))) &&
              (!filtering.zip_codes?.length || filtering.zip_codes.includes(String(city.zip))),
          )
        : [];
      return send(200, paged(found));
    }
    if (request.method === 'GET' && path === '/api/v1/property/technicals') return send(200, this.state.technicals);
    const dropdowns = /^\/api\/v1\/property\/technicals\/(\d+)\/dropdowns$/.exec(path);
    if (request.method === 'GET' && dropdowns) {
      const list = this.state.technicalDropdowns[dropdowns[1]];
      return list ? send(200, list) : send(404, { message: 'unknown technical' });
    }
    if (request.method === 'GET' && path === '/api/v1/property/evaluations') return send(200, this.state.evaluations);
    if (request.method === 'GET' && path === '/api/v1/property/videos/types') return send(200, this.state.videoTypes);
    if (request.method === 'GET' && path === '/api/v1/person') return send(200, this.state.persons);
    if (request.method === 'GET' && path === '/api/v1/appointments') return send(200, this.state.appointments);
    if (request.method === 'POST' && path === '/api/v1/property/search') {
      const since = (body as Paged).filtering?.updated_since;
      const all = this.state.properties
        .filter((property) => !since || Date.parse(String(property.changed)) >= Date.parse(since))
        .map((property) => ({ property_id: property.property_id, changed: property.changed }));
      const properties = paged(all);
      return send(200, this.state.omitPaging ? { properties } : { paging: (body as Paged).paging, properties });
    }
    const medium = /^\/api\/v1\/property\/media-sync\/(\d+)$/.exec(path);
    if (request.method === 'POST' && medium) return send(200, { properties: paged((this.state.media[medium[1]] ?? []).map((id) => ({ property_id: id }))) });
    const property = /^\/api\/v1\/property\/(\d+)$/.exec(path);
    if (request.method === 'GET' && property && search.get('extended') === 'true') {
      const found = this.propertyById(Number(property[1]));
      return found ? send(200, found) : send(404, { message: 'not found' });
    }
    return send(404, { message: 'no route' });
  }

  private index?: { readonly of: readonly SourceAProperty[]; readonly byId: ReadonlyMap<number | undefined, SourceAProperty> };

  /** By id through an index rebuilt when a test replaces the list: a 50,000-listing benchmark reads each one once. */
  private propertyById(id: number): SourceAProperty | undefined {
    if (this.index?.of !== this.state.properties) {
      this.index = { of: this.state.properties, byId: new Map(this.state.properties.map((candidate) => [candidate.property_id, candidate])) };
    }
    return this.index.byId.get(id);
  }

  /** The app's configuration for this fake mounted at `baseUrl`. */
  env(baseUrl: string): Record<string, string> {
    return {
      SOURCE_A_BASE_URL: baseUrl,
      SOURCE_A_CLIENT_ID: FAKE_A_CREDENTIALS.clientId,
      SOURCE_A_API_KEY: FAKE_A_CREDENTIALS.apiKey,
      SOURCE_A_SERVER_ID: FAKE_A_CREDENTIALS.serverId,
      SOURCE_A_COMPANY_ID: FAKE_A_CREDENTIALS.companyId,
      SOURCE_A_APPOINTMENTS_PATH: 'api/v1/appointments',
    };
  }
}
