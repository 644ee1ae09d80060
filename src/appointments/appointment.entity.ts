import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A viewing appointment the agency booked; the visitor may cancel it from the link in their mail. */
@Entity({ name: 'appointments' })
export class AppointmentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'timestamptz', name: 'starts_at' })
  startsAt!: Date;

  @Column({ type: 'varchar', length: 300 })
  location!: string;

  @Column({ type: 'timestamptz', name: 'cancelled_at', nullable: true })
  cancelledAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
