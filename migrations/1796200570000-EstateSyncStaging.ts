import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 22: a sync writes what it reads here in chunks (one JSON row per listing, keyed by the run and the site id), then
 * applies it to `estates` in one short transaction, so it never holds a whole catalogue in memory. Scratch data only:
 * UNLOGGED on PostgreSQL (no WAL for rows that live a few minutes; emptied after a crash, which is what a crashed run
 * leaves anyway), and the sync deletes a source's leftover rows before it reads that source again.
 */
export class EstateSyncStaging1796200570000 implements MigrationInterface {
    name = 'EstateSyncStaging1796200570000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE UNLOGGED TABLE "estate_sync_staging" ("run_id" uuid NOT NULL, "source" character varying(1) NOT NULL, "id" integer NOT NULL, "row" jsonb NOT NULL, CONSTRAINT "PK_estate_sync_staging" PRIMARY KEY ("run_id", "id"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "estate_sync_staging"`);
    }

}
