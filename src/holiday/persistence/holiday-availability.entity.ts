import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { RangeKind } from '../domain/holiday-unit.js';

/** Where a range came from: the unit's source, or its iCal feed (replaced as a whole on every import). */
export type RangeOrigin = 'source' | 'ical';

/** A booked or blocked range of a holiday unit, [starts_on, ends_on). */
@Entity({ name: 'holiday_availability' })
@Index('ix_holiday_availability_unit', ['unitId', 'origin'])
export class HolidayAvailabilityEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'unit_id', type: 'integer' })
  unitId!: number;

  @Column({ type: 'varchar', length: 10 })
  origin!: RangeOrigin;

  @Column({ type: 'varchar', length: 10 })
  kind!: RangeKind;

  @Column({ name: 'starts_on', type: 'date' })
  startsOn!: string;

  @Column({ name: 'ends_on', type: 'date' })
  endsOn!: string;

  /** The iCal event's UID, so a changed event is recognised. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  uid!: string | null;
}
