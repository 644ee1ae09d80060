import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/config.js';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { EstateRepository } from '../../src/estates/persistence/estate.repository.js';
import { EstateSyncService, type SourceSyncReport } from '../../src/estates/persistence/estate-sync.service.js';
import { createEstateSources } from '../../src/estates/sources/create-estate-sources.js';
import { usePhotoUrlPolicy } from '../../src/estates/sources/image-url.js';
import { checkSource, type SourceCheckReport } from '../../src/estates/sources/source-check.js';
import type { SourceAProperty } from '../../src/estates/sources/source-a/source-a.types.js';
import type { SourceBListing } from '../../src/estates/sources/source-b/source-b.types.js';
import { urlFor } from '../../src/routing/routes.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { standaloneProperties } from '../support/fake-zabun-server.js';
import { FakeWhiseServer, fakeWhiseEnv, whiseEstate } from '../support/fake-whise-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const NUL_TITLE = 'Woning met\u0000 tuin';
const HUGE_PRICE = 1e12;
const WHISE_NUL = 9101;
const WHISE_PRICE = 9102;
const WHISE_PLAIN = 9103;

/**
 * One hostile record (a NUL in a text, a price of 10^12) in each CRM, Zabun first: PostgreSQL refused them and the whole
 * run stopped, so the sources after it were never synced. Now the run completes, the listings show without the bad
 * field, and the go-live check reports the same.
 */
