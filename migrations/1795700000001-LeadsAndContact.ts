import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Website leads (delivered to the CRMs by a job), and contact messages among the inquiries: those may be about no
 * listing, and name the listing reference the visitor typed.
 */
export class LeadsAndContact1795700000001 implements MigrationInterface {
    name = 'LeadsAndContact1795700000001'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "leads" ("id" uuid NOT NULL, "kind" character varying(20) NOT NULL, "source" character varying(1) NOT NULL, "estate_id" integer, "source_estate_id" character varying(64), "locale" character varying(2) NOT NULL, "name" character varying(100) NOT NULL, "email" character varying(200) NOT NULL, "phone" character varying(40), "message" text NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'PENDING', "attempts" integer NOT NULL DEFAULT '0', "last_error" text, "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_leads" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "ix_leads_email" ON "leads" ("email") `);
        await queryRunner.query(`CREATE INDEX "ix_leads_created" ON "leads" ("created_at") `);
        await queryRunner.query(`ALTER TABLE "inquiries" ALTER COLUMN "estate_id" DROP NOT NULL`);
        await queryRunner.query(`ALTER TABLE "inquiries" ADD "reference" character varying(40)`);
        await queryRunner.query(`CREATE INDEX "ix_inquiries_created" ON "inquiries" ("created_at") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."ix_inquiries_created"`);
        await queryRunner.query(`DELETE FROM "inquiries" WHERE "estate_id" IS NULL`);
        await queryRunner.query(`ALTER TABLE "inquiries" DROP COLUMN "reference"`);
        await queryRunner.query(`ALTER TABLE "inquiries" ALTER COLUMN "estate_id" SET NOT NULL`);
        await queryRunner.query(`DROP INDEX "public"."ix_leads_created"`);
        await queryRunner.query(`DROP INDEX "public"."ix_leads_email"`);
        await queryRunner.query(`DROP TABLE "leads"`);
    }

}
