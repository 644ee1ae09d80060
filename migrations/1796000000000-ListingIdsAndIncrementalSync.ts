import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Listing ids come from a registry (source, CRM id) → site id, so sources never collide and URLs never change:
 * today's listings keep the ids they have. Each source's sync state allows incremental syncs between full
 * reconciliations. A confirmed subscription's lead keeps its search, for CRMs that store search profiles.
 */
export class ListingIdsAndIncrementalSync1796000000000 implements MigrationInterface {
    name = 'ListingIdsAndIncrementalSync1796000000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "listing_ids" ("id" integer NOT NULL, "source" character varying(1) NOT NULL, "source_id" character varying(64) NOT NULL, "assigned_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_listing_ids" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_listing_ids_source_record" ON "listing_ids" ("source", "source_id") `);
        await queryRunner.query(`INSERT INTO "listing_ids" ("id", "source", "source_id") SELECT "id", "source", "source_id" FROM "estates"`);
        await queryRunner.query(`CREATE TABLE "source_sync_state" ("source" character varying(1) NOT NULL, "last_sync_started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_full_sync_started_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_source_sync_state" PRIMARY KEY ("source"))`);
        await queryRunner.query(`ALTER TABLE "leads" ADD "search_profile" jsonb`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "search_profile"`);
        await queryRunner.query(`DROP TABLE "source_sync_state"`);
        await queryRunner.query(`DROP INDEX "public"."uq_listing_ids_source_record"`);
        await queryRunner.query(`DROP TABLE "listing_ids"`);
    }

}
