import { loadConfig } from '../../src/config/config.js';
import { EstateRepository } from '../../src/estates/persistence/estate.repository.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { createEstateSources } from '../../src/estates/sources/create-estate-sources.js';
import { SourceUnavailableError } from '../../src/estates/sources/estate-source.port.js';
import { FakeCrmServer, fakeCrmEnv, startFakeCrm } from '../support/fake-crm-server.js';
import { standaloneProperties } from '../support/fake-zabun-server.js';
import { collect, estatesOf } from '../support/source-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';


const estates = estatesOf;

describe('estate sources over HTTP (local fake CRM)', () => {
  let crm: FakeCrmServer;

  beforeEach(async () => {
    crm = await startFakeCrm();
  });

  afterEach(() => crm.stop());

  const sources = () => createEstateSources(loadConfig(fakeCrmEnv(crm)));

  it('source A reads the search from page 0, authenticated with its headers (X-CLIENT-ID is the company id)', async () => {
    const records = await collect(sources()[0].fetchAll());
    const searches = crm.zabun.calls.filter((call) => call.path === '/api/v1/property/search');
    expect(searches.map((call) => call.body)).toEqual([{ paging: { page: 0, size: 100 }, filtering: {}, sorting: { sort: 'MOST_RECENT', order: 'DESC' } }]);
    expect(searches[0].headers).toMatchObject({ 'x-client-id': '7301', client_id: 'agency-42', api_key: 'secret-key', server_id: 'srv-1', 'accept-language': 'nl' });
    expect(estates(records).length).toBeGreaterThanOrEqual(40);
  });

  it('source A nests project units under their project and hides unpublished records', async () => {
    const records = await collect(sources()[0].fetchAll());
    const projects = estates(records).filter((estate) => estate.isProject);
    expect(projects.length).toBe(2);
    expect(projects.every((project) => project.children.length >= 3 && project.children.every((unit) => unit.parentId === project.id))).toBe(true);
    const units = projects.flatMap((project) => project.children.map((unit) => unit.id));
    expect(estates(records).filter((estate) => units.includes(estate.id))).toEqual([]);
    const unpublished = crm.sourceA.properties.find((property) => property.publish === false)!;
    expect(estates(records).some((estate) => estate.id === unpublished.property_id)).toBe(false);
    expect(records).toContainEqual({ ok: false, sourceId: String(unpublished.property_id), hidden: expect.stringContaining('not published') });
  });

  it('a malformed record is reported and the rest are mapped', async () => {
    const [a, b] = sources();
    const failures = [...(await collect(a.fetchAll())), ...(await collect(b.fetchAll()))].filter((record) => !record.ok && 'error' in record);
    expect(failures).toHaveLength(2);
    expect(failures.map((record) => ('error' in record ? record.error : ''))).toEqual(
      expect.arrayContaining([expect.stringContaining('type_id'), expect.stringContaining('guid')]),
    );
  });

  it('source B reads every page of the feed with its bearer token and keeps guids', async () => {
    const records = await collect(sources()[1].fetchAll());
    expect(crm.requests.filter((request) => request.line.startsWith('GET /b/feed')).length).toBeGreaterThanOrEqual(3);
    expect(crm.requests[0].headers.authorization).toBe('Bearer feed-token');
    expect(estates(records).every((estate) => estate.guid && estate.source === 'B')).toBe(true);
  });

  it('retries a 5xx and then succeeds', async () => {
    crm.sourceB.failure = 'once-500';
    const records = await collect(sources()[1].fetchAll());
    expect(estates(records).length).toBeGreaterThan(20);
  });

  it('a source that keeps failing throws SourceUnavailableError', async () => {
    crm.sourceA.failure = 'always-500';
    await expect(collect(sources()[0].fetchAll())).rejects.toBeInstanceOf(SourceUnavailableError);
  });

  it('wrong credentials make the source unavailable (no retry on 4xx)', async () => {
    const config = loadConfig({ ...fakeCrmEnv(crm), SOURCE_B_TOKEN: 'wrong' });
    await expect(collect(createEstateSources(config)[1].fetchAll())).rejects.toThrow(/401/);
    expect(crm.requests.filter((request) => request.line.startsWith('GET /b/feed'))).toHaveLength(1);
  });
});

