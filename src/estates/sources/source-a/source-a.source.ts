import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Estate } from '../../domain/estate.js';
import type { SourceAppointment } from '../appointment-source.port.js';
import { mapSourceAAppointment } from '../appointment-mappers.js';
import { type EstateSource, type FetchOptions, type FieldGap, type SourceHealth, type SourceRecord, SourceUnavailableError } from '../estate-source.port.js';
import { currentFetchBudget, HttpStatusError } from '../http-client.js';
import { proxiedImageUrl } from '../image-url.js';
import { numberOrNull } from '../raw-text.js';
import { listIn, type SourceAApi } from './source-a.api.js';
import { SourceADictionaries } from './source-a.dictionaries.js';
import { hiddenReason, mapSourceAPropertyWithGaps, type SourceAContext } from './source-a.mapper.js';
import type { SourceACity, SourceADictionaryEntry, SourceAPerson, SourceAProperty, SourceASearchItem } from './source-a.types.js';

/** Listings per search page, as public clients ask. */
const PAGE_SIZE = 100;
/**
 * A dictionary or medium list longer than this is an API that never says "last page". The medium's list comes 100 ids
 * a page: 1,000 pages are a 100,000-listing catalogue (100 pages stopped a 50,000-listing one at 10,000).
 */
const MAX_LIST_PAGES = 1000;

export interface SourceAOptions {
  /** Only listings published to this medium are live (14: "Website via API"); null: no medium filter. */
  readonly mediumId: number | null;
  readonly language: string;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function childIds(property: SourceAProperty): number[] {
  return (Array.isArray(property.child_properties) ? property.child_properties : []).flatMap((child) => {
    const id = numberOrNull(typeof child === 'object' && child !== null ? child.property_id : child);
    return id === null ? [] : [id];
  });
}

type Medium = { readonly id: number; readonly published: ReadonlySet<number> };

/**
 * The detail records kept until the end of the read, deflated: whether a listing is a unit is only known once every
 * project has been read, so every record waits. As parsed objects, 50,000 records took ~1 GB of heap; deflated, about
 * 2.5 KB each. Kept as one-byte strings: a Buffer per record would hold zlib's whole output chunk (64 KB), and small
 * copies of it cost the allocator several times their size.
 */
class PackedRecords {
  private readonly packed = new Map<number, string>();

  has(id: number): boolean {
    return this.packed.has(id);
  }

  set(id: number, property: SourceAProperty): void {
    this.packed.set(id, deflateRawSync(JSON.stringify(property), { level: 1 }).toString('latin1'));
  }

  get(id: number): SourceAProperty | undefined {
    const packed = this.packed.get(id);
    return packed === undefined ? undefined : (JSON.parse(inflateRawSync(Buffer.from(packed, 'latin1')).toString('utf8')) as SourceAProperty);
  }

  delete(id: number): void {
    this.packed.delete(id);
  }

  ids(): number[] {
    return [...this.packed.keys()];
  }
}

/**
 * Source A, the Zabun CMS API: refreshes the dictionaries and persons, lists the website medium's listings, pages
 * through the search (by `updated_since` when incremental), reads each listing in full and puts a project's units
 * (its `child_properties`) under it. Failing to read a list is a SourceUnavailableError; a listing that cannot be
 * mapped is skipped and reported; one the site must not show is yielded as hidden with the reason.
 */
export class SourceA implements EstateSource {
  readonly name = 'A' as const;
  readonly label = 'Zabun';
  readonly incremental = true;
  readonly fetchAppointments?: () => Promise<readonly SourceAppointment[]>;
  /** The dictionaries of the last read (refreshed at the start of each one). */
  dictionaries?: SourceADictionaries;

  constructor(
    private readonly api: SourceAApi,
    private readonly options: SourceAOptions = { mediumId: 14, language: 'nl' },
  ) {
    const appointments = api.appointments;
    if (appointments) {
      this.fetchAppointments = async () => {
        const raw = await appointments();
        if (!Array.isArray(raw)) throw new SourceUnavailableError('A', 'appointments: not a list');
        return raw.map(mapSourceAAppointment).filter((appointment): appointment is SourceAppointment => appointment !== null);
      };
    }
  }

