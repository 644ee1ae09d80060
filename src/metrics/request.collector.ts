import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Histogram } from 'prom-client';
import { MetricsService } from './metrics.service.js';

/** From a page replayed from the render cache (a few ms) to a slow search on a busy database. */
const BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Request rate and latency by route pattern and status. The label is the pattern the router matched
 * (`/nl/aanbod/:estateId/:slug`), never the URL: a series per listing, slug or query string would grow without bound.
 */
@Injectable()
export class RequestCollector {
  private readonly durations: Histogram<'method' | 'route' | 'status'>;

  constructor(metrics: MetricsService) {
    this.durations = new Histogram({
      name: 'immo_http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern ("unmatched" when no route matched) and status',
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS_SECONDS,
      registers: [metrics.registry],
    });
  }

  /** For Fastify's onResponse hook. */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? 'unmatched';
    this.durations.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  }
}
