import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HttpStatusError, JsonHttpClient, type HttpClientOptions } from '../http-client.js';
import type { SourceAAppointment, SourceAPerson, SourceAProperty, SourceASearchRequest, SourceASearchResponse } from './source-a.types.js';

/** The three calls the adapter makes to source A. */
export interface SourceAApi {
  search(request: SourceASearchRequest): Promise<SourceASearchResponse>;
  property(id: number): Promise<SourceAProperty>;
  person(id: number): Promise<SourceAPerson>;
  appointments(): Promise<SourceAAppointment[]>;
}

export interface SourceACredentials {
  readonly clientId: string;
  readonly apiKey: string;
  readonly serverId: string;
}

/** Source A over HTTP, authenticated by its four headers. */
export class SourceAHttpApi implements SourceAApi {
  private readonly http: JsonHttpClient;

  constructor(options: Omit<HttpClientOptions, 'headers'>, credentials: SourceACredentials) {
    this.http = new JsonHttpClient({
      ...options,
      headers: {
        'X-CLIENT-ID': credentials.clientId,
        client_id: credentials.clientId,
        api_key: credentials.apiKey,
        server_id: credentials.serverId,
      },
    });
  }

  search(request: SourceASearchRequest): Promise<SourceASearchResponse> {
    return this.http.post('api/v1/property/search', request);
  }

  property(id: number): Promise<SourceAProperty> {
    return this.http.get(`api/v1/property/${id}?extended=true`);
  }

  person(id: number): Promise<SourceAPerson> {
    return this.http.get(`api/v1/person/${id}`);
  }

  appointments(): Promise<SourceAAppointment[]> {
    return this.http.get('api/v1/appointments');
  }
}

/** The demo catalogue in fixtures/source-a, answered as the API would (no network). */
export class SourceAFixtureApi implements SourceAApi {
  private readonly properties: SourceAProperty[];
  private readonly persons: SourceAPerson[];
  private readonly bookings: SourceAAppointment[];

  constructor(directory: string) {
    this.properties = JSON.parse(readFileSync(join(directory, 'properties.json'), 'utf8')) as SourceAProperty[];
    this.persons = JSON.parse(readFileSync(join(directory, 'persons.json'), 'utf8')) as SourceAPerson[];
    this.bookings = JSON.parse(readFileSync(join(directory, 'appointments.json'), 'utf8')) as SourceAAppointment[];
  }

  async appointments(): Promise<SourceAAppointment[]> {
    return this.bookings;
  }

  async search(request: SourceASearchRequest): Promise<SourceASearchResponse> {
    const { page, size } = request.paging;
    const all = this.properties.map((property, index) => ({
      property_id: property.property_id ?? -(index + 1),
      updated_at: String(property.updated_at ?? ''),
    }));
    return { paging: { page, size, total: all.length }, properties: all.slice((page - 1) * size, page * size) };
  }

  async property(id: number): Promise<SourceAProperty> {
    const property = this.properties.find((candidate, index) => (candidate.property_id ?? -(index + 1)) === id);
    if (!property) throw new HttpStatusError(404, `fixture property ${id}`);
    return property;
  }

  async person(id: number): Promise<SourceAPerson> {
    const person = this.persons.find((candidate) => candidate.person_id === id);
    if (!person) throw new Error(`fixture person ${id} not found`);
    return person;
  }
}