  async health(): Promise<SourceHealth> {
    try {
      await this.api.heartbeat();
      return { authenticated: true };
    } catch (error) {
      if (error instanceof HttpStatusError && (error.status === 401 || error.status === 403)) {
        return {
          authenticated: false,
          problem: `HTTP ${error.status} from auth/v1/heartbeat: check SOURCE_A_COMPANY_ID (sent as X-CLIENT-ID), SOURCE_A_API_KEY, SOURCE_A_CLIENT_ID, SOURCE_A_SERVER_ID`,
        };
      }
      return { authenticated: false, problem: `auth/v1/heartbeat: ${reason(error)}` };
    }
  }

  async *fetchAll(options: FetchOptions = {}): AsyncIterable<SourceRecord> {
    let context: SourceAContext;
    let medium: Medium | null;
    let items: SourceASearchItem[];
    try {
      const dictionaries = await this.refreshDictionaries();
      const persons = await this.persons();
      context = { imageUrl: proxiedImageUrl, person: (id) => persons.get(id), dictionaries };
      medium = this.options.mediumId === null ? null : { id: this.options.mediumId, published: await this.published(this.options.mediumId) };
      items = await this.search(options.since);
    } catch (error) {
      throw error instanceof SourceUnavailableError ? error : new SourceUnavailableError('A', reason(error));
    }

    const details = new PackedRecords();
    /** The units each project read names (kept beside the packed records: they decide which records are units). */
    const childrenOf = new Map<number, number[]>();
    const parentOf = new Map<number, number>();
    const hidden = new Map<number, string>();
    const read = async (id: number): Promise<void> => {
      if (details.has(id) || hidden.has(id)) return;
      const cheap = hiddenReason({ property_id: id }, medium);
      if (cheap) return void hidden.set(id, cheap);
      let property: SourceAProperty;
      try {
        property = await this.api.property(id);
      } catch (error) {
        // Gone between the search and the read: no longer listed.
        if (error instanceof HttpStatusError && error.status === 404) return void hidden.set(id, 'not found (deleted in the CRM)');
        // Anything else means the CRM cannot be read reliably now: keep the cache as it is.
        throw new SourceUnavailableError('A', reason(error));
      }
      const why = hiddenReason({ ...property, property_id: id }, medium, context.dictionaries);
      if (why) hidden.set(id, why);
      else {
        details.set(id, property);
        const children = childIds(property);
        if (children.length > 0) childrenOf.set(id, children);
        const parent = numberOrNull(property.parent_property_id);
        if (parent !== null) parentOf.set(id, parent);
      }
    };

    const invalid: SourceRecord[] = [];
    for (const item of items) {
      const id = numberOrNull(item.property_id);
      if (id === null) {
        invalid.push({ ok: false, sourceId: '?', error: 'search item without property_id' });
        continue;
      }
      // Flags the search already gives save a detail read.
      const why = hiddenReason({ ...item, property_id: id }, medium);
      if (why) hidden.set(id, why);
      else await read(id);
    }
    yield* invalid;

    // A project names its units. A unit its project does not name here (the project is hidden, or unchanged in an
    // incremental read) is still a unit when the sync knows its project or it names one: it brings its project back.
    const projectOfUnit = new Map<number, number>();
    const register = () => {
      for (const [id, units] of childrenOf) for (const unit of units) projectOfUnit.set(unit, id);
    };
    register();
    for (const item of items) {
      const id = numberOrNull(item.property_id);
      if (id === null || projectOfUnit.has(id)) continue;
      const project = numberOrNull(options.projectOf?.(String(id))) ?? (parentOf.get(id) ?? null);
      if (project === null || project === id) continue;
      projectOfUnit.set(id, project);
      await read(project);
    }
    register();
    for (const [unit] of projectOfUnit) await read(unit);

    for (const [id, why] of hidden) {
      if (!projectOfUnit.has(id)) yield { ok: false, sourceId: String(id), hidden: why };
    }
    // Each record read is let go once it is mapped: the raw records and the mapped listings of a 50,000-listing
    // catalogue (~10 and ~12 KB each) are not all in memory at once. Units stay until the end: their project maps them.
    for (const id of details.ids()) {
      if (projectOfUnit.has(id)) continue;
      const property = details.get(id)!;
      details.delete(id);
      const units: Estate[] = [];
      const unitGaps: FieldGap[] = [];
      for (const unitId of childrenOf.get(id) ?? []) {
        const unit = details.get(unitId);
        if (!unit) continue;
        try {
          const mapped = mapSourceAPropertyWithGaps(unit, context);
          units.push({ ...mapped.estate, parentId: id });
          unitGaps.push(...mapped.gaps.map((gap) => ({ ...gap, reason: `unit ${unitId}: ${gap.reason}` })));
        } catch (error) {
          yield { ok: false, sourceId: String(unitId), error: reason(error) };
        }
      }
      try {
        const { estate, gaps } = mapSourceAPropertyWithGaps(property, context, units);
        const all = [...gaps, ...unitGaps];
        yield all.length > 0 ? { ok: true, estate, gaps: all } : { ok: true, estate };
      } catch (error) {
        yield { ok: false, sourceId: String(id), error: reason(error) };
      }
    }
  }

