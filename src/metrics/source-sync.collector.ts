import { Injectable } from '@nestjs/common';
import { EstateRepository } from '../estates/persistence/estate.repository.js';
import { MetricsService } from './metrics.service.js';

/** How long ago each source's last successful sync started: the alert for a CRM that stopped answering. */
@Injectable()
export class SourceSyncCollector {
  constructor(metrics: MetricsService, estates: EstateRepository) {
    metrics.gauge({
      name: 'immo_source_last_sync_age_seconds',
      help: "Seconds since the start of each source's last successful sync (no series before its first)",
      labelNames: ['source'],
      read: async () => (await estates.lastSyncs()).map(({ source, startedAt }) => ({ labels: { source }, value: (Date.now() - startedAt.getTime()) / 1000 })),
    });
  }
}
