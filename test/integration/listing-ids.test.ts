import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { OVERFLOW_ID_START } from '../../src/estates/persistence/listing-ids.js';
import { urlFor } from '../../src/routing/routes.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The site id of a listing by its source and CRM id. */
async function siteId(sut: TestApp, source: string, sourceId: string): Promise<number | null> {
  const row = await sut.app.get(DataSource).getRepository(EstateEntity).findOne({ select: { id: true }, where: { source: source as 'A', sourceId } });
  return row?.id ?? null;
}

describe('listing ids: one URL space for every source', () => {
  let crm: FakeCrmServer;
  let sut: TestApp;
  let clashingGuid: string;
  let aId: number;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    // The feed sends, for one of its listings, a number that a Zabun listing already has.
    const listing = crm.sourceB.listings.find((candidate) => !candidate.isProject)!;
    clashingGuid = listing.guid!;
    sut = await startTestApp(fakeCrmEnv(crm));
    const first = await sut.app.get(DataSource).getRepository(EstateEntity).findOne({ select: { id: true }, where: { source: 'A', parentId: IsNull(), isProject: false }, order: { id: 'ASC' } });
    aId = first!.id;
    crm.sourceB.listings = crm.sourceB.listings.map((candidate) => (candidate.guid === clashingGuid ? { ...candidate, id: aId } : candidate));
  });

  afterAll(async () => {
    await sut?.close();
    await crm?.stop();
  });

  it('keeps a listing’s id when its CRM later sends a number another source’s listing has', async () => {
    const before = await siteId(sut, 'B', clashingGuid);
    await sut.app.get(EstateSyncService).syncAll();
    expect(await siteId(sut, 'B', clashingGuid)).toBe(before);
    expect((await sut.app.get(DataSource).getRepository(EstateEntity).findOneBy({ id: aId }))?.source).toBe('A');
  });

  it('gives a new listing whose number is taken an id of the overflow range, and shows each listing at its own URL', async () => {
    const fresh = { ...crm.sourceB.listings.find((candidate) => candidate.guid === clashingGuid)!, guid: '0b6f3c1e-7a0d-4c55-9d8e-1f2a3b4c5d6e', id: aId, title: { nl: 'Overloopwoning met eigen nummer' } };
    crm.sourceB.listings = [...crm.sourceB.listings, fresh];
    try {
      const report = await sut.app.get(EstateSyncService).syncAll();
      expect(report.sources.find((source) => source.source === 'B')?.skipped.map((record) => record.sourceId)).not.toContain(fresh.guid);
      const id = await siteId(sut, 'B', fresh.guid);
      expect(id).toBeGreaterThanOrEqual(OVERFLOW_ID_START);
      const short = await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: id! }));
      const page = await request(sut.server).get(short.headers.location as string);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Overloopwoning met eigen nummer');
      const aPage = await request(sut.server).get((await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: aId }))).headers.location as string);
      expect(aPage.status).toBe(200);
      expect(aPage.text).not.toContain('Overloopwoning met eigen nummer');
    } finally {
      crm.sourceB.listings = crm.sourceB.listings.filter((candidate) => candidate.guid !== fresh.guid);
    }
  });

  it('gives a listing that comes back after it was removed the id (and URL) it had', async () => {
    const removed = crm.sourceB.listings.find((candidate) => !candidate.isProject && candidate.guid !== clashingGuid)!;
    const before = await siteId(sut, 'B', removed.guid!);
    crm.sourceB.listings = crm.sourceB.listings.filter((candidate) => candidate !== removed);
    await sut.app.get(EstateSyncService).syncAll();
    expect(await siteId(sut, 'B', removed.guid!)).toBeNull();
    crm.sourceB.listings = [...crm.sourceB.listings, { ...removed, id: 987_654 }];
    await sut.app.get(EstateSyncService).syncAll();
    expect(await siteId(sut, 'B', removed.guid!)).toBe(before);
  });
});