  /**
   * option_items, Belgium's cities, the technicals with their dropdowns, the evaluations and the video types, read
   * again at the start of every sync (once each per sync). option_items and the cities are needed; without one of the
   * others (an account that answers 404 or 500 for it) the listings show without the fields it names.
   */
  private async refreshDictionaries(): Promise<SourceADictionaries> {
    const optionItems = await this.api.optionItems();
    const cities = listIn<SourceACity>(await this.api.cities(), 'cities');
    const technicals = await this.optionalList(() => this.api.technicals(), 'technicals');
    const technicalDropdowns: Record<number, SourceADictionaryEntry[]> = {};
    for (const technical of technicals) {
      const id = numberOrNull(technical?.id);
      if (id !== null && !(id in technicalDropdowns)) technicalDropdowns[id] = await this.optionalList(() => this.api.technicalDropdowns(id), 'dropdowns');
    }
    const evaluations = await this.optionalList(() => this.api.evaluations(), 'evaluations');
    const videoTypes = await this.optionalList(() => this.api.videoTypes(), 'types');
    this.dictionaries = new SourceADictionaries(optionItems, cities, this.options.language, { technicals, technicalDropdowns, evaluations, videoTypes });
    return this.dictionaries;
  }

  /** A dictionary the listings can do without: an HTTP error other than 401/403 leaves it empty. */
  private async optionalList(read: () => Promise<unknown>, key: string): Promise<SourceADictionaryEntry[]> {
    try {
      return listIn<SourceADictionaryEntry>(await read(), key);
    } catch (error) {
      if (error instanceof HttpStatusError && error.status !== 401 && error.status !== 403) return [];
      throw error;
    }
  }

  /** The sales reps (`GET api/v1/person`); without them a listing still shows, with the agency as contact. */
  private async persons(): Promise<Map<number, SourceAPerson>> {
    try {
      const persons = listIn<SourceAPerson>(await this.api.persons(), 'persons');
      return new Map(persons.flatMap((person) => (typeof person?.person_id === 'number' ? [[person.person_id, person] as const] : [])));
    } catch (error) {
      if (error instanceof HttpStatusError && error.status !== 401 && error.status !== 403) return new Map();
      throw error;
    }
  }

  /** The ids published to the medium. */
  private async published(medium: number): Promise<Set<number>> {
    const items = await this.pages<SourceASearchItem>((page) => this.api.mediaSync(medium, page, PAGE_SIZE), PAGE_SIZE, 'properties');
    return new Set(items.flatMap((item) => {
      const id = numberOrNull(item?.property_id ?? (item as { id?: unknown } | null)?.id);
      return id === null ? [] : [id];
    }));
  }

  /** Every 0-based page of a list until a short one. */
  private async pages<T>(read: (page: number) => Promise<unknown>, size: number, key: string): Promise<T[]> {
    const all: T[] = [];
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      currentFetchBudget()?.throwIfAborted();
      const items = listIn<T>(await read(page), key);
      all.push(...items);
      if (items.length < size) return all;
    }
    throw new SourceUnavailableError('A', `${key}: more than ${MAX_LIST_PAGES} pages`);
  }

  private async search(since: Date | undefined): Promise<SourceASearchItem[]> {
    const items: SourceASearchItem[] = [];
    const budget = currentFetchBudget();
    for (let page = 0; ; page++) {
      // A search that never ends is cut off by the sync's page and record caps.
      budget?.page();
      const response = await this.api.search({
        paging: { page, size: PAGE_SIZE },
        filtering: since ? { updated_since: since.toISOString() } : {},
        sorting: { sort: 'MOST_RECENT', order: 'DESC' },
      });
      const properties = listIn<SourceASearchItem>(response, 'properties');
      budget?.addRecords(properties.length);
      items.push(...properties);
      if (properties.length < PAGE_SIZE) return items;
    }
  }
}
