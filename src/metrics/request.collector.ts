import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Metric } from 'prom-client';
import { MetricsService } from './metrics.service.js';

/** From a page replayed from the render cache (a few ms) to a slow search on a busy database. */
const BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const NAME = 'immo_http_request_duration_seconds';
const HELP = 'Time to answer a request, by method, route pattern ("unmatched" when no route matched) and status';

type Label = 'method' | 'route' | 'status';

/** One line of the exposition, as prom-client's registry formats it. */
interface Value {
  readonly metricName: string;
  readonly labels: Readonly<Record<string, string | number>>;
  readonly value: number;
}

/** One series: its labels, and its observations counted per bucket (not yet cumulative; the last is +Inf). */
interface Series {
  readonly labels: Record<Label, string>;
  readonly counts: number[];
  sum: number;
  count: number;
}

/**
 * Request rate and latency by route pattern and status. The label is the pattern the router matched
 * (`/nl/aanbod/:estateId/:slug`), never the URL: a series per listing, slug or query string would grow without bound.
 *
 * Counted here rather than in a prom-client Histogram: its `observe` validates and hashes the labels on every call,
 * a few µs of a request that the render cache answers in some 40. This keeps one series per (method, route,
 * status) found in two Map lookups, and hands prom-client's registry the same values a Histogram would (the
 * registry formats them, so `/metrics` reads exactly as before).
 */
@Injectable()
export class RequestCollector {
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();

  constructor(metrics: MetricsService) {
    // What the registry calls on a metric: get() at a scrape, reset() from registry.resetMetrics().
    const metric = { name: NAME, help: HELP, type: 'histogram', aggregator: 'sum', get: async () => this.values(), reset: () => this.series.clear() };
    metrics.registry.registerMetric(metric as unknown as Metric);
  }

  /** For Fastify's onResponse hook. */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const seconds = reply.elapsedTime / 1000;
    const series = this.seriesFor(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
    let bucket = 0;
    while (bucket < BUCKETS_SECONDS.length && seconds > BUCKETS_SECONDS[bucket]!) bucket++;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  private seriesFor(method: string, route: string, status: number): Series {
    let byRoute = this.series.get(method);
    if (!byRoute) this.series.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (!byStatus) byRoute.set(route, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = { labels: { method, route, status: String(status) }, counts: new Array<number>(BUCKETS_SECONDS.length + 1).fill(0), sum: 0, count: 0 };
      byStatus.set(status, series);
    }
    return series;
  }

  /** What prom-client's Histogram.get() returns: cumulative buckets, +Inf, sum and count per series. */
  private values(): { name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: Value[] } {
    const values: Value[] = [];
    for (const byRoute of this.series.values()) {
      for (const byStatus of byRoute.values()) {
        for (const { labels, counts, sum, count } of byStatus.values()) {
          let cumulative = 0;
          BUCKETS_SECONDS.forEach((bound, index) => {
            cumulative += counts[index]!;
            values.push({ metricName: `${NAME}_bucket`, labels: { le: bound, ...labels }, value: cumulative });
          });
          values.push({ metricName: `${NAME}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
          values.push({ metricName: `${NAME}_sum`, labels, value: sum });
          values.push({ metricName: `${NAME}_count`, labels, value: count });
        }
      }
    }
    return { name: NAME, help: HELP, type: 'histogram', aggregator: 'sum', values };
  }
}
