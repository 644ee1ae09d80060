import request from 'supertest';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Expand and contract (docs/OPERATIONS.md "Upgrades"): /readyz reports a schema this build does not match, and the
 * prices every release reads stay right whichever release wrote the row (migrations/1796250000000-PricesForBothReleases.ts).
 */
describe('schema compatibility', () => {
  let sut: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    sut = await startTestApp();
    db = sut.app.get(DataSource);
  });

  afterAll(async () => {
    await sut?.close();
  });

  it("the entities match the migrated schema: migration:generate would write nothing (it would drop the previous release's price otherwise)", async () => {
    const sql = await db.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((query) => query.query)).toEqual([]);
  });

  describe('/readyz', () => {
    const NEWER = 'SomethingNewer1799000000000';

    afterEach(async () => {
      await db.query(`DELETE FROM "migrations" WHERE "name" = $1`, [NEWER]);
      await db.query(`DELETE FROM "schema_requirements" WHERE "migration" = $1`, [NEWER]);
    });

    it('stays ready on a newer release\'s expand step, naming it', async () => {
      await db.query(`INSERT INTO "migrations" ("timestamp", "name") VALUES ($1, $2)`, [1799000000000, NEWER]);
      const response = await request(sut.server).get('/readyz');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ready', newer: [NEWER] });
    });

    it("answers 503 once a newer release's contract step ran, naming it", async () => {
      await db.query(`INSERT INTO "migrations" ("timestamp", "name") VALUES ($1, $2)`, [1799000000000, NEWER]);
      await db.query(`INSERT INTO "schema_requirements" ("migration", "reason") VALUES ($1, 'drops estates.price')`, [NEWER]);
      const response = await request(sut.server).get('/readyz');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ status: 'schema mismatch', contracted: [NEWER] });
      expect(response.body.hint).toMatch(/newer release's contract step/);
      expect(response.body.pending).toBeUndefined();
    });

    it('answers 503 when a migration this build needs has not run (the way back), naming it', async () => {
      const [row] = await db.query(`SELECT "timestamp", "name" FROM "migrations" WHERE "name" LIKE 'EstateSyncStaging%'`);
      const name: string = row.name;
      await db.query(`DELETE FROM "migrations" WHERE "name" = $1`, [name]);
      try {
        const response = await request(sut.server).get('/readyz');
        expect(response.status).toBe(503);
        expect(response.body).toMatchObject({ status: 'schema mismatch', pending: [name] });
        expect(response.body.hint).toMatch(/migration:run/);
      } finally {
        await db.query(`INSERT INTO "migrations" ("timestamp", "name") VALUES ($1, $2)`, [row.timestamp, row.name]);
      }
      expect((await request(sut.server).get('/readyz')).status).toBe(200);
    });
  });

  describe('estates.price and estates.public_price', () => {
    const ID = 987654321;
    const prices = async () =>
      ((await db.query(`SELECT "price", "public_price" FROM "estates" WHERE "id" = $1`, [ID])) as Array<{ price: string | null; public_price: string | null }>).map((row) => ({
        price: row.price === null ? null : Number(row.price),
        publicPrice: row.public_price === null ? null : Number(row.public_price),
      }))[0];
    const withPrice = (document: Record<string, unknown>, price: Record<string, unknown>) => JSON.stringify({ ...document, price: { ...(document.price as object), ...price } });
    let template: Record<string, unknown>;

    beforeAll(async () => {
      [{ document: template }] = await db.query(`SELECT "document" FROM "estates" WHERE "parent_id" IS NULL AND NOT "is_project" LIMIT 1`);
    });

    afterEach(async () => {
      await db.query(`DELETE FROM "estates" WHERE "id" = $1`, [ID]);
    });

    /** The previous release's writer: `price` and the document, never `public_price`. */
    const oldInsert = (document: string, price: number | null) =>
      db.query(
        `INSERT INTO "estates" ("id", "source", "source_id", "status", "for_rent", "head_type", "city_zip", "city_name", "price", "updated_at", "content_hash", "synced_at", "document")
         VALUES ($1, 'b', 'upgrade-test', 'AVAILABLE', false, 'HOUSE', '9000', 'Gent', $2, now(), repeat('0', 64), now(), $3::jsonb)`,
        [ID, price, document],
      );

    it("fills public_price for a row the previous release inserts, as this release computes it (NULL when hidden)", async () => {
      await oldInsert(withPrice(template, { value: 325000, priceFrom: null, visible: true }), 325000);
      expect(await prices()).toEqual({ price: 325000, publicPrice: 325000 });
      await db.query(`DELETE FROM "estates" WHERE "id" = $1`, [ID]);
      await oldInsert(withPrice(template, { value: 325000, priceFrom: null, visible: false }), 325000);
      expect(await prices()).toEqual({ price: 325000, publicPrice: null });
    });

    it('follows the document when the previous release updates price and document only', async () => {
      await oldInsert(withPrice(template, { value: 325000, priceFrom: null, visible: true }), 325000);
      await db.query(`UPDATE "estates" SET "price" = 299000, "document" = $2::jsonb WHERE "id" = $1`, [ID, withPrice(template, { value: 299000, priceFrom: null, visible: true })]);
      expect(await prices()).toEqual({ price: 299000, publicPrice: 299000 });
      await db.query(`UPDATE "estates" SET "document" = $2::jsonb WHERE "id" = $1`, [ID, withPrice(template, { value: 299000, priceFrom: null, visible: false })]);
      expect(await prices()).toEqual({ price: 299000, publicPrice: null });
    });

    it("fills the previous release's price for the rows this release's sync writes", async () => {
      const rows: Array<{ id: number; price: string | null; document: { price: { value: number | null; priceFrom: number | null } } }> = await db.query(
        `SELECT "id", "price", "document" FROM "estates"`,
      );
      expect(rows.length).toBeGreaterThan(0);
      const raw = (row: (typeof rows)[number]) => row.document.price.value ?? row.document.price.priceFrom;
      expect(rows.filter((row) => (row.price === null ? null : Number(row.price)) !== raw(row)).map((row) => row.id)).toEqual([]);
      expect(rows.some((row) => row.price !== null)).toBe(true);
    });
  });
});
