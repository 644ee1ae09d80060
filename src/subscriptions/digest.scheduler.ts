import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ChangeFeedService } from '../database/change-feed.service.js';
import { JobQueueService } from '../jobs/job-queue.service.js';
import { DigestService } from './digest.service.js';
import { SubscriptionService } from './subscription.service.js';

export const DIGEST_QUEUE = 'subscription-digest';
/** Daily and weekly windows open between syncs too: the matcher also runs this often, once across replicas. */
const INTERVAL_SECONDS = 3600;

interface DigestJob {
  readonly reason: 'sync' | 'interval';
}

/**
 * Runs the digest matcher through the job queue after every sync that changed listings (the change feed tells every
 * replica) and every hour; the same job expires unconfirmed subscriptions and anonymizes old unsubscribed ones.
 */
@Injectable()
export class DigestScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DigestScheduler.name);
  private unsubscribe?: () => void;

  constructor(
    private readonly jobs: JobQueueService,
    private readonly changes: ChangeFeedService,
    private readonly digests: DigestService,
    private readonly subscriptions: SubscriptionService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Stately: what every replica asks for while a run is queued is that run; asked for while one runs, one more follows.
    await this.jobs.define(DIGEST_QUEUE, { policy: 'stately', retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 600 });
    await this.jobs.work<DigestJob>(DIGEST_QUEUE, async () => {
      const { mailed } = await this.digests.run();
      const { expired, anonymized } = await this.subscriptions.housekeeping();
      if (mailed || expired || anonymized) this.logger.log(`digests: ${mailed} mailed; subscriptions: ${expired} expired, ${anonymized} anonymized`);
    });
    this.unsubscribe = this.changes.subscribe('estates', () => void this.afterSync());
    await this.jobs.schedule<DigestJob>(DIGEST_QUEUE, INTERVAL_SECONDS, { reason: 'interval' }, 'digest-interval').offer();
  }

  onApplicationShutdown(): void {
    this.unsubscribe?.();
  }

  /** Queues a run now; null when a run is already queued (by this or another replica), which will see the changes. */
  async afterSync(): Promise<string | null> {
    try {
      const id = await this.jobs.send<DigestJob>(DIGEST_QUEUE, { reason: 'sync' }, { singletonKey: 'digest-sync' });
      if (id) this.jobs.wake(DIGEST_QUEUE);
      return id;
    } catch (error) {
      this.logger.warn(`digest run not queued after a sync (the hourly run will catch up): ${String(error)}`);
      return null;
    }
  }
}
