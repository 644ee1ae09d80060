import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Estate, LayoutRoom } from '../../src/estates/domain/estate.js';
import { listingFeatures } from '../../src/estates/domain/listing-features.js';
import { CatalogueVersionService } from '../../src/estates/persistence/catalogue-version.service.js';
import type { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { fromRows } from '../../src/estates/persistence/estate-record.js';
import { urlFor } from '../../src/routing/routes.js';
import { SearchFilters1796400000000 } from '../../migrations/1796400000000-SearchFilters.js';
import { buildEstate, storeEstates } from '../factories/estate.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 38: the filters a buyer looks for (living and plot area, EPC label, garden, terrace, parking, facades, new
 * build, new since) and the orders (price per m², largest area, nearest), without JavaScript (the GET form and its
 * URL), and the place suggestions counted as the search of the transaction counts.
 */
const TOWN = { id: 9981, zip: '9981', name: 'Filtergem', alias: { fr: 'Filtreville' }, lat: 51.1, lon: 3.9 };
const IN_TOWN = `transaction=buy&locations=${TOWN.zip}`;
const room = (typeId: number, count: number | null = 1): LayoutRoom => ({ typeId, count, surface: null, comment: {}, floor: 0, sort: 0, customIndex: null, customName: {} });

let nextId = 981_000;
/** A listing with nothing stated but what the test gives (the factory's villa has a garden, a terrace, EPC C, …). */
function listing(overrides: Parameters<typeof buildEstate>[0] = {}, at: { km?: number } = {}): Estate {
  const id = nextId++;
  return buildEstate({
    id,
    sourceId: String(id),
    reference: `FG-${id}`,
    headType: 'HOUSE',
    subType: 'BUNGALOW',
    address: { city: TOWN, geoLocation: { lat: TOWN.lat + (at.km ?? 1) / 111.2, lon: TOWN.lon } },
    technical: { buildingType: null, newBuilding: false },
    comfort: { garden: null, gardenSurface: null, terraceSurface: null },
    energy: { energyLabel: null },
    dimensions: { areaBuild: null, areaGround: null },
    layoutRooms: [room(1, 3)],
    updatedAt: new Date(Date.UTC(2026, 5, 1) + (id - 981_000) * 60_000).toISOString(),
    ...overrides,
  });
}

