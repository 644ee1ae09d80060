import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A visitor's booking request, stored before the visitor is thanked. A request, not a booking: it blocks nothing. */
@Entity({ name: 'holiday_booking_requests' })
export class HolidayBookingRequestEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('ix_holiday_booking_requests_unit')
  @Column({ name: 'unit_id', type: 'integer' })
  unitId!: number;

  @Column({ type: 'varchar', length: 2 })
  locale!: string;

  @Column({ type: 'date' })
  arrival!: string;

  @Column({ type: 'date' })
  departure!: string;

  @Column({ type: 'integer' })
  guests!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 200 })
  email!: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone!: string | null;

  @Column({ type: 'text' })
  message!: string;

  /** The price shown to the visitor when sending, in euro. */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  total!: string;

  @Column({ name: 'privacy_consent', type: 'boolean' })
  privacyConsent!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
