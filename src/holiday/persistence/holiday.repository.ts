import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager, In, Not } from 'typeorm';
import type { AvailabilityRange, HolidayUnit } from '../domain/holiday-unit.js';
import type { SourcedHolidayUnit } from '../sources/holiday-source.port.js';
import { HolidayAvailabilityEntity } from './holiday-availability.entity.js';
import { HolidayRentalUnitEntity } from './holiday-unit.entity.js';

/** A range an iCal feed holds, with its event's UID. */
export interface FeedRange extends AvailabilityRange {
  readonly uid: string;
}

export interface FeedImportReport {
  readonly added: number;
  readonly changed: number;
  readonly removed: number;
}

export interface StoredUnit {
  readonly unit: HolidayUnit;
  readonly updatedAt: Date;
}

function toDomain(row: HolidayRentalUnitEntity): HolidayUnit {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    houseRules: row.houseRules,
    region: row.region,
    address: { street: row.street, zip: row.zip, city: row.city, lat: row.lat, lon: row.lon },
    guests: row.guests,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    beds: row.beds,
    amenities: row.amenities,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    photos: row.photos,
    contact: row.contact,
    seasons: row.seasons,
    fees: row.fees,
    icalUrl: row.icalUrl,
  };
}

function toRow(unit: HolidayUnit): Omit<HolidayRentalUnitEntity, 'updatedAt'> {
  return {
    id: unit.id,
    name: unit.name,
    description: unit.description,
    houseRules: unit.houseRules,
    region: unit.region,
    street: unit.address.street,
    zip: unit.address.zip,
    city: unit.address.city,
    lat: unit.address.lat,
    lon: unit.address.lon,
    guests: unit.guests,
    bedrooms: unit.bedrooms,
    bathrooms: unit.bathrooms,
    beds: unit.beds,
    amenities: [...unit.amenities],
    checkIn: unit.checkIn,
    checkOut: unit.checkOut,
    photos: [...unit.photos],
    contact: unit.contact,
    seasons: [...unit.seasons],
    fees: unit.fees,
    icalUrl: unit.icalUrl,
  };
}

function toRange(row: HolidayAvailabilityEntity): AvailabilityRange {
  return { start: row.startsOn, end: row.endsOn, kind: row.kind };
}

/** Holiday units, their booked/blocked ranges and the booking requests made for them. */
@Injectable()
export class HolidayRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Replaces the catalogue with the source's: units and their source ranges; units gone from the source go. */
  async replaceFromSource(sourced: readonly SourcedHolidayUnit[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const ids = sourced.map((item) => item.unit.id);
      await manager.delete(HolidayRentalUnitEntity, ids.length > 0 ? { id: Not(In(ids)) } : {});
      await manager.delete(HolidayAvailabilityEntity, ids.length > 0 ? { unitId: Not(In(ids)) } : {});
      await manager.delete(HolidayAvailabilityEntity, { origin: 'source' });
      for (const { unit, ranges } of sourced) {
        await manager.upsert(HolidayRentalUnitEntity, toRow(unit), ['id']);
        if (ranges.length > 0) {
          await manager.insert(
            HolidayAvailabilityEntity,
            ranges.map((range) => ({ id: randomUUID(), unitId: unit.id, origin: 'source' as const, kind: range.kind, startsOn: range.start, endsOn: range.end, uid: null })),
          );
        }
      }
    });
  }

  async findAll(): Promise<StoredUnit[]> {
    const rows = await this.dataSource.getRepository(HolidayRentalUnitEntity).find({ order: { id: 'ASC' } });
    return rows.map((row) => ({ unit: toDomain(row), updatedAt: row.updatedAt }));
  }

  async find(id: number): Promise<StoredUnit | null> {
    const row = await this.dataSource.getRepository(HolidayRentalUnitEntity).findOneBy({ id });
    return row ? { unit: toDomain(row), updatedAt: row.updatedAt } : null;
  }

  /** Every booked or blocked range of a unit, from its source and its iCal feed, in date order. */
  async ranges(unitId: number, manager: EntityManager = this.dataSource.manager): Promise<AvailabilityRange[]> {
    const rows = await manager.find(HolidayAvailabilityEntity, { where: { unitId }, order: { startsOn: 'ASC' } });
    return rows.map(toRange);
  }

  /** The ranges of every unit, by unit id (the overview's date filter). */
  async allRanges(): Promise<Map<number, AvailabilityRange[]>> {
    const rows = await this.dataSource.getRepository(HolidayAvailabilityEntity).find({ order: { startsOn: 'ASC' } });
    const byUnit = new Map<number, AvailabilityRange[]>();
    for (const row of rows) byUnit.set(row.unitId, [...(byUnit.get(row.unitId) ?? []), toRange(row)]);
    return byUnit;
  }

  /** A version of the availability of every unit: it changes whenever a range is added, moved or removed. */
  async availabilityVersion(): Promise<string> {
    const [row] = await this.dataSource.query<Array<{ version: string | null }>>(
      `SELECT md5(string_agg(unit_id || ':' || kind || ':' || starts_on || ':' || ends_on, ',' ORDER BY unit_id, starts_on, ends_on, kind)) AS version FROM holiday_availability`,
    );
    const [units] = await this.dataSource.query<Array<{ updated: Date | null }>>(`SELECT max(updated_at) AS updated FROM holiday_rental_units`);
    return `${row?.version ?? 'none'}-${units?.updated ? new Date(units.updated).getTime() : 0}`;
  }

  /**
   * Makes the unit's iCal ranges the feed's: events new to it are added, moved ones updated (matched by UID),
   * those no longer in the feed removed. One transaction: a page never sees half an import.
   */
  async replaceFeedRanges(unitId: number, ranges: readonly FeedRange[]): Promise<FeedImportReport> {
    return this.dataSource.transaction(async (manager) => {
      const existing = await manager.find(HolidayAvailabilityEntity, { where: { unitId, origin: 'ical' } });
      const byUid = new Map(existing.map((row) => [row.uid, row]));
      const seen = new Set<string>();
      let added = 0;
      let changed = 0;
      for (const range of ranges) {
        seen.add(range.uid);
        const row = byUid.get(range.uid);
        if (!row) {
          await manager.insert(HolidayAvailabilityEntity, { id: randomUUID(), unitId, origin: 'ical', kind: range.kind, startsOn: range.start, endsOn: range.end, uid: range.uid });
          added += 1;
        } else if (row.startsOn !== range.start || row.endsOn !== range.end || row.kind !== range.kind) {
          await manager.update(HolidayAvailabilityEntity, { id: row.id }, { startsOn: range.start, endsOn: range.end, kind: range.kind });
          changed += 1;
        }
      }
      const gone = existing.filter((row) => !seen.has(row.uid ?? ''));
      if (gone.length > 0) await manager.delete(HolidayAvailabilityEntity, { id: In(gone.map((row) => row.id)) });
      return { added, changed, removed: gone.length };
    });
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
