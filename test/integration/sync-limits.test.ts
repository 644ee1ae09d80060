import request from 'supertest';
import { DataSource } from 'typeorm';
import { EstateSyncScheduler, SYNC_QUEUE } from '../../src/estates/persistence/estate-sync.scheduler.js';
import { EstateSyncService, type SourceSyncReport } from '../../src/estates/persistence/estate-sync.service.js';
import { JobQueueService } from '../../src/jobs/job-queue.service.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { RunawayFeedServer } from '../support/runaway-feed-server.js';
import { startTestApp, type TestApp, waitForJob } from '../support/test-app.js';

const MAX_PAGES = 5;
const MAX_RECORDS = 100;
const MAX_BYTES = 1_000_000;
// Long enough for source A to sync on a loaded machine; only source B is meant to hit it.
const SYNC_TIMEOUT_SECONDS = 4;

describe('sync limits: a runaway feed is stopped and never blocks start-up', () => {
  let crm: FakeCrmServer;
  let feed: RunawayFeedServer;
  let sut: TestApp;
  let fillJob: string | null;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    feed = new RunawayFeedServer();
    await feed.start();
    feed.reset('trickle');
    sut = await startTestApp(
      {
        ...fakeCrmEnv(crm),
        SOURCE_B_FEED_URL: feed.url,
        // Longer than the whole sync may take: only the overall time-out can stop a trickle.
        SOURCE_TIMEOUT_MS: '10000',
        SYNC_MAX_PAGES: String(MAX_PAGES),
        SYNC_MAX_RECORDS: String(MAX_RECORDS),
        SYNC_MAX_BYTES: String(MAX_BYTES),
        SYNC_TIMEOUT_SECONDS: String(SYNC_TIMEOUT_SECONDS),
      },
      { waitForCache: false },
    );
    fillJob = sut.app.get(EstateSyncScheduler).fillJobId;
  });

  afterAll(async () => {
    await sut?.close();
    await feed.stop();
    await crm.stop();
  });

  const sourceB = (reports: readonly SourceSyncReport[]) => reports.find((report) => report.source === 'B')!;

  it('starts without waiting for the first sync, which runs as a job and is cut off by the time-out', async () => {
    // The app is up while the sync still waits on the trickling feed.
    expect(fillJob).not.toBeNull();
    expect(await sut.app.get(JobQueueService).state(SYNC_QUEUE, fillJob!)).toMatch(/^(created|active)$/);
    expect((await request(sut.server).get('/healthz')).status).toBe(200);

    // The job ends (the trickle alone would hold a source for SOURCE_TIMEOUT_MS per request, without end).
    expect(await waitForJob(sut.app, SYNC_QUEUE, fillJob!)).toBe('completed');
    // Source B was stopped and has nothing cached. Whether A went through first depends on the machine's speed within
    // the 4 s: the tests below show A unaffected by B's limits, and the trickle's test which limit stopped it.
    const sources: Array<{ source: string }> = await sut.app.get(DataSource).query('SELECT DISTINCT source FROM estates');
    expect(sources.map((row) => row.source)).not.toContain('B');
  });

  it('stops a feed that always names a next page at the page cap', async () => {
    feed.reset('endless-pages');
    const report = await sut.app.get(EstateSyncService).syncAll();
    expect(sourceB(report.sources)).toMatchObject({ ok: false, error: expect.stringContaining(`more than ${MAX_PAGES} pages`) });
    expect(feed.pagesServed).toBe(MAX_PAGES);
    expect(report.sources.find((source) => source.source === 'A')!.ok).toBe(true);
  });

  it('stops a feed whose pages add up to too many records at the record cap', async () => {
    feed.reset('fat-pages');
    const report = await sut.app.get(EstateSyncService).syncAll();
    expect(sourceB(report.sources)).toMatchObject({ ok: false, error: expect.stringContaining(`more than ${MAX_RECORDS} records`) });
    expect(feed.pagesServed).toBe(Math.ceil((MAX_RECORDS + 1) / 40));
  });

  it('stops reading a body that never ends at the byte cap', async () => {
    feed.reset('huge-body');
    const report = await sut.app.get(EstateSyncService).syncAll();
    expect(sourceB(report.sources)).toMatchObject({ ok: false, error: expect.stringContaining('bytes') });
    // It stopped soon after the cap: the feed could send no more than what was in flight.
    expect(feed.bytesSent).toBeLessThan(MAX_BYTES * 4);
  });

  it('stops a feed that trickles at the overall time-out', async () => {
    feed.reset('trickle');
    const report = await sut.app.get(EstateSyncService).syncAll();
    // "sync stopped" is the overall time-out's word (the run's signal), not a request's own time-out: no clock needed.
    expect(sourceB(report.sources)).toMatchObject({ ok: false, error: expect.stringContaining('sync stopped') });
  });
});
