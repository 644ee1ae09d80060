import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { LocalizedText } from '../../i18n/localized-text.js';
import type { Amenity, Fees, HolidayContact, HolidayPhoto, Region, Season } from '../domain/holiday-unit.js';

/** A holiday rental unit as its source last delivered it; nested parts (photos, seasons, fees) as JSON. */
@Entity({ name: 'holiday_rental_units' })
export class HolidayRentalUnitEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'jsonb' })
  name!: LocalizedText;

  @Column({ type: 'jsonb' })
  description!: LocalizedText;

  @Column({ name: 'house_rules', type: 'jsonb' })
  houseRules!: LocalizedText;

  @Column({ type: 'varchar', length: 20 })
  region!: Region;

  @Column({ type: 'varchar', length: 200 })
  street!: string;

  @Column({ type: 'varchar', length: 10 })
  zip!: string;

  @Column({ type: 'varchar', length: 120 })
  city!: string;

  @Column({ type: 'double precision', nullable: true })
  lat!: number | null;

  @Column({ type: 'double precision', nullable: true })
  lon!: number | null;

  @Column({ type: 'integer' })
  guests!: number;

  @Column({ type: 'integer' })
  bedrooms!: number;

  @Column({ type: 'integer' })
  bathrooms!: number;

  @Column({ type: 'integer' })
  beds!: number;

  @Column({ type: 'jsonb' })
  amenities!: Amenity[];

  @Column({ name: 'check_in', type: 'varchar', length: 5 })
  checkIn!: string;

  @Column({ name: 'check_out', type: 'varchar', length: 5 })
  checkOut!: string;

  @Column({ type: 'jsonb' })
  photos!: HolidayPhoto[];

  @Column({ type: 'jsonb' })
  contact!: HolidayContact;

  @Column({ type: 'jsonb' })
  seasons!: Season[];

  @Column({ type: 'jsonb' })
  fees!: Fees;

  @Column({ name: 'ical_url', type: 'varchar', length: 2000, nullable: true })
  icalUrl!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
