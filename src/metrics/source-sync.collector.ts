import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/config.js';
import { EstateRepository } from '../estates/persistence/estate.repository.js';
import { MetricsService } from './metrics.service.js';

/**
 * How long ago each source's last successful sync started: the alert for a CRM that stopped answering. Beside it,
 * which sources are the demo's fixtures and not a CRM: a 1 there on a real site is the demo gone live.
 */
@Injectable()
export class SourceSyncCollector {
  constructor(metrics: MetricsService, estates: EstateRepository, @Inject(AppConfig) config: AppConfig) {
    metrics.gauge({
      name: 'immo_source_last_sync_age_seconds',
      help: "Seconds since the start of each source's last successful sync (no series before its first)",
      labelNames: ['source'],
      read: async () => (await estates.lastSyncs()).map(({ source, startedAt }) => ({ labels: { source }, value: (Date.now() - startedAt.getTime()) / 1000 })),
    });
    metrics.gauge({
      name: 'immo_source_demo_fixtures',
      help: 'A source read from the demo fixtures, not a CRM (DEMO data: fictitious listings, appointments never mailed); no series for a CRM',
      labelNames: ['source', 'fixtures'],
      read: () => Promise.resolve(config.demoSources.map((entry) => ({ labels: { source: entry.source, fixtures: entry.fixtures }, value: 1 }))),
    });
  }
}
