import { DataSource } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { EstateRepository } from '../../src/estates/persistence/estate.repository.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('estate sync from the demo catalogue (no CRM configured)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(async () => {
    await sut.close();
  });

  it('fills an empty cache at start with at least 60 listings from both sources', async () => {
    const rows = await sut.app.get(DataSource).getRepository(EstateEntity).find({ select: { source: true, parentId: true } });
    const listings = rows.filter((row) => row.parentId === null);
    expect(listings.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((row) => row.source))).toEqual(new Set(['A', 'B']));
  });

  it('changes nothing when read in full again', async () => {
    const before = await sut.app.get(EstateRepository).count();
    const report = await sut.app.get(EstateSyncService).syncAll(undefined, { full: true });
    for (const source of report.sources) {
      expect(source).toMatchObject({ ok: true, inserted: 0, updated: 0, removed: 0 });
      expect(source.unchanged).toBeGreaterThan(0);
    }
    expect(report.cached).toBe(before);
  });

  it('asks the incremental source (the demo Zabun) only for changes between full reads: none here', async () => {
    const report = await sut.app.get(EstateSyncService).syncAll();
    expect(report.sources.find((source) => source.source === 'A')).toMatchObject({ ok: true, mode: 'incremental', fetched: 0, removed: 0 });
    expect(report.sources.find((source) => source.source === 'B')).toMatchObject({ ok: true, mode: 'full', inserted: 0, updated: 0, removed: 0 });
  });

  it('reports the deliberately malformed demo records and keeps the rest', async () => {
    const report = await sut.app.get(EstateSyncService).syncAll(undefined, { full: true });
    const skipped = report.sources.flatMap((source) => source.skipped);
    expect(skipped.length).toBeGreaterThanOrEqual(2);
    expect(skipped.every((record) => record.error.length > 0)).toBe(true);
  });

  it('reads a project back with its units', async () => {
    const project = await sut.app
      .get(DataSource)
      .getRepository(EstateEntity)
      .findOne({ where: { isProject: true }, order: { id: 'ASC' } });
    const estate = await sut.app.get(EstateRepository).findById(project!.id);
    expect(estate!.children.length).toBeGreaterThanOrEqual(3);
    expect(estate!.children.every((unit) => unit.parentId === project!.id)).toBe(true);
  });
});
