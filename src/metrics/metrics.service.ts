import { Injectable, Logger } from '@nestjs/common';
import { Counter, Gauge, Registry } from 'prom-client';

/** One series of a gauge read at scrape time: its labels and value. */
export interface Reading<L extends string> {
  readonly labels: Record<L, string>;
  readonly value: number;
}

interface GaugeOptions<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly L[];
  /** Runs on every scrape; the gauge shows exactly what it returns (a series it no longer returns disappears). */
  readonly read: () => Promise<Reading<L>[]>;
}

/**
 * The app's Prometheus registry. Collectors add their metrics here: counters and histograms that move as things
 * happen, and gauges read from the database at scrape time. A gauge whose read fails shows no series for that
 * scrape (and counts the failure) instead of failing the whole scrape: the request metrics matter most when the
 * database does not answer.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly logger = new Logger(MetricsService.name);
  private readonly readFailures = new Counter({
    name: 'immo_metrics_read_failures_total',
    help: 'Scrape-time reads that failed, by metric (that metric showed no series in that scrape)',
    labelNames: ['metric'],
    registers: [this.registry],
  });

  gauge<L extends string>({ name, help, labelNames, read }: GaugeOptions<L>): void {
    const failures = this.readFailures;
    const logger = this.logger;
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          for (const reading of await read()) this.set(reading.labels, reading.value);
        } catch (error) {
          failures.inc({ metric: name });
          logger.warn(`metric ${name} not read: ${error instanceof Error ? error.message : String(error)}`);
        }
      },
    });
  }

  /** The metrics in Prometheus's text format, and its content type. */
  async scrape(): Promise<{ readonly body: string; readonly contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
