import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, Not } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { EstateSyncService, type SourceSyncReport, type SyncReport } from '../../src/estates/persistence/estate-sync.service.js';
import { STAGING_CHUNK } from '../../src/estates/persistence/estate-sync-staging.js';
import type { SourceBListing } from '../../src/estates/sources/source-b/source-b.types.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Records per source and run: room for a read that is staged in two chunks; the failing read below grows past it. */
const MAX_RECORDS = 2 * STAGING_CHUNK;

/**
 * The sync stages what it reads in chunks (estate_sync_staging) and applies it in one transaction per source: a read
 * that fails half-way changes nothing, sources never mix, and what did not change is not written again.
 */
describe('sync through the staging table (fake Zabun and feed)', () => {
  let crm: FakeCrmServer;
  let sut: TestApp;
  let feed: SourceBListing[];

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    feed = crm.sourceB.listings;
    sut = await startTestApp({ ...fakeCrmEnv(crm), SYNC_MAX_RECORDS: String(MAX_RECORDS), SYNC_RECONCILE_HOURS: '0' });
  });

  afterAll(async () => {
    await sut?.close();
    await crm?.stop();
  });

  const db = () => sut.app.get(DataSource);
  const sync = (): Promise<SyncReport> => sut.app.get(EstateSyncService).syncAll();
  const of = (report: SyncReport, source: string): SourceSyncReport => report.sources.find((candidate) => candidate.source === source)!;
  /** Every cached row of a source as it is stored (content and dates), by site id. */
  const snapshot = async (source: 'A' | 'B') => {
    const rows = await db().getRepository(EstateEntity).find({ select: { id: true, sourceId: true, contentHash: true, syncedAt: true, listedAt: true, priceReducedAt: true }, where: { source }, order: { id: 'ASC' } });
    return rows.map((row) => ({ ...row, syncedAt: row.syncedAt.toISOString() }));
  };
  const staged = async (): Promise<number> => Number((await db().query('SELECT count(*) AS n FROM estate_sync_staging'))[0].n);
  const events = async (): Promise<number> => Number((await db().query('SELECT count(*) AS n FROM listing_events'))[0].n);
  const plainListing = () => feed.find((listing) => !listing.isProject && listing.published !== false && typeof listing.price?.value === 'number')!;
  /** A Zabun listing's price changes in the CRM. */
  const repriceInZabun = (property_id: number, price: number) => {
    crm.sourceA.properties = crm.sourceA.properties.map((property) => (property.property_id === property_id ? { ...property, price, changed: new Date().toISOString() } : property));
  };

  it('leaves a source’s cached catalogue as it was, and nothing staged, when its read fails after a chunk was staged', async () => {
    const before = await snapshot('B');
    const eventsBefore = await events();
    const aListing = (await db().getRepository(EstateEntity).findOne({ where: { source: 'A', isProject: false, parentId: IsNull(), publicPrice: Not(IsNull()) }, order: { id: 'ASC' } }))!;
    const template = plainListing();
    // Every listing the feed had, repriced, and enough new ones that the record cap stops the read after a staged chunk.
    const clones = Array.from({ length: MAX_RECORDS }, (_, i): SourceBListing => ({ ...template, guid: randomUUID(), id: 7_100_000 + i, reference: `ST-${i}` }));
    const repriced = feed.map((listing) => (listing.price && typeof listing.price.value === 'number' ? { ...listing, price: { ...listing.price, value: listing.price.value + 1_000 } } : listing));
    crm.sourceB.listings = [...repriced, ...clones];
    repriceInZabun(Number(aListing.sourceId), 123_456);
    try {
      const report = await sync();
      expect(of(report, 'B')).toMatchObject({ ok: false, error: expect.stringContaining(`more than ${MAX_RECORDS} records`) });
      // The read got well into the clones (their site ids were given out chunk by chunk) before it failed.
      const registered = await db().query(`SELECT count(*) AS n FROM listing_ids WHERE source = 'B' AND id BETWEEN 7100000 AND 7199999`);
      expect(Number(registered[0].n)).toBeGreaterThanOrEqual(STAGING_CHUNK / 2);
      expect(await snapshot('B')).toEqual(before);
      expect(await db().query(`SELECT id FROM estates WHERE id >= 7100000 AND id < 7200000`)).toEqual([]);
      expect(await staged()).toBe(0);
      // Source A's run in the same sync went through, with its event; source B's staged rows were never applied.
      expect(of(report, 'A')).toMatchObject({ ok: true, updated: 1 });
      expect((await db().getRepository(EstateEntity).findOneBy({ id: aListing.id }))!.publicPrice).toBe(123_456);
      expect(await events()).toBe(eventsBefore + 1);
    } finally {
      crm.sourceB.listings = feed;
    }
  });

  it('applies a read too big to hold through the staging table, and removes as many rows again', async () => {
    const template = plainListing();
    const clones = Array.from({ length: STAGING_CHUNK + 100 }, (_, i): SourceBListing => ({ ...template, guid: randomUUID(), id: 7_200_000 + i, reference: `SB-${i}` }));
    const eventsBefore = await events();
    crm.sourceB.listings = [...feed, ...clones];
    try {
      expect(of(await sync(), 'B')).toMatchObject({ ok: true, inserted: clones.length, updated: 0, removed: 0 });
      const rows: Array<{ id: number; source_id: string }> = await db().query(`SELECT id, source_id FROM estates WHERE id >= 7200000 AND id < 7300000 ORDER BY id`);
      expect(rows.map((row) => row.source_id)).toEqual(clones.map((clone) => clone.guid));
      expect(await events()).toBe(eventsBefore + clones.length);
      // Staged minutes before the commit, dated by it all the same.
      const [dated] = await db().query(`SELECT e.listed_at, e.synced_at, v.occurred_at FROM estates e JOIN listing_events v ON v.estate_id = e.id WHERE e.id = $1`, [rows[0]!.id]);
      expect(new Date(dated.listed_at).toISOString()).toBe(new Date(dated.synced_at).toISOString());
      expect(new Date(dated.occurred_at).toISOString()).toBe(new Date(dated.synced_at).toISOString());
      expect(await staged()).toBe(0);
    } finally {
      crm.sourceB.listings = feed;
    }
    expect(of(await sync(), 'B')).toMatchObject({ ok: true, inserted: 0, updated: 0, removed: clones.length });
    expect(await db().query(`SELECT id FROM estates WHERE id >= 7200000 AND id < 7300000`)).toEqual([]);
  });

  it('applies only its own run’s staged rows: a crashed run’s leftovers never reach the catalogue', async () => {
    const aBefore = await snapshot('A');
    const bBefore = await snapshot('B');
    const [a, b] = [aBefore[0]!, bBefore[0]!];
    // What a run killed mid-read leaves: staged rows of both sources, with content the CRMs never sent.
    const stale = (id: number, source: string) => ({ id, source, source_id: `stale-${id}`, content_hash: 'f'.repeat(64) });
    for (const [row, source] of [[a, 'A'], [b, 'B']] as const) {
      await db().query(`INSERT INTO estate_sync_staging (run_id, source, id, row) VALUES ($1, $2, $3, $4::jsonb)`, [randomUUID(), source, row.id, JSON.stringify(stale(row.id, source))]);
    }
    await db().query(`INSERT INTO estate_sync_staging (run_id, source, id, row) VALUES ($1, 'A', 7999999, $2::jsonb)`, [randomUUID(), JSON.stringify(stale(7_999_999, 'A'))]);
    const report = await sync();
    expect(report.sources.every((source) => source.ok)).toBe(true);
    expect(await snapshot('A')).toEqual(aBefore);
    expect(await snapshot('B')).toEqual(bBefore);
    expect(await db().getRepository(EstateEntity).findOneBy({ id: 7_999_999 })).toBeNull();
    expect(await staged()).toBe(0);
  });

  it('rewrites nothing that did not change: no event, same row, same dates', async () => {
    const before = { a: await snapshot('A'), b: await snapshot('B'), events: await events() };
    const report = await sync();
    for (const source of report.sources) expect(source).toMatchObject({ ok: true, inserted: 0, updated: 0, removed: 0 });
    expect(of(report, 'B').unchanged).toBe(before.b.length);
    expect(await snapshot('A')).toEqual(before.a);
    expect(await snapshot('B')).toEqual(before.b);
    expect(await events()).toBe(before.events);
  });

  it('dates a change by its commit: the new row, its listing date and its event carry the same time', async () => {
    const fresh: SourceBListing = { ...plainListing(), guid: randomUUID(), id: 7_300_001, reference: 'ST-NEW' };
    crm.sourceB.listings = [...feed, fresh];
    try {
      const started = Date.now();
      expect(of(await sync(), 'B')).toMatchObject({ ok: true, inserted: 1, updated: 0, removed: 0 });
      const row = (await db().getRepository(EstateEntity).findOneBy({ source: 'B', sourceId: fresh.guid! }))!;
      const [event] = await db().query(`SELECT kind, occurred_at FROM listing_events WHERE estate_id = $1`, [row.id]);
      expect(event.kind).toBe('NEW');
      expect(row.listedAt?.toISOString()).toBe(row.syncedAt.toISOString());
      expect(new Date(event.occurred_at).toISOString()).toBe(row.syncedAt.toISOString());
      expect(row.syncedAt.getTime()).toBeGreaterThanOrEqual(started);
    } finally {
      crm.sourceB.listings = feed;
      await sync();
    }
  });

  it('removes a listing its source no longer sends', async () => {
    const gone = plainListing();
    const row = (await db().getRepository(EstateEntity).findOneBy({ source: 'B', sourceId: gone.guid! }))!;
    crm.sourceB.listings = feed.filter((listing) => listing !== gone);
    try {
      expect(of(await sync(), 'B')).toMatchObject({ ok: true, removed: 1, inserted: 0 });
      expect(await db().getRepository(EstateEntity).findOneBy({ id: row.id })).toBeNull();
      expect(await staged()).toBe(0);
    } finally {
      crm.sourceB.listings = feed;
    }
  });
});
