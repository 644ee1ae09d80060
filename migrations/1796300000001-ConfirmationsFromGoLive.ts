import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The site confirms appointments that arrive once its confirmations are live, never one booked before: a database
 * upgraded from a release without them (before AppointmentConfirmations1795900000000, which added the column empty
 * for every stored appointment) would otherwise mail every planned, future visit it holds at the first start.
 * Those appointments are marked NONE ("no one confirms it"), which the confirmation sweep never picks.
 *
 * Only where the confirmations never ran on this database: no appointment was confirmed by anyone (SITE or CRM) and
 * no confirmation mail was ever queued. A database that ran them keeps its unconfirmed appointments due: they arrived
 * while the feature was live, and the next sweep mails them. Changes only rows, adds nothing to the schema.
 */
export class ConfirmationsFromGoLive1796300000001 implements MigrationInterface {
    name = 'ConfirmationsFromGoLive1796300000001'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(
            `UPDATE "appointments" SET "confirmation" = 'NONE'
             WHERE "confirmation" IS NULL
               AND NOT EXISTS (SELECT 1 FROM "appointments" WHERE "confirmation" IS NOT NULL)
               AND NOT EXISTS (SELECT 1 FROM "mails" WHERE "template" = 'appointment-confirmation')`,
        );
    }

    public async down(): Promise<void> {
        // Nothing to undo that is safe to undo: turning NONE back into "not yet" would let the previous release (which
        // reads NONE as confirmed, as it reads any value) or a later one mail visits booked before the upgrade.
    }

}
