import { Module } from '@nestjs/common';
import { JobQueueCollector } from './job-queue.collector.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsPortService } from './metrics-port.service.js';
import { MetricsService } from './metrics.service.js';
import { OutboxCollector } from './outbox.collector.js';
import { RenderCacheCollector } from './render-cache.collector.js';
import { RequestCollector } from './request.collector.js';
import { SourceSyncCollector } from './source-sync.collector.js';

/**
 * Prometheus metrics, never public: on METRICS_PORT (a port of its own) and/or on `/metrics` with METRICS_TOKEN.
 * Each collector adds the numbers of one source (requests, render cache, job queue, sync, outbox) to MetricsService.
 */
@Module({
  controllers: [MetricsController],
  providers: [MetricsService, MetricsPortService, RequestCollector, RenderCacheCollector, JobQueueCollector, SourceSyncCollector, OutboxCollector],
})
export class MetricsModule {}