/** A detached house with everything: 180 m² on 600 m², EPC B, a garden, a terrace and a garage; 2,500 €/m². */
const large = listing(
  {
    price: { value: 450_000 },
    technical: { buildingType: 'OPEN', newBuilding: false },
    comfort: { garden: 'FULLY_LANDSCAPED', gardenSurface: 300, terraceSurface: 20 },
    energy: { energyLabel: 'B' },
    dimensions: { areaBuild: 180, areaGround: 600 },
    layoutRooms: [room(1, 4), room(6)],
  },
  { km: 3 },
);
/** A new-build flat of 85 m², EPC D, a terrace and a parking space (the layout's rooms), no garden; 3,529 €/m². */
const flat = listing(
  {
    headType: 'APARTMENT',
    subType: 'FLAT',
    price: { value: 300_000 },
    technical: { buildingType: null, newBuilding: true },
    energy: { energyLabel: 'D' },
    dimensions: { areaBuild: 85, areaGround: null },
    layoutRooms: [room(1, 2), room(10), room(14)],
  },
  { km: 1 },
);
/** A terraced house (2 facades by its sub type) of 120 m² on 250 m², EPC F, a garden by its surface only; 2,000 €/m². */
const terraced = listing(
  {
    subType: 'TERRACED_HOUSE',
    price: { value: 240_000 },
    comfort: { garden: null, gardenSurface: 80, terraceSurface: null },
    energy: { energyLabel: 'F' },
    dimensions: { areaBuild: 120, areaGround: 250 },
  },
  { km: 2 },
);
/** A half-open house whose living area is not stated (-1), EPC between A and B (ranks as B). */
const unstated = listing(
  { price: { value: 390_000 }, technical: { buildingType: 'HALF_OPEN', newBuilding: false }, energy: { energyLabel: 'A_B' }, dimensions: { areaBuild: -1, areaGround: 0 } },
  { km: 4 },
);
/** For rent: 70 m², EPC C, a garden (in the same town: to buy it is never found, the suggestions never count it). */
const rented = listing({
  headType: 'APARTMENT',
  subType: 'FLAT',
  transaction: { statusId: 2, status: 'TO_RENT', forRent: true },
  price: { value: 1_100, period: 'MONTH' },
  comfort: { garden: 'ONLY_LAWN', gardenSurface: null, terraceSurface: null },
  energy: { energyLabel: 'C' },
  dimensions: { areaBuild: 70, areaGround: null },
});
const projectId = nextId++;
/** A new-build project found through its units: one of 95 m² with EPC A and a garden, one of 60 m² with EPC B. */
const project = buildEstate({
  id: projectId,
  sourceId: String(projectId),
  isProject: true,
  headType: 'PROJECT',
  subType: 'NEW_BUILD_PROJECT',
  reference: 'FG-PROJECT',
  price: { value: null, priceFrom: 210_000 },
  bedrooms: null,
  technical: { buildingType: null, newBuilding: null },
  comfort: { garden: null, gardenSurface: null, terraceSurface: null },
  energy: { energyLabel: null },
  dimensions: { areaBuild: null, areaGround: null },
  layoutRooms: [],
  address: { city: TOWN, geoLocation: { lat: TOWN.lat + 5 / 111.2, lon: TOWN.lon } },
  updatedAt: new Date(Date.UTC(2025, 0, 1)).toISOString(),
  children: [
    { areaBuild: 95, label: 'A', garden: 'ONLY_LAWN' as string | null },
    { areaBuild: 60, label: 'B', garden: null },
  ].map((unit, index) =>
    buildEstate({
      id: projectId + 1 + index,
      sourceId: String(projectId + 1 + index),
      parentId: projectId,
      headType: 'APARTMENT',
      subType: 'FLAT',
      reference: `FG-UNIT-${index}`,
      price: { value: [210_000, 190_000][index] },
      technical: { buildingType: null, newBuilding: true },
      comfort: { garden: unit.garden, gardenSurface: null, terraceSurface: null },
      energy: { energyLabel: unit.label },
      dimensions: { areaBuild: unit.areaBuild, areaGround: null },
      layoutRooms: [],
      address: { city: TOWN },
    }),
  ),
});
nextId = projectId + 10;
const TO_BUY = [large, flat, terraced, unstated, project];

