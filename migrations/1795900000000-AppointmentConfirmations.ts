import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A planned appointment from a CRM gets one confirmation mail (cancel link, .ics invite): the appointment records
 * who confirms it and the mail that did, in the transaction that queued it. A mail can carry a calendar invite.
 */
export class AppointmentConfirmations1795900000000 implements MigrationInterface {
    name = 'AppointmentConfirmations1795900000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "appointments" ADD "confirmation" character varying(4)`);
        await queryRunner.query(`ALTER TABLE "appointments" ADD "confirmation_mail_id" uuid`);
        await queryRunner.query(`ALTER TABLE "mails" ADD "ical_event" text`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "mails" DROP COLUMN "ical_event"`);
        await queryRunner.query(`ALTER TABLE "appointments" DROP COLUMN "confirmation_mail_id"`);
        await queryRunner.query(`ALTER TABLE "appointments" DROP COLUMN "confirmation"`);
    }

}
