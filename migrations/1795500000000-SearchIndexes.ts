import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The search filters on indexed columns: the reference gets a column of its own (an indexed prefix match), and the
 * result orders per transaction have indexes over top-level listings.
 */
export class SearchIndexes1795500000000 implements MigrationInterface {
    name = 'SearchIndexes1795500000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "estates" ADD "reference_key" character varying(64) COLLATE "C"`);
        // The same key as referenceKey() in src/estates/domain/format.ts, for listings synced before this column.
        await queryRunner.query(`UPDATE "estates" SET "reference_key" = nullif(left(regexp_replace(upper("document"->>'reference'), '[[:space:]%_\\\\]', '', 'g'), 64), '')`);
        await queryRunner.query(`CREATE INDEX "ix_estates_reference_key" ON "estates"  ("reference_key") `);
        await queryRunner.query(`CREATE INDEX "ix_estates_search_newest" ON "estates"  ("for_rent", "updated_at") WHERE "parent_id" IS NULL`);
        await queryRunner.query(`CREATE INDEX "ix_estates_search_price" ON "estates"  ("for_rent", "price") WHERE "parent_id" IS NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."ix_estates_search_price"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_search_newest"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_reference_key"`);
        await queryRunner.query(`ALTER TABLE "estates" DROP COLUMN "reference_key"`);
    }

}
