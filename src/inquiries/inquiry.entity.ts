import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export type InquiryKind = 'EXTRA_INFO' | 'SEND_TO_FRIEND' | 'CONTACT';

/** A visitor's request about a listing (or a contact message), stored before the visitor is thanked. */
@Entity({ name: 'inquiries' })
@Index('ix_inquiries_created', ['createdAt'])
export class InquiryEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 20 })
  kind!: InquiryKind;

  @Index('ix_inquiries_estate')
  @Column({ name: 'estate_id', type: 'integer', nullable: true })
  estateId!: number | null;

  /** The listing reference a visitor typed in the contact form (checked against nothing). */
  @Column({ type: 'varchar', length: 40, nullable: true })
  reference!: string | null;

  @Column({ type: 'varchar', length: 2 })
  locale!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 200 })
  email!: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone!: string | null;

  @Column({ type: 'text' })
  message!: string;

  @Column({ name: 'friend_name', type: 'varchar', length: 100, nullable: true })
  friendName!: string | null;

  @Column({ name: 'friend_email', type: 'varchar', length: 200, nullable: true })
  friendEmail!: string | null;

  @Column({ name: 'privacy_consent', type: 'boolean' })
  privacyConsent!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
