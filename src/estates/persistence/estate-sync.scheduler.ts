import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../config/config.js';
import { JobQueueService, type Schedule } from '../../jobs/job-queue.service.js';
import { DemoHistoryService } from './demo-history.service.js';
import { EstateRepository } from './estate.repository.js';
import { EstateSyncService } from './estate-sync.service.js';

export const SYNC_QUEUE = 'estate-sync';
/** Every sync job carries this key: on the exclusive queue at most one is queued or running. */
const SYNC_KEY = 'estate-sync';
const FILL_POLL_MS = 100;

interface SyncJob {
  readonly reason: 'empty-cache' | 'interval';
}

/**
 * Keeps the cache fresh while the site runs, through the job queue: a sync job when the cache is
 * empty at start (start-up never waits for it), then one per SYNC_INTERVAL_MINUTES, once across
 * all replicas (JobQueueService.schedule); the queue is exclusive, so two syncs never overlap either.
 */
@Injectable()
export class EstateSyncScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(EstateSyncScheduler.name);
  private schedule?: Schedule;
  /** The empty-cache job this process queued, if any (tests wait for it). */
  fillJobId: string | null = null;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly estates: EstateRepository,
    private readonly sync: EstateSyncService,
    private readonly jobs: JobQueueService,
    private readonly demoHistory: DemoHistoryService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.define(SYNC_QUEUE, {
      policy: 'exclusive',
      // The next interval is the retry.
      retryLimit: 0,
      expireInSeconds: this.config.SYNC_TIMEOUT_SECONDS + 60,
    });
    await this.jobs.work<SyncJob>(SYNC_QUEUE, async (job) => {
      const report = await this.sync.syncAll(job.signal);
      this.logger.log(`sync (${job.data.reason}) done in ${report.durationMs} ms: ${report.cached} listings cached`);
      // Demo data only (SEED_DEMO_DATA, sources read from fixtures/): the history an earlier sync would have recorded.
      if (job.data.reason === 'empty-cache') await this.demoHistory.seed();
    });
    // Not awaited: start-up never waits for a CRM.
    void this.sync.logHealth();
    const count = await this.estates.count();
    if (count === 0) {
      // It counts as this interval's sync: the interval's own offer is then turned away.
      this.fillJobId = await this.jobs.send<SyncJob>(SYNC_QUEUE, { reason: 'empty-cache' }, { singletonKey: SYNC_KEY, singletonSeconds: this.intervalSeconds });
      this.jobs.wake(SYNC_QUEUE);
      this.logger.log('empty cache: a sync job will fill it');
    } else {
      this.logger.log(`cache holds ${count} listings`);
    }
    if (this.intervalSeconds) {
      this.schedule = this.jobs.schedule<SyncJob>(SYNC_QUEUE, this.intervalSeconds, { reason: 'interval' }, SYNC_KEY);
      await this.schedule.offer();
    }
  }

  /**
   * Resolves once the empty-cache sync this process queued has run (at once when there was none).
   * Start-up does not wait for it; a benchmark or a test that needs the catalogue does.
   */
  async waitForFill(timeoutMs = 60_000): Promise<void> {
    if (!this.fillJobId) return;
    const until = Date.now() + timeoutMs;
    for (;;) {
      const state = await this.jobs.state(SYNC_QUEUE, this.fillJobId);
      if (state !== 'created' && state !== 'retry' && state !== 'active') return;
      if (Date.now() > until) throw new Error(`the empty-cache sync is still ${state} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, FILL_POLL_MS));
    }
  }

  private get intervalSeconds(): number | undefined {
    return this.config.SYNC_INTERVAL_MINUTES > 0 ? this.config.SYNC_INTERVAL_MINUTES * 60 : undefined;
  }

  /** Queues this interval's sync unless some process already did; the job id, or null. */
  offerIntervalSync(): Promise<string | null> {
    return this.schedule?.offer() ?? Promise.resolve(null);
  }
}
