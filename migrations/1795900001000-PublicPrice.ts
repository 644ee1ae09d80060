import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The indexed price is the public one (src/estates/domain/visibility.ts publicPrice): NULL when the agency hides the
 * price ("price on request"), so no price filter finds such a listing and it sorts after the priced ones. Listing
 * events of hidden prices lose their amounts, so no digest reports a hidden price as a drop.
 */
export class PublicPrice1795900001000 implements MigrationInterface {
    name = 'PublicPrice1795900001000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "estates" RENAME COLUMN "price" TO "public_price"`);
        await queryRunner.query(`UPDATE "estates" SET "public_price" = CASE
            WHEN ("document"->'price'->>'visible')::boolean IS FALSE THEN NULL
            WHEN ("document"->'price'->>'value')::numeric > 0 THEN ("document"->'price'->>'value')::numeric
            WHEN ("document"->'price'->>'priceFrom')::numeric > 0 THEN ("document"->'price'->>'priceFrom')::numeric
            ELSE NULL END`);
        await queryRunner.query(`UPDATE "listing_events" SET "old_price" = NULL, "new_price" = NULL
            WHERE "estate_id" IN (SELECT "id" FROM "estates" WHERE ("document"->'price'->>'visible')::boolean IS FALSE)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`UPDATE "estates" SET "public_price" = coalesce(("document"->'price'->>'value')::numeric, ("document"->'price'->>'priceFrom')::numeric)`);
        await queryRunner.query(`ALTER TABLE "estates" RENAME COLUMN "public_price" TO "price"`);
    }

}
