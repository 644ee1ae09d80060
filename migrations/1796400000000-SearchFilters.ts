import { MigrationInterface, QueryRunner } from "typeorm";

/** A positive number of the document at `path` (0 and -1 mean "not stated"), else NULL. */
const POSITIVE = (row: string, path: string) => `CASE WHEN jsonb_typeof(${row}."document"#>'{${path}}') = 'number' AND (${row}."document"#>>'{${path}}')::numeric > 0 THEN (${row}."document"#>>'{${path}}')::numeric END`;

/** An area in m² to the cm², as src/estates/domain/listing-features.ts livingAreaOf/plotAreaOf keep it. */
const AREA = (row: string, path: string) => `CASE WHEN ${POSITIVE(row, path)} < 10000000 THEN nullif(round(${POSITIVE(row, path)}, 2), 0) END`;

/** Whether the layout lists a room of one of these types (a room without a count counts as one). */
const ROOM = (row: string, typeIds: number[]) => `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${row}."document"->'layoutRooms') = 'array' THEN ${row}."document"->'layoutRooms' ELSE '[]'::jsonb END) "room"
    WHERE jsonb_typeof("room"->'typeId') = 'number' AND ("room"->>'typeId')::numeric IN (${typeIds.join(', ')})
      AND (jsonb_typeof("room"->'count') IS DISTINCT FROM 'number' OR ("room"->>'count')::numeric > 0))`;

/** listing-features.ts epcRankOf: A++ 1 … G 9; a pair ranks as its worse label; anything else NULL. */
const EPC_RANK = (row: string) => `(SELECT CASE WHEN bool_and("rank" IS NOT NULL) THEN max("rank") END
    FROM unnest(string_to_array(upper(btrim(CASE WHEN jsonb_typeof(${row}."document"->'energy'->'energyLabel') = 'string' THEN ${row}."document"->'energy'->>'energyLabel' END)), '_')) "part",
    LATERAL array_position(ARRAY['A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G'], "part") "rank")`;

/**
 * A yes/no column's value: true only when the condition holds. A document without the key (a listing with no sub
 * type, no head type) makes the comparison NULL, and NULL OR false is NULL, which the NOT NULL column refuses.
 */
const YES = (condition: string) => `coalesce((${condition}), false)`;

/** listing-features.ts: every search column from the document, by the rules the sync writes them with. */
const FEATURES: ReadonlyArray<readonly [string, (row: string) => string]> = [
    ['living_area', (row) => AREA(row, 'dimensions,areaBuild')],
    ['plot_area', (row) => AREA(row, 'dimensions,areaGround')],
    ['epc_rank', EPC_RANK],
    ['has_garden', (row) => YES(`coalesce(${row}."document"->'comfort'->>'garden', '') <> '' OR ${POSITIVE(row, 'comfort,gardenSurface')} IS NOT NULL OR ${ROOM(row, [22])}`)],
    ['has_terrace', (row) => YES(`${POSITIVE(row, 'comfort,terraceSurface')} IS NOT NULL OR ${ROOM(row, [10])}`)],
    ['has_parking', (row) => YES(`${row}."document"->>'headType' = 'GARAGE' OR ${ROOM(row, [6, 14])}`)],
    ['facades', (row) => `CASE ${row}."document"->'technical'->>'buildingType' WHEN 'CLOSED' THEN 2 WHEN 'HALF_OPEN' THEN 3 WHEN 'OPEN' THEN 4
        ELSE CASE WHEN ${row}."document"->>'headType' = 'HOUSE' THEN CASE ${row}."document"->>'subType' WHEN 'TERRACED_HOUSE' THEN 2 WHEN 'SEMI_DETACHED' THEN 3 WHEN 'DETACHED' THEN 4 WHEN 'VILLA' THEN 4 END END END`],
    ['new_build', (row) => YES(`${row}."document"->'technical'->'newBuilding' = 'true'::jsonb OR ${row}."document"->>'subType' = 'NEW_BUILD_PROJECT'`)],
];

