import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 23: a visitor's viewing request (up to three half-day slots) and, on its lead, the slots the CRM receives
 * (a Whise calendar event, the text of a Zabun contact message, source B's webhook).
 */
export class ViewingRequests1796200400000 implements MigrationInterface {
    name = 'ViewingRequests1796200400000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "viewing_requests" ("id" uuid NOT NULL, "estate_id" integer NOT NULL, "locale" character varying(2) NOT NULL, "slots" jsonb NOT NULL, "name" character varying(100) NOT NULL, "email" character varying(200) NOT NULL, "phone" character varying(40), "message" text NOT NULL, "privacy_consent" boolean NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_viewing_requests" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "ix_viewing_requests_estate" ON "viewing_requests" ("estate_id") `);
        await queryRunner.query(`CREATE INDEX "ix_viewing_requests_created" ON "viewing_requests" ("created_at") `);
        await queryRunner.query(`CREATE INDEX "ix_viewing_requests_email" ON "viewing_requests" ("email") `);
        await queryRunner.query(`ALTER TABLE "leads" ADD "viewing_slots" jsonb`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "viewing_slots"`);
        await queryRunner.query(`DROP INDEX "public"."ix_viewing_requests_email"`);
        await queryRunner.query(`DROP INDEX "public"."ix_viewing_requests_created"`);
        await queryRunner.query(`DROP INDEX "public"."ix_viewing_requests_estate"`);
        await queryRunner.query(`DROP TABLE "viewing_requests"`);
    }

}
