import { MigrationInterface, QueryRunner } from "typeorm";

/** The previous release's `price` (its toRow: `price.value ?? price.priceFrom`), from a row's document. */
const RAW_PRICE = (row: string) => `CASE
    WHEN jsonb_typeof(${row}."document"->'price'->'value') = 'number' THEN (${row}."document"->'price'->>'value')::numeric
    WHEN jsonb_typeof(${row}."document"->'price'->'priceFrom') = 'number' THEN (${row}."document"->'price'->>'priceFrom')::numeric
    END`;

/** This release's `public_price` (src/estates/domain/visibility.ts publicPrice), from a row's document. */
const PUBLIC_PRICE = (row: string) => `CASE
    WHEN (${row}."document"->'price'->'visible') IS DISTINCT FROM 'true'::jsonb THEN NULL
    WHEN jsonb_typeof(${row}."document"->'price'->'value') = 'number' AND (${row}."document"->'price'->>'value')::numeric > 0
      THEN (${row}."document"->'price'->>'value')::numeric
    WHEN jsonb_typeof(${row}."document"->'price'->'priceFrom') = 'number' AND (${row}."document"->'price'->>'priceFrom')::numeric > 0
      THEN (${row}."document"->'price'->>'priceFrom')::numeric
    END`;

/**
 * Expand step for PublicPrice1795900001000, which renamed `estates.price` to `public_price` and so broke the previous
 * release (bec7406) on the new schema: its pages, search and sitemaps select `price`, and its sync writes it.
 *
 * `price` comes back beside `public_price`, and a trigger keeps both derived from the row's document (the one thing
 * every release writes in the same shape) whichever release wrote the row:
 * - the previous release writes `price` and never `public_price`: on insert `public_price` is NULL, on update it is
 *   left as it was while the document changed, so the trigger computes it as this release would;
 * - this release writes `public_price` and never `price` (its entity declares the column read-only): the trigger
 *   computes `price` as the previous release would.
 * A value the writer set itself is kept. The contract step (a later release, once no running release reads `price`)
 * drops the trigger, the function and the column, and records itself in `schema_requirements`.
 */
export class PricesForBothReleases1796250000000 implements MigrationInterface {
    name = 'PricesForBothReleases1796250000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "estates" ADD "price" numeric(14,2)`);
        await queryRunner.query(`UPDATE "estates" SET "price" = ${RAW_PRICE('"estates"')}`);
        await queryRunner.query(`CREATE FUNCTION "estates_prices_for_both_releases"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    IF NEW."price" IS NULL THEN NEW."price" := ${RAW_PRICE('NEW')}; END IF;
                    IF NEW."public_price" IS NULL THEN NEW."public_price" := ${PUBLIC_PRICE('NEW')}; END IF;
                ELSIF NEW."document" IS DISTINCT FROM OLD."document" THEN
                    IF NEW."price" IS NOT DISTINCT FROM OLD."price" THEN NEW."price" := ${RAW_PRICE('NEW')}; END IF;
                    IF NEW."public_price" IS NOT DISTINCT FROM OLD."public_price" THEN NEW."public_price" := ${PUBLIC_PRICE('NEW')}; END IF;
                END IF;
                RETURN NEW;
            END $$`);
        await queryRunner.query(`CREATE TRIGGER "estates_prices_for_both_releases" BEFORE INSERT OR UPDATE ON "estates"
            FOR EACH ROW EXECUTE FUNCTION "estates_prices_for_both_releases"()`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TRIGGER "estates_prices_for_both_releases" ON "estates"`);
        await queryRunner.query(`DROP FUNCTION "estates_prices_for_both_releases"()`);
        await queryRunner.query(`ALTER TABLE "estates" DROP COLUMN "price"`);
    }

}
