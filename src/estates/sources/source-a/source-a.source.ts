import type { Estate } from '../../domain/estate.js';
import type { SourceAppointment } from '../appointment-source.port.js';
import { mapSourceAAppointment } from '../appointment-mappers.js';
import { type EstateSource, type SourceHealth, type SourceRecord, SourceUnavailableError } from '../estate-source.port.js';
import { currentFetchBudget, HttpStatusError } from '../http-client.js';
import { proxiedImageUrl } from '../image-url.js';
import type { SourceAApi } from './source-a.api.js';
import { isLiveInSourceA, mapSourceAProperty } from './source-a.mapper.js';
import type { SourceAPerson, SourceAProperty } from './source-a.types.js';

const PAGE_SIZE = 50;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Source A: pages through the search, reads each property in full, resolves sales reps, and puts
 * project units under their project. Failing to read the list is a SourceUnavailableError; one
 * property that cannot be read or mapped is skipped and reported.
 */
export class SourceA implements EstateSource {
  readonly name = 'A' as const;
  readonly label = 'Zabun';
  readonly incremental = false;

  constructor(private readonly api: SourceAApi) {}

  async health(): Promise<SourceHealth> {
    return { authenticated: true };
  }

  async fetchAppointments(): Promise<readonly SourceAppointment[]> {
    const raw = await this.api.appointments();
    if (!Array.isArray(raw)) throw new SourceUnavailableError('A', 'appointments: not a list');
    return raw.map(mapSourceAAppointment).filter((appointment): appointment is SourceAppointment => appointment !== null);
  }

  async *fetchAll(): AsyncIterable<SourceRecord> {
    const ids = await this.listIds();
    const live: SourceAProperty[] = [];
    for (const id of ids) {
      try {
        const property = await this.api.property(id);
        if (isLiveInSourceA(property)) live.push(property);
      } catch (error) {
        // Gone between the search and the read: it is simply no longer listed.
        if (error instanceof HttpStatusError && error.status === 404) continue;
        // Anything else means the CRM cannot be read reliably now: keep the cache as it is.
        throw new SourceUnavailableError('A', reason(error));
      }
    }

    const persons = await this.persons(live);
    const context = { imageUrl: proxiedImageUrl, person: (id: number) => persons.get(id) };
    const unitsByProject = new Map<number, SourceAProperty[]>();
    for (const property of live) {
      const parent = property.parent_property_id;
      if (parent) unitsByProject.set(parent, [...(unitsByProject.get(parent) ?? []), property]);
    }
    for (const property of live) {
      if (property.parent_property_id) continue;
      try {
        const units: Estate[] = [];
        for (const unit of unitsByProject.get(property.property_id ?? -1) ?? []) {
          try {
            units.push(mapSourceAProperty(unit, context));
          } catch (error) {
            yield { ok: false, sourceId: String(unit.property_id ?? '?'), error: reason(error) };
          }
        }
        yield { ok: true, estate: mapSourceAProperty(property, context, units) };
      } catch (error) {
        yield { ok: false, sourceId: String(property.property_id ?? '?'), error: reason(error) };
      }
    }
  }

  private async listIds(): Promise<number[]> {
    const ids: number[] = [];
    const budget = currentFetchBudget();
    try {
      for (let page = 1; ; page++) {
        // A total that never ends is cut off by the sync's page and record caps.
        budget?.page();
        const response = await this.api.search({
          paging: { page, size: PAGE_SIZE },
          filtering: {},
          sorting: { field: 'updated_at', order: 'desc' },
        });
        budget?.addRecords(response.properties.length);
        ids.push(...response.properties.map((property) => property.property_id));
        if (page * PAGE_SIZE >= response.paging.total || response.properties.length === 0) return ids;
      }
    } catch (error) {
      throw new SourceUnavailableError('A', reason(error));
    }
  }

  private async persons(properties: readonly SourceAProperty[]): Promise<Map<number, SourceAPerson>> {
    const ids = new Set(properties.map((property) => property.responsible_salesrep_person_id).filter((id): id is number => !!id));
    const persons = new Map<number, SourceAPerson>();
    for (const id of ids) {
      try {
        persons.set(id, await this.api.person(id));
      } catch {
        // A listing without its sales rep still shows; the contact block falls back to the agency.
      }
    }
    return persons;
  }
}