describe('search filters and orders of issue 38 (real app, real database)', () => {
  let sut: TestApp;
  let db: DataSource;
  const get = (path: string) => request(sut.server).get(path);
  const search = (query: string, locale: 'nl' | 'fr' | 'en' | 'de' = 'nl') => get(`${urlFor('home', locale)}?${query}`).expect(200);
  const ids = (html: string) => [...html.matchAll(/data-estate-id="(\d+)"/g)].map((match) => Number(match[1]));
  const found = async (query: string) => ids((await search(`${IN_TOWN}&${query}`)).text).sort((a, b) => a - b);
  const idsOf = (...estates: Estate[]) => estates.map((estate) => estate.id).sort((a, b) => a - b);
  const DAY = 86_400_000;

  beforeAll(async () => {
    sut = await startTestApp();
    db = sut.app.get(DataSource);
    await storeEstates(db, [...TO_BUY, rented]);
    // When a sync first saw them (the "new" badge's date): two days ago, twenty days ago; the others before the site knew them.
    await db.query(`UPDATE estates SET listed_at = $2 WHERE id = $1`, [large.id, new Date(Date.now() - 2 * DAY)]);
    await db.query(`UPDATE estates SET listed_at = $2 WHERE id = $1`, [flat.id, new Date(Date.now() - 20 * DAY)]);
    await sut.app.get(CatalogueVersionService).refresh();
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('finds all five to buy in the town without a filter (the rental is not to buy)', async () => {
    expect(await found('')).toEqual(idsOf(...TO_BUY));
  });

  it.each([
    ['livingAreaMin=100', [large, terraced]],
    ['livingAreaMin=90', [large, terraced, project]],
    ['plotAreaMin=500', [large]],
    ['epc=B', [large, unstated, project]],
    ['epc=A', [project]],
    ['epc=D', [large, flat, unstated, project]],
    ['garden=1', [large, terraced, project]],
    ['terrace=1', [large, flat]],
    ['parking=1', [large, flat]],
    ['facadesMin=3', [large, unstated]],
    ['facadesMin=2', [large, terraced, unstated]],
    ['newBuild=1', [flat, project]],
    ['newSince=7', [large]],
    ['newSince=30', [large, flat]],
    ['garden=1&epc=B&livingAreaMin=90', [large, project]],
  ] as const)('without JavaScript, %s finds what has it (a project through a unit)', async (query, expected) => {
    expect(await found(query)).toEqual(idsOf(...expected));
  });

  it('matches the alerts: matchesCriteria agrees with the SQL on every filter', async () => {
    const { parseSearchQuery, matchesCriteria } = await import('../../src/search/search-criteria.js');
    const rows: EstateEntity[] = await db.query(`SELECT id, parent_id AS "parentId", document, listed_at AS "listedAt", price_reduced_at AS "priceReducedAt" FROM estates WHERE city_zip = $1`, [TOWN.zip]);
    const listings = rows.filter((row) => row.parentId === null).map((row) => fromRows(row, rows.filter((unit) => unit.parentId === row.id)));
    for (const query of ['livingAreaMin=90', 'plotAreaMin=500', 'epc=B', 'garden=1', 'terrace=1', 'parking=1', 'facadesMin=3', 'newBuild=1', 'newSince=7', 'newSince=30']) {
      const criteria = parseSearchQuery(new URLSearchParams(`${IN_TOWN}&${query}`));
      const matched = listings.filter((estate) => matchesCriteria(estate, criteria)).map((estate) => estate.id).sort((a, b) => a - b);
      expect([query, matched]).toEqual([query, await found(query)]);
    }
  });

  it('orders by price per m² (cheapest first, without a living area last) and by the largest living area', async () => {
    expect(ids((await search(`${IN_TOWN}&sort=price-per-m2`)).text)).toEqual([terraced.id, large.id, flat.id, unstated.id, project.id]);
    expect(ids((await search(`${IN_TOWN}&sort=area-desc`)).text)).toEqual([large.id, terraced.id, flat.id, unstated.id, project.id]);
  });

  it('orders by distance around a place, nearest first; without a radius the order is the newest', async () => {
    const nearest = ids((await search(`transaction=buy&near=${TOWN.name}&within=20&sort=distance`)).text).filter((id) => idsOf(...TO_BUY).includes(id));
    // The city's point is the average of its listings' city coordinates: the town's own point.
    expect(nearest).toEqual([flat.id, terraced.id, large.id, unstated.id, project.id]);
    const html = (await search(`transaction=buy&near=${TOWN.name}&within=20`)).text;
    expect(html).toContain('<option value="distance">');
    expect(ids((await search(`${IN_TOWN}&sort=distance`)).text)).toEqual(ids((await search(IN_TOWN)).text));
    expect((await search(IN_TOWN)).text).not.toContain('<option value="distance">');
  });

  it('keeps every new filter in the canonical URL, in a fixed order, and shows it again in the form (no JavaScript)', async () => {
    const query = 'newSince=7&newBuild=on&facadesMin=3&parking=1&terrace=true&garden=1&epc=c&plotAreaMin=250&livingAreaMin=100.000&locations=9981&transaction=buy';
    const html = (await search(query)).text;
    // The other languages' URLs are the canonical query.
    expect(html).toContain(
      `href="/fr?transaction=buy&amp;locations=9981&amp;livingAreaMin=100000&amp;plotAreaMin=250&amp;epc=C&amp;garden=1&amp;terrace=1&amp;parking=1&amp;facadesMin=3&amp;newBuild=1&amp;newSince=7"`,
    );
    for (const name of ['garden', 'terrace', 'parking', 'newBuild']) expect(html).toMatch(new RegExp(`<input type="checkbox" name="${name}" checked="" value="1"/>`));
    expect(html).toMatch(/<select id="search-epc" name="epc">[^]*?<option value="C" selected="">C of beter<\/option>/);
    expect(html).toMatch(/<select id="search-plotAreaMin" name="plotAreaMin">[^]*?<option value="250" selected="">Vanaf 250 m²<\/option>/);
    expect(html).toMatch(/<select id="search-facadesMin" name="facadesMin">[^]*?<option value="3" selected="">/);
    expect(html).toMatch(/<select id="search-newSince" name="newSince">[^]*?<option value="7" selected="">De voorbije week<\/option>/);
    // Set filters open the "more filters" disclosure.
    expect(html).toMatch(/<details class="search-form__more" open="">/);
    // The keep-me-informed link of an empty search carries them.
    expect(html).toContain(`${urlFor('subscribe', 'nl')}?transaction=buy&amp;locations=9981&amp;livingAreaMin=100000`);
  });

  it('drops a value it does not understand (never an error page) and labels the controls in every language', async () => {
    const html = (await search(`${IN_TOWN}&epc=Z&garden=maybe&facadesMin=7&newSince=5&livingAreaMin=-3&plotAreaMin=lots&sort=closest`)).text;
    expect(ids(html).sort((a, b) => a - b)).toEqual(idsOf(...TO_BUY));
    expect(html).toContain(`href="/fr?transaction=buy&amp;locations=9981"`);
    const labels = { nl: 'Bewoonbare oppervlakte', fr: 'Surface habitable', en: 'Living area', de: 'Wohnfläche' } as const;
    for (const [locale, label] of Object.entries(labels)) {
      const page = (await search(`${IN_TOWN}&garden=1`, locale as keyof typeof labels)).text;
      expect(page).toContain(`<label for="search-livingAreaMin">${label}</label>`);
    }
  });

  it('counts a suggested place as the search of its transaction counts (to buy unless it says to rent)', async () => {
    const suggest = (query: string) => get(`${urlFor('ajaxSearchCity', 'nl')}?${query}`).set('Accept', 'application/json').expect(200);
    const toBuy = (await search(IN_TOWN)).text;
    const total = Number(/data-total="(\d+)"/.exec(toBuy)?.[1]);
    expect(total).toBe(TO_BUY.length);
    expect((await suggest('q=filterg&transaction=buy')).body).toEqual([expect.objectContaining({ zip: TOWN.zip, count: total, countText: `${total} panden` })]);
    expect((await suggest('q=filterg')).body).toEqual([expect.objectContaining({ count: total })]);
    expect((await suggest('q=filterg&transaction=rent')).body).toEqual([expect.objectContaining({ zip: TOWN.zip, count: 1, countText: '1 pand' })]);
    const fragment = await get(`${urlFor('ajaxSearchCity', 'nl')}?q=filterg&transaction=rent`).set('HX-Request', 'true').expect(200);
    expect(fragment.text).toContain('<span class="combobox__count">1 pand</span>');
  });

  it('fills the new columns of rows synced before from their document (the migration), as the sync writes them', async () => {
    const columns = async () =>
      (await db.query(`SELECT id, living_area, plot_area, epc_rank, has_garden, has_terrace, has_parking, facades, new_build, document FROM estates ORDER BY id`)) as Array<
        Record<string, unknown> & { id: number; document: Estate }
      >;
    const expected = (await columns()).map((row) => {
      const has = listingFeatures({ ...row.document, children: [] });
      return [row.id, has.livingArea, has.plotArea, has.epcRank, has.hasGarden, has.hasTerrace, has.hasParking, has.facades, has.newBuild];
    });
    const actual = (rows: Awaited<ReturnType<typeof columns>>) =>
      rows.map((row) => [row.id, row.living_area === null ? null : Number(row.living_area), row.plot_area === null ? null : Number(row.plot_area), row.epc_rank, row.has_garden, row.has_terrace, row.has_parking, row.facades, row.new_build]);
    // What the sync wrote.
    expect(actual(await columns())).toEqual(expected);
    expect(expected.length).toBeGreaterThan(TO_BUY.length + 5);
    // Rows of a release before the columns: the migration's SQL fills them from the document by the same rules.
    const migration = new SearchFilters1796400000000();
    const runner = db.createQueryRunner();
    try {
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(actual(await columns())).toEqual(expected);
  });

  it("derives the columns for a row the previous release writes (the document only), on insert and on update", async () => {
    const ID = 981_900;
    const [{ document }] = await db.query(`SELECT document FROM estates WHERE id = $1`, [large.id]);
    try {
      await db.query(
        `INSERT INTO estates (id, source, source_id, status, for_rent, head_type, city_zip, city_name, updated_at, content_hash, synced_at, document)
         VALUES ($1, 'B', 'previous-release', 'FOR_SALE', false, 'HOUSE', $2, $3, now(), repeat('0', 64), now(), $4::jsonb)`,
        [ID, TOWN.zip, TOWN.name, JSON.stringify(document)],
      );
      const read = async () => (await db.query(`SELECT living_area, epc_rank, has_garden, has_parking, facades FROM estates WHERE id = $1`, [ID]))[0];
      expect(await read()).toEqual({ living_area: '180.00', epc_rank: 4, has_garden: true, has_parking: true, facades: 4 });
      const changed = { ...document, dimensions: { ...document.dimensions, areaBuild: 210 }, comfort: { ...document.comfort, garden: null, gardenSurface: null }, energy: { ...document.energy, energyLabel: 'E' } };
      await db.query(`UPDATE estates SET document = $2::jsonb WHERE id = $1`, [ID, JSON.stringify(changed)]);
      expect(await read()).toEqual({ living_area: '210.00', epc_rank: 7, has_garden: false, has_parking: true, facades: 4 });
    } finally {
      await db.query(`DELETE FROM estates WHERE id = $1`, [ID]);
    }
  });

  it('writes and derives the yes/no columns as false when the document does not say (no sub type, new build not stated: as Whise sends a house)', async () => {
    const ID = 981_901;
    const [{ document }] = await db.query(`SELECT document FROM estates WHERE id = $1`, [large.id]);
    const unsaid = { ...document, subType: null, technical: { ...document.technical, newBuilding: null } };
    try {
      // The previous release's insert: the trigger derives the columns from a document that leaves them unsaid.
      await db.query(
        `INSERT INTO estates (id, source, source_id, status, for_rent, head_type, city_zip, city_name, updated_at, content_hash, synced_at, document)
         VALUES ($1, 'W', 'no-sub-type', 'FOR_SALE', false, 'HOUSE', $2, $3, now(), repeat('0', 64), now(), $4::jsonb)`,
        [ID, TOWN.zip, TOWN.name, JSON.stringify(unsaid)],
      );
      const read = async () => (await db.query(`SELECT new_build, has_parking FROM estates WHERE id = $1`, [ID]))[0];
      expect(await read()).toEqual({ new_build: false, has_parking: true });
      // The migration's backfill over such a row.
      const migration = new SearchFilters1796400000000();
      const runner = db.createQueryRunner();
      try {
        await migration.down(runner);
        await migration.up(runner);
      } finally {
        await runner.release();
      }
      expect(await read()).toEqual({ new_build: false, has_parking: true });
    } finally {
      await db.query(`DELETE FROM estates WHERE id = $1`, [ID]);
    }
  });

  it('answers a new search over listings already shown without a query on the listings (the index is in memory)', async () => {
    await request(sut.server).get(`${urlFor('home', 'nl')}?${IN_TOWN}`).expect(200);
    const spy = jest.spyOn(db, 'query');
    try {
      const page = await request(sut.server).get(`${urlFor('home', 'nl')}?${IN_TOWN}&priceMax=460000&sort=price-desc`).expect(200);
      expect(page.text).toContain(`/${large.id}/`);
      const estateQueries = spy.mock.calls.map(([sql]) => String(sql)).filter((sql) => /\bestates\b/.test(sql));
      expect(estateQueries).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });
});