/**
 * Search filters and orders (issue 38): living and plot area, EPC label (as a rank, so "C or better" is a range),
 * garden, terrace, garage or parking, facades and new build as columns of their own, written by the sync
 * (src/estates/persistence/estate-record.ts toRow, from src/estates/domain/listing-features.ts). Listings synced
 * before get them from their document here, by the same rules in SQL: the sync writes a listing again only when it
 * changes, so without this an unchanged listing would never be found by the new filters.
 *
 * Expand step: the previous release writes rows without these columns. A trigger derives them from the document
 * whenever the writer left them unset (an insert at their defaults, an update of the document that leaves them as
 * they were), as PricesForBothReleases does for the prices; this release's writer sets them to the same values.
 *
 * Indexes, over top-level listings (units are found through their project): the largest living area first, price
 * per m² cheapest first (on the expression the search orders by; listings without a living area or a public price
 * come last, as NULLs do in an ascending btree), "new since" (listed_at), and new builds only in the newest order.
 * The boolean filters (garden, terrace, parking: half or more of a catalogue each) and facades and EPC ranges
 * (a few values over every listing) are not selective enough for an index of their own: they filter the rows the
 * order's index delivers.
 */
export class SearchFilters1796400000000 implements MigrationInterface {
    name = 'SearchFilters1796400000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "estates" ADD "living_area" numeric(10,2)`);
        await queryRunner.query(`ALTER TABLE "estates" ADD "plot_area" numeric(10,2)`);
        await queryRunner.query(`ALTER TABLE "estates" ADD "epc_rank" smallint`);
        await queryRunner.query(`ALTER TABLE "estates" ADD "has_garden" boolean NOT NULL DEFAULT false`);
        await queryRunner.query(`ALTER TABLE "estates" ADD "has_terrace" boolean NOT NULL DEFAULT false`);
        await queryRunner.query(`ALTER TABLE "estates" ADD "has_parking" boolean NOT NULL DEFAULT false`);
        await queryRunner.query(`ALTER TABLE "estates" ADD "facades" smallint`);
        await queryRunner.query(`ALTER TABLE "estates" ADD "new_build" boolean NOT NULL DEFAULT false`);
        await queryRunner.query(`UPDATE "estates" SET ${FEATURES.map(([column, value]) => `"${column}" = ${value('"estates"')}`).join(', ')}`);
        const unsetOnInsert = (column: string) => (column.startsWith('has_') || column === 'new_build' ? `NOT NEW."${column}"` : `NEW."${column}" IS NULL`);
        await queryRunner.query(`CREATE FUNCTION "estates_search_filters_for_both_releases"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    ${FEATURES.map(([column, value]) => `IF ${unsetOnInsert(column)} THEN NEW."${column}" := ${value('NEW')}; END IF;`).join('\n                    ')}
                ELSIF NEW."document" IS DISTINCT FROM OLD."document" THEN
                    ${FEATURES.map(([column, value]) => `IF NEW."${column}" IS NOT DISTINCT FROM OLD."${column}" THEN NEW."${column}" := ${value('NEW')}; END IF;`).join('\n                    ')}
                END IF;
                RETURN NEW;
            END $$`);
        await queryRunner.query(`CREATE TRIGGER "estates_search_filters_for_both_releases" BEFORE INSERT OR UPDATE ON "estates"
            FOR EACH ROW EXECUTE FUNCTION "estates_search_filters_for_both_releases"()`);
        await queryRunner.query(`CREATE INDEX "ix_estates_search_area" ON "estates" ("for_rent", "living_area" DESC NULLS LAST, "updated_at" DESC, "id" DESC) WHERE "parent_id" IS NULL`);
        await queryRunner.query(`CREATE INDEX "ix_estates_search_price_m2" ON "estates" ("for_rent", ("public_price" / "living_area"), "id") WHERE "parent_id" IS NULL`);
        await queryRunner.query(`CREATE INDEX "ix_estates_search_listed" ON "estates" ("for_rent", "listed_at") WHERE "parent_id" IS NULL AND "listed_at" IS NOT NULL`);
        await queryRunner.query(`CREATE INDEX "ix_estates_search_new_build" ON "estates" ("for_rent", "updated_at") WHERE "parent_id" IS NULL AND "new_build"`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."ix_estates_search_new_build"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_search_listed"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_search_price_m2"`);
        await queryRunner.query(`DROP INDEX "public"."ix_estates_search_area"`);
        await queryRunner.query(`DROP TRIGGER "estates_search_filters_for_both_releases" ON "estates"`);
        await queryRunner.query(`DROP FUNCTION "estates_search_filters_for_both_releases"()`);
        for (const column of ['new_build', 'facades', 'has_parking', 'has_terrace', 'has_garden', 'epc_rank', 'plot_area', 'living_area']) {
            await queryRunner.query(`ALTER TABLE "estates" DROP COLUMN "${column}"`);
        }
    }

}
