import { DataSource } from 'typeorm';
import { ChangeFeedService, type ChangeTopics } from '../../src/database/change-feed.service.js';
import { EstateSyncScheduler, SYNC_QUEUE } from '../../src/estates/persistence/estate-sync.scheduler.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { startReplicas, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

/** A week: the interval's slot cannot end between the two replicas' offers. */
const INTERVAL_MINUTES = '10080';

describe('two replicas: one sync per interval, changes reach both', () => {
  let crm: FakeCrmServer;
  let cluster: Awaited<ReturnType<typeof startReplicas>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    cluster = await startReplicas(2, { ...fakeCrmEnv(crm), SYNC_INTERVAL_MINUTES: INTERVAL_MINUTES });
    [a, b] = cluster.replicas;
  });

  afterAll(async () => {
    await cluster?.close();
    await crm.stop();
  });

  /** How many syncs the CRM saw: each one reads source B's second feed page once (the health check reads only the first). */
  const syncRuns = () => crm.requests.filter((request) => request.line === 'GET /b/feed?page=2').length;

  it('runs the sync once in an interval, however often both replicas offer it', async () => {
    // One sync so far: the first replica's, which filled the empty cache and took this interval's slot.
    expect(syncRuns()).toBe(1);

    const offers = await Promise.all([a, b, a, b].map((replica) => replica.app.get(EstateSyncScheduler).offerIntervalSync()));
    expect(offers).toEqual([null, null, null, null]);
    const [{ jobs }] = await a.app.get(DataSource).query(`SELECT count(*)::int AS jobs FROM pgboss.job WHERE name = $1`, [SYNC_QUEUE]);
    expect(jobs).toBe(1);
    expect(syncRuns()).toBe(1);
  });

  it('tells every replica exactly which listings a sync changed, a unit with its project', async () => {
    const seen: Array<ChangeTopics['estates']> = [];
    const unsubscribe = b.app.get(ChangeFeedService).subscribe('estates', (change) => seen.push(change));
    try {
      const listing = crm.sourceB.listings.find((candidate) => candidate.id === 5001)!;
      Object.assign(listing, { title: { ...listing.title, nl: 'Lichtrijk appartement in Ukkel, nu met lift' } });
      const unit = crm.sourceA.properties.find((candidate) => candidate.property_id === 1044)!;
      Object.assign(unit, { price: 310_000, changed: new Date().toISOString() });

      const report = await a.app.get(EstateSyncService).syncAll();
      expect(report.sources.map((source) => source.updated)).toEqual([1, 1]);
      await until('changes delivered', async () => seen.flatMap((change) => change.ids).length >= 3, Boolean, { timeoutMs: 10_000 });
      expect(seen.flatMap((change) => change.ids).sort((x, y) => x - y)).toEqual([1043, 1044, 5001]);
    } finally {
      unsubscribe();
    }
  });

  it('drops the settings cache of every replica when one changes a setting', async () => {
    const settingsOfB = b.app.get(SettingsService);
    expect((await settingsOfB.current()).hiddenStatus).toEqual([]);
    await a.app.get(SettingsService).set('hiddenStatus', ['SOLD']);
    await until('new settings read', async () => (await settingsOfB.current()).hiddenStatus.includes('SOLD'), Boolean, { timeoutMs: 10_000 });
  });
});