describe('sync against the CRMs', () => {
  let crm: FakeCrmServer;
  let sut: TestApp;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    sut = await startTestApp(fakeCrmEnv(crm));
  });

  afterAll(async () => {
    await sut.close();
    await crm.stop();
  });

  const sync = () => sut.app.get(EstateSyncService).syncAll();

  it('a failing source leaves its cached listings as they were', async () => {
    const before = await sut.app.get(EstateRepository).count();
    crm.sourceB.failure = 'always-500';
    const report = await sync();
    crm.sourceB.failure = 'none';
    expect(report.sources.find((source) => source.source === 'B')).toMatchObject({ ok: false });
    expect(report.sources.find((source) => source.source === 'A')).toMatchObject({ ok: true });
    expect(await sut.app.get(EstateRepository).count()).toBe(before);
  });

  it('at a full sync, a listing that disappears or is unpublished is removed; a changed one is updated', async () => {
    const [gone, unpublished, changed] = standaloneProperties(crm.sourceA.properties).filter((property) => property.publish && !property.is_project);
    crm.sourceA.properties = crm.sourceA.properties
      .filter((property) => property !== gone)
      .map((property) =>
        property === unpublished ? { ...property, publish: false } : property === changed ? { ...property, price: 123456, changed: new Date().toISOString() } : property,
      );
    // A deletion in the CRM is seen only by a full read (incremental-sync.test.ts: between full reconciliations).
    const report = await sut.app.get(EstateSyncService).syncAll(undefined, { full: true });
    const a = report.sources.find((source) => source.source === 'A')!;
    expect(a).toMatchObject({ ok: true, mode: 'full', removed: 2, updated: 1, inserted: 0 });
    const repository = sut.app.get(EstateRepository);
    expect(await repository.findById(gone.property_id!)).toBeNull();
    expect(await repository.findById(unpublished.property_id!)).toBeNull();
    expect((await repository.findById(changed.property_id!))!.price.value).toBe(123456);
  });

  it('a record that turns malformed keeps its last good version', async () => {
    const target = standaloneProperties(crm.sourceA.properties).find((property) => property.publish && !property.is_project)!;
    crm.sourceA.properties = crm.sourceA.properties.map((property) => (property === target ? { ...property, type_id: 999, changed: new Date().toISOString() } : property));
    const report = await sync();
    expect(report.sources[0].skipped.map((record) => record.sourceId)).toContain(String(target.property_id));
    expect(await sut.app.get(EstateRepository).findById(target.property_id!)).not.toBeNull();
  });

  // A full read removes every listing it did not see; one whose record it saw but could not map must stay as it was.
  it('a full sync keeps the last good version of a record it cannot map', async () => {
    const repository = sut.app.get(EstateRepository);
    // A listing the site shows now, not one an earlier test already broke.
    const candidates = standaloneProperties(crm.sourceA.properties).filter((property) => property.publish && !property.is_project && property.type_id !== 999);
    const shown = await Promise.all(candidates.map(async (property) => ({ property, row: await repository.findById(property.property_id!) })));
    const { property: target, row: before } = shown.find(({ row }) => row !== null)!;
    crm.sourceA.properties = crm.sourceA.properties.map((property) =>
      property === target ? { ...property, type_id: 999, price: 1, changed: new Date().toISOString() } : property,
    );
    const report = await sut.app.get(EstateSyncService).syncAll(undefined, { full: true });
    const a = report.sources.find((source) => source.source === 'A')!;
    expect(a).toMatchObject({ ok: true, mode: 'full' });
    expect(a.skipped.map((record) => record.sourceId)).toContain(String(target.property_id));
    const after = await repository.findById(target.property_id!);
    expect(after).not.toBeNull();
    expect(after!.price).toEqual(before!.price);
  });
});
