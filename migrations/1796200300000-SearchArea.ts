import { MigrationInterface, QueryRunner } from "typeorm";

const POINT = (axis: 'lat' | 'lon') => `CASE WHEN coalesce(("document"->'address'->>'visible')::boolean, true) AND "lat" IS NOT NULL AND "lon" IS NOT NULL THEN "${axis}"
  WHEN jsonb_typeof("document"->'address'->'city'->'lat') = 'number' AND jsonb_typeof("document"->'address'->'city'->'lon') = 'number'
  THEN ("document"->'address'->'city'->>'${axis}')::double precision END`;

/**
 * Search by area (issue 23): the point an area search tests a listing by (its own, or its city's when the address
 * is hidden: src/estates/domain/search-point.ts) as columns of their own, with an index over top-level listings for
 * the bounding-box prefilter. Listings synced before get the same point from their document.
 */
export class SearchArea1796200300000 implements MigrationInterface {
    name = 'SearchArea1796200300000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "estates" ADD "area_lat" double precision`);
        await queryRunner.query(`ALTER TABLE "estates" ADD "area_lon" double precision`);
        await queryRunner.query(`UPDATE "estates" SET "area_lat" = ${POINT('lat')}, "area_lon" = ${POINT('lon')}`);
        await queryRunner.query(`CREATE INDEX "ix_estates_area" ON "estates"  ("area_lat", "area_lon") WHERE "parent_id" IS NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."ix_estates_area"`);
        await queryRunner.query(`ALTER TABLE "estates" DROP COLUMN "area_lon"`);
        await queryRunner.query(`ALTER TABLE "estates" DROP COLUMN "area_lat"`);
    }

}
