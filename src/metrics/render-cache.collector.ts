import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { RenderCacheService } from '../shell/rendering/render-cache.service.js';
import { MetricsService } from './metrics.service.js';

/** The render cache's hits and misses, read from its own counts at scrape time (the hot path stays free of prom-client). */
@Injectable()
export class RenderCacheCollector {
  constructor(metrics: MetricsService, cache: RenderCacheService) {
    const counter = (name: string, help: string, count: () => number) =>
      new Counter({
        name,
        help,
        registers: [metrics.registry],
        collect() {
          this.reset();
          this.inc(count());
        },
      });
    counter('immo_render_cache_hits_total', 'Versioned pages answered from the render cache without rendering', () => cache.lookups.hits);
    counter('immo_render_cache_misses_total', 'Versioned pages the render cache did not hold, rendered', () => cache.lookups.misses);
  }
}
