import { Injectable } from '@nestjs/common';
import { JobQueueService } from '../jobs/job-queue.service.js';
import { MetricsService } from './metrics.service.js';

const STATES = ['queued', 'active', 'failed'] as const;

/** Every job queue's depth, running jobs and kept failures, as pg-boss last counted them. */
@Injectable()
export class JobQueueCollector {
  constructor(metrics: MetricsService, jobs: JobQueueService) {
    metrics.gauge({
      name: 'immo_jobs',
      help: "Jobs per queue and state (queued: waiting or retrying later; failed: out of retries), as pg-boss's monitor counted them (every minute)",
      labelNames: ['queue', 'state'],
      read: async () => (await jobs.counts()).flatMap((counts) => STATES.map((state) => ({ labels: { queue: counts.queue, state }, value: counts[state] }))),
    });
  }
}
