import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Two dates of a listing's history on the listing itself, kept by the sync in its own transaction: `listed_at`, when a
 * sync after the source's first fill first saw it (the "new" badge); `price_reduced_at`, when its public price last
 * went down, cleared when it goes up or is hidden again (the "price reduced" badge and the "recently reduced" sort).
 * Columns, not a join over listing_events: a results page sorts 10,000 listings by the date, through its index.
 * Named after 1796100000000 (the last migration) so it runs after the tables it reads exist.
 */
export class ListingMarks1796200172266 implements MigrationInterface {
    name = 'ListingMarks1796200172266'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "estates" ADD "listed_at" TIMESTAMP WITH TIME ZONE`);
        await queryRunner.query(`ALTER TABLE "estates" ADD "price_reduced_at" TIMESTAMP WITH TIME ZONE`);
        // From the events already recorded: a NEW event later than its source's first one (the first fill's listings
        // were on offer before the site knew them), and the last PRICE event when it was a drop.
        await queryRunner.query(`UPDATE "estates" e SET "listed_at" = n."occurred_at"
            FROM (SELECT ev."estate_id", min(ev."occurred_at") AS "occurred_at" FROM "listing_events" ev WHERE ev."kind" = 'NEW' GROUP BY ev."estate_id") n
            WHERE n."estate_id" = e."id" AND n."occurred_at" > (
              SELECT min(f."occurred_at") FROM "listing_events" f JOIN "estates" s ON s."id" = f."estate_id" WHERE f."kind" = 'NEW' AND s."source" = e."source")`);
        await queryRunner.query(`UPDATE "estates" e SET "price_reduced_at" = p."occurred_at"
            FROM (SELECT DISTINCT ON ("estate_id") "estate_id", "occurred_at", "old_price", "new_price" FROM "listing_events"
                  WHERE "kind" = 'PRICE' ORDER BY "estate_id", "occurred_at" DESC, "id" DESC) p
            WHERE p."estate_id" = e."id" AND p."old_price" IS NOT NULL AND p."new_price" IS NOT NULL AND p."new_price" < p."old_price"`);
        // The "recently reduced" order (search.repository.ts orderBy) read from the index, per transaction.
        await queryRunner.query(`CREATE INDEX "ix_estates_search_reduced" ON "estates" ("for_rent", "price_reduced_at" DESC NULLS LAST, "updated_at" DESC, "id" DESC) WHERE "parent_id" IS NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."ix_estates_search_reduced"`);
        await queryRunner.query(`ALTER TABLE "estates" DROP COLUMN "price_reduced_at"`);
        await queryRunner.query(`ALTER TABLE "estates" DROP COLUMN "listed_at"`);
    }

}
