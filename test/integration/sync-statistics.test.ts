import { DataSource } from 'typeorm';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { until } from '../support/poll.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The planner's statistics of the listings after a sync (issue 22): the embedded database runs no autovacuum, so a
 * catalogue of 50,000 listings was searched on plans made without them.
 */
describe('statistics of the listings after a sync (Zabun fake)', () => {
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

  /** Times `ANALYZE` ran on the listings (the server's statistics may show it a moment later). */
  const analyzed = async () => Number((await sut.app.get(DataSource).query(`SELECT analyze_count FROM pg_stat_user_tables WHERE relname = 'estates'`))[0].analyze_count);
  const sync = () => sut.app.get(EstateSyncService).syncAll();

  it('analyzes them once the first sync has filled the empty cache', async () => {
    await until('estates analyzed after the first fill', analyzed, (count) => count >= 1);
  });

  it('leaves them after a sync that changed a listing, and analyzes again after one that changed more than 50 + 10 %', async () => {
    const before = await until('estates analyzed', analyzed, (count) => count >= 1);
    const now = new Date().toISOString();
    const [first] = crm.sourceA.properties;
    crm.sourceA.properties = crm.sourceA.properties.map((property) => (property === first ? { ...property, price: 123_456, changed: now } : property));
    expect((await sync()).sources.find((source) => source.source === 'A')).toMatchObject({ ok: true, updated: 1 });
    expect(await analyzed()).toBe(before);

    // 200 new listings, copies of the first one, published on the website medium.
    const added = Array.from({ length: 200 }, (_, i) => ({ ...first!, property_id: 900_000 + i, reference: `NEW-${i}`, changed: now }));
    crm.sourceA.properties = [...crm.sourceA.properties, ...added];
    crm.sourceA.media['14'] = [...(crm.sourceA.media['14'] ?? []), ...added.map((property) => property.property_id!)];
    expect((await sync()).sources.find((source) => source.source === 'A')).toMatchObject({ ok: true, inserted: 200 });
    await until('estates analyzed again', analyzed, (count) => count > before);
  });
});
