import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JsonHttpClient, type HttpClientOptions } from '../http-client.js';
import type { SourceBAppointment, SourceBFeedPage, SourceBListing } from './source-b.types.js';

export interface SourceBApi {
  page(page: number): Promise<SourceBFeedPage>;
  appointments(): Promise<SourceBAppointment[]>;
}

/** Source B's feed over HTTP, with a bearer token. */
export class SourceBHttpApi implements SourceBApi {
  private readonly http: JsonHttpClient;

  constructor(options: Omit<HttpClientOptions, 'headers'>, token: string | undefined) {
    this.http = new JsonHttpClient({ ...options, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  }

  page(page: number): Promise<SourceBFeedPage> {
    return this.http.get(`feed?page=${page}`);
  }

  appointments(): Promise<SourceBAppointment[]> {
    return this.http.get('appointments');
  }
}

export const SOURCE_B_PAGE_SIZE = 20;

/** The demo feed in fixtures/source-b, paged as the real feed is. */
export class SourceBFixtureApi implements SourceBApi {
  private readonly items: SourceBListing[];
  private readonly bookings: SourceBAppointment[];

  constructor(directory: string) {
    this.items = JSON.parse(readFileSync(join(directory, 'feed.json'), 'utf8')) as SourceBListing[];
    this.bookings = JSON.parse(readFileSync(join(directory, 'appointments.json'), 'utf8')) as SourceBAppointment[];
  }

  async appointments(): Promise<SourceBAppointment[]> {
    return this.bookings;
  }

  async page(page: number): Promise<SourceBFeedPage> {
    const items = this.items.slice((page - 1) * SOURCE_B_PAGE_SIZE, page * SOURCE_B_PAGE_SIZE);
    return { items, page, nextPage: page * SOURCE_B_PAGE_SIZE < this.items.length ? page + 1 : null };
  }
}
