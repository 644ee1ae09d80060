import { DataSource } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { EstateRepository } from '../../src/estates/persistence/estate.repository.js';
import { EstateSyncService, type SourceSyncReport } from '../../src/estates/persistence/estate-sync.service.js';
import { SourceSyncStateEntity } from '../../src/estates/persistence/source-sync-state.entity.js';
import type { SourceAProperty } from '../../src/estates/sources/source-a/source-a.types.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const LISTING = 1001;
const DELETED_IN_CRM = 1002;
const UNPUBLISHED = 1003;
const PROJECT = 1043;
const UNIT = 1045;

/**
 * Zabun (source A) syncs incrementally between full reconciliations: the fake speaks Zabun's search with
 * `updated_since`; a listing deleted in the CRM is only seen missing by the next full read.
 */
describe('incremental sync with full reconciliation (Zabun fake)', () => {
  let crm: FakeCrmServer;
  let sut: TestApp;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    sut = await startTestApp({ ...fakeCrmEnv(crm), SYNC_RECONCILE_HOURS: '24' });
  });

  afterAll(async () => {
    await sut?.close();
    await crm?.stop();
  });

  const sync = async (): Promise<SourceSyncReport> => (await sut.app.get(EstateSyncService).syncAll()).sources.find((source) => source.source === 'A')!;
  const cached = async (id: number) => sut.app.get(DataSource).getRepository(EstateEntity).findOneBy({ source: 'A', sourceId: String(id) });
  const edit = (id: number, change: (property: SourceAProperty) => SourceAProperty) => {
    crm.sourceA.properties = crm.sourceA.properties.map((property) => (property.property_id === id ? change(property) : property));
  };
  const now = () => new Date().toISOString();
  /** The Zabun calls of the next sync only. */
  const callsDuring = async (run: () => Promise<SourceSyncReport>) => {
    const before = crm.zabun.calls.length;
    const report = await run();
    return { report, calls: crm.zabun.calls.slice(before) };
  };
  const detailReads = (calls: ReadonlyArray<{ method: string; path: string }>) =>
    calls.filter((call) => call.method === 'GET' && /^\/api\/v1\/property\/\d+$/.test(call.path)).map((call) => Number(call.path.split('/').pop()));

  it('after the first full read, asks only for what changed since the last sync and reads only that', async () => {
    edit(LISTING, (property) => ({ ...property, price: 612_000, changed: now() }));
    const { report, calls } = await callsDuring(sync);
    expect(report).toMatchObject({ ok: true, mode: 'incremental', updated: 1, removed: 0 });
    const search = calls.find((call) => call.path === '/api/v1/property/search');
    expect((search?.body as { filtering?: { updated_since?: string } }).filtering?.updated_since).toEqual(expect.any(String));
    expect(detailReads(calls)).toEqual([LISTING]);
    expect((await sut.app.get(EstateRepository).findById((await cached(LISTING))!.id))?.price.value).toBe(612_000);
  });

  it('re-reads a project with all its units when only a unit changed', async () => {
    edit(UNIT, (property) => ({ ...property, price: 333_000, changed: now() }));
    const { report, calls } = await callsDuring(sync);
    expect(report.mode).toBe('incremental');
    // The project and its units, besides what changed within the overlap before the last sync (the first test's listing).
    expect(detailReads(calls).sort()).toEqual([LISTING, PROJECT, 1044, 1045, 1046, 1047]);
    const project = await sut.app.get(EstateRepository).findById((await cached(PROJECT))!.id);
    expect(project?.children.find((unit) => unit.sourceId === String(UNIT))?.price.value).toBe(333_000);
    expect(project?.children).toHaveLength(4);
  });

  it('removes a listing the agency unpublished at the next incremental sync', async () => {
    edit(UNPUBLISHED, (property) => ({ ...property, publish: false, changed: now() }));
    const report = await sync();
    expect(report).toMatchObject({ mode: 'incremental', removed: 1 });
    expect(Object.values(report.hidden).reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await cached(UNPUBLISHED)).toBeNull();
  });

  it('sees a listing deleted in the CRM only at the full reconciliation, which runs once SYNC_RECONCILE_HOURS have passed', async () => {
    crm.sourceA.properties = crm.sourceA.properties.filter((property) => property.property_id !== DELETED_IN_CRM);
    const incremental = await sync();
    expect(incremental.mode).toBe('incremental');
    expect(await cached(DELETED_IN_CRM)).not.toBeNull();

    // A day later (as far as the sync's state says), the next sync is a full one.
    await sut.app.get(DataSource).getRepository(SourceSyncStateEntity).update({ source: 'A' }, { lastFullSyncStartedAt: new Date(Date.now() - 25 * 3600 * 1000) });
    const full = await sync();
    expect(full).toMatchObject({ ok: true, mode: 'full', removed: 1 });
    expect(await cached(DELETED_IN_CRM)).toBeNull();
    expect(await cached(LISTING)).not.toBeNull();

    const after = await sync();
    expect(after.mode).toBe('incremental');
  });

  it('catches a change stamped 90 minutes before the last sync started at the next incremental sync, not the nightly one', async () => {
    const state = (await sut.app.get(DataSource).getRepository(SourceSyncStateEntity).findOneBy({ source: 'A' }))!;
    // An edit saved long after it was opened, or a stamp in Belgian time read as UTC: older than the last sync.
    const backdated = new Date(state.lastSyncStartedAt.getTime() - 90 * 60 * 1000).toISOString();
    edit(LISTING, (property) => ({ ...property, price: 598_000, changed: backdated }));
    const report = await sync();
    expect(report).toMatchObject({ ok: true, mode: 'incremental', updated: 1 });
    expect((await sut.app.get(EstateRepository).findById((await cached(LISTING))!.id))?.price.value).toBe(598_000);
  });
});
