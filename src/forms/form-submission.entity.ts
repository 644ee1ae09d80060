import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Fingerprints of accepted form posts (see SubmissionLedgerService): a repeat within minutes is not stored twice. */
@Entity({ name: 'form_submissions' })
export class FormSubmissionEntity {
  @PrimaryColumn({ type: 'char', length: 64 })
  fingerprint!: string;

  @Column({ type: 'varchar', length: 40 })
  form!: string;

  @Column({ name: 'accepted_at', type: 'timestamptz' })
  acceptedAt!: Date;
}
