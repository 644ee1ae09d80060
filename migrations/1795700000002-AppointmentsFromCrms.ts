import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Appointments now come from the CRMs with the sync (visitor, agent, listing, status) and are reached by a random
 * public id. The demo rows of the old table had none of that; they are dropped (the sync brings the demo ones).
 */
export class AppointmentsFromCrms1795700000002 implements MigrationInterface {
    name = 'AppointmentsFromCrms1795700000002'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "appointments"`);
        await queryRunner.query(`CREATE TABLE "appointments" ("id" uuid NOT NULL, "public_id" character varying(64) NOT NULL, "source" character varying(1) NOT NULL, "source_id" character varying(64) NOT NULL, "estate_id" integer, "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "visitor_name" character varying(100) NOT NULL, "visitor_email" character varying(200) NOT NULL, "visitor_phone" character varying(40), "visitor_locale" character varying(2), "agent_name" character varying(100) NOT NULL, "agent_email" character varying(200), "status" character varying(10) NOT NULL DEFAULT 'PLANNED', "cancelled_at" TIMESTAMP WITH TIME ZONE, "cancelled_by" character varying(10), "cancel_reason" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_appointments" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_appointments_public_id" ON "appointments" ("public_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_appointments_source_record" ON "appointments" ("source", "source_id") `);
        await queryRunner.query(`CREATE INDEX "ix_appointments_visitor_email" ON "appointments" ("visitor_email") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "appointments"`);
        await queryRunner.query(`CREATE TABLE "appointments" ("id" uuid NOT NULL, "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "location" character varying(300) NOT NULL, "cancelled_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4a437a9a27e948726b8bb3e36ad" PRIMARY KEY ("id"))`);
    }

}