describe('one bad record never stops a sync (Zabun, feed and Whise fakes)', () => {
  const crm = new FakeCrmServer();
  const whise = new FakeWhiseServer();
  let sut: TestApp;
  let zabunNul: SourceAProperty;
  let zabunPrice: SourceAProperty;
  let zabunOffGlobe: SourceAProperty;
  let feedNul: SourceBListing;
  let feedPrice: SourceBListing;
  let env: Record<string, string>;

  beforeAll(async () => {
    const [firstA, secondA, thirdA] = standaloneProperties(crm.sourceA.properties).filter((property) => property.publish && !property.is_project);
    zabunNul = { ...firstA!, title: { nl: NUL_TITLE } };
    zabunPrice = { ...secondA!, price: HUGE_PRICE };
    // Not a point on the globe: latitude beyond the pole, longitude beyond the date line.
    zabunOffGlobe = { ...thirdA!, address: { ...thirdA!.address, latitude: 95, longitude: -200 } };
    const replaced = new Map([[firstA, zabunNul], [secondA, zabunPrice], [thirdA, zabunOffGlobe]]);
    crm.sourceA.properties = crm.sourceA.properties.map((property) => replaced.get(property) ?? property);
    const [firstB, secondB] = crm.sourceB.listings.filter((listing) => !listing.isProject);
    feedNul = { ...firstB!, title: { nl: NUL_TITLE }, description: { nl: '<p>Tekst\u0000 met \uD800 een halve emoji</p>' } };
    feedPrice = { ...secondB!, price: { ...secondB!.price!, value: HUGE_PRICE } };
    crm.sourceB.listings = crm.sourceB.listings.map((listing) => (listing === firstB ? feedNul : listing === secondB ? feedPrice : listing));
    whise.estates = [whiseEstate(WHISE_NUL, { name: NUL_TITLE }), whiseEstate(WHISE_PRICE, { price: HUGE_PRICE }), whiseEstate(WHISE_PLAIN)];
    await Promise.all([crm.start(), whise.start()]);
    env = { ...fakeCrmEnv(crm), ...fakeWhiseEnv(whise) };
    sut = await startTestApp(env);
  });

  afterAll(async () => {
    await sut?.close();
    await Promise.all([crm.stop(), whise.stop()]);
  });

  const rows = () => sut.app.get(DataSource).getRepository(EstateEntity);
  const stored = async (source: 'A' | 'B' | 'W', sourceId: string) => {
    const row = await rows().findOneBy({ source, sourceId });
    return row ? sut.app.get(EstateRepository).findById(row.id) : null;
  };
  const sync = async (): Promise<readonly SourceSyncReport[]> => (await sut.app.get(EstateSyncService).syncAll(undefined, { full: true })).sources;
  const pageOf = async (id: number) => {
    const short = await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: id }));
    return request(sut.server).get(short.headers.location as string);
  };

  it('completes the run: every source synced, every listing of every source cached', async () => {
    const reports = await sync();
    expect(reports.map((report) => [report.source, report.ok])).toEqual([
      ['A', true],
      ['B', true],
      ['W', true],
    ]);
    expect(await rows().countBy({ source: 'W' })).toBe(3);
    expect(await rows().countBy({ source: 'B' })).toBeGreaterThanOrEqual(crm.sourceB.listings.filter((listing) => listing.published !== false).length);
    expect(await rows().countBy({ source: 'A' })).toBeGreaterThan(2);
    for (const report of reports) {
      // The demo catalogues' own unreadable records aside (a missing type, a bad guid), nothing is skipped.
      expect(report.skipped.filter((record) => /stored/.test(record.error))).toEqual([]);
      expect(report.gaps).toMatchObject({ text: expect.any(Number), price: 1 });
    }
  });

  it('shows each listing with a NUL without it, and each 10^12 price as no price', async () => {
    for (const [source, nul, price] of [
      ['A', String(zabunNul.property_id), String(zabunPrice.property_id)],
      ['B', feedNul.guid!, feedPrice.guid!],
      ['W', String(WHISE_NUL), String(WHISE_PRICE)],
    ] as const) {
      const clean = (await stored(source, nul))!;
      expect(clean.title.nl).toBe('Woning met tuin');
      const page = await pageOf(clean.id);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Woning met tuin');
      const priced = (await stored(source, price))!;
      expect(priced.price.value).toBeNull();
      expect((await pageOf(priced.id)).status).toBe(200);
    }
    expect((await stored('B', feedNul.guid!))!.description.nl).toBe('<p>Tekst met  een halve emoji</p>');
    expect((await stored('W', String(WHISE_PLAIN)))!.price.value).toBe(whiseEstate(WHISE_PLAIN).price);
  });

  it('stores a point off the globe (latitude 95, longitude -200) as no point, the listing kept and shown without a map', async () => {
    const reports = await sync();
    expect(reports.find((report) => report.source === 'A')!.gaps).toMatchObject({ coordinates: 1 });
    const kept = (await stored('A', String(zabunOffGlobe.property_id)))!;
    expect(kept.address.geoLocation).toBeNull();
    const title = zabunOffGlobe.title;
    expect(kept.title.nl).toBe(typeof title === 'string' ? title : title?.nl);
    const row = await rows().findOneByOrFail({ source: 'A', sourceId: String(zabunOffGlobe.property_id) });
    expect([row.lat, row.lon]).toEqual([null, null]);
    expect((await pageOf(kept.id)).status).toBe(200);
  });

  it('the go-live check counts the hostile listings as shown and skips exactly what the sync skipped', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', ...env });
    usePhotoUrlPolicy(config.photoHosts, config.PROPERTY_IMAGES_URL ?? null);
    const limits = { maxPages: config.SYNC_MAX_PAGES, maxRecords: config.SYNC_MAX_RECORDS, maxBytes: config.SYNC_MAX_BYTES };
    const checks: SourceCheckReport[] = [];
    for (const source of createEstateSources(config)) checks.push(await checkSource(source, limits));
    const reports = await sync();
    for (const check of checks) {
      const report = reports.find((candidate) => candidate.source === check.source)!;
      expect(check.readError).toBeNull();
      expect(check.errors).toBe(report.skipped.length);
      expect(check.firstErrors.map((error) => error.sourceId)).toEqual(report.skipped.slice(0, 5).map((record) => record.sourceId));
      expect(check.live).toBe(report.fetched);
    }
  });

  it('skips a record the database refuses for a reason nobody foresaw, keeps its last good version, and writes the rest', async () => {
    const database = sut.app.get(DataSource);
    // A refusal no cleaning knows of: a constraint the test adds to the real table.
    await database.query(`ALTER TABLE estates ADD CONSTRAINT test_refuses_city CHECK (city_name <> 'Weigerdorp')`);
    try {
      whise.estates = [whiseEstate(WHISE_NUL, { city: 'Weigerdorp', name: 'Nieuwe naam' }), whiseEstate(WHISE_PRICE, { name: 'Ook nieuw' }), whiseEstate(WHISE_PLAIN, { name: 'Nieuw ook' })];
      const reports = await sync();
      expect(reports.map((report) => report.ok)).toEqual([true, true, true]);
      const report = reports.find((candidate) => candidate.source === 'W')!;
      expect(report.skipped).toEqual([{ sourceId: String(WHISE_NUL), error: expect.stringContaining('test_refuses_city') }]);
      expect(report).toMatchObject({ updated: 2, unchanged: 0 });
      expect((await stored('W', String(WHISE_NUL)))!.title.nl).toBe('Woning met tuin');
      expect((await stored('W', String(WHISE_PRICE)))!.title.nl).toBe('Ook nieuw');
      expect((await stored('W', String(WHISE_PLAIN)))!.title.nl).toBe('Nieuw ook');
    } finally {
      await database.query(`ALTER TABLE estates DROP CONSTRAINT IF EXISTS test_refuses_city`);
    }
  });

  it('skips the refused row the same way when the rows went through the staging table (over 500 changed)', async () => {
    const database = sut.app.get(DataSource);
    await database.query(`ALTER TABLE estates ADD CONSTRAINT test_refuses_city CHECK (city_name <> 'Weigerdorp')`);
    try {
      whise.estates = Array.from({ length: 620 }, (_, index) => whiseEstate(20_000 + index, index === 333 ? { city: 'Weigerdorp' } : {}));
      const report = (await sync()).find((candidate) => candidate.source === 'W')!;
      expect(report).toMatchObject({ ok: true, fetched: 620, inserted: 619, skipped: [{ sourceId: '20333', error: expect.stringContaining('test_refuses_city') }] });
      expect(await rows().countBy({ source: 'W' })).toBe(619);
      expect(await stored('W', '20333')).toBeNull();
    } finally {
      await database.query(`ALTER TABLE estates DROP CONSTRAINT IF EXISTS test_refuses_city`);
    }
  });
});
