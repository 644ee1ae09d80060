import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { LocalizedText } from '../i18n/localized-text.js';

/** A holiday rental unit; texts per locale. */
@Entity({ name: 'holiday_rental_units' })
export class HolidayRentalUnitEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'jsonb' })
  name!: LocalizedText;

  @Column({ type: 'jsonb' })
  description!: LocalizedText;

  @Column({ type: 'varchar', length: 120 })
  city!: string;

  @Column({ type: 'integer' })
  capacity!: number;
}
