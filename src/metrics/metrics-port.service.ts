import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { AppConfig } from '../config/config.js';
import { MetricsService } from './metrics.service.js';

/**
 * `/metrics` on a port of its own (METRICS_PORT, bound to METRICS_HOST, loopback by default), without a token: for a
 * scraper on the same host or private network. Kept apart from Fastify, so no public route, hook or proxy sees it.
 */
@Injectable()
export class MetricsPortService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsPortService.name);
  private server?: Server;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(MetricsService) private readonly metrics: MetricsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { METRICS_PORT: port, METRICS_HOST: host } = this.config;
    if (port === 0) return;
    const server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.logger.log(`Metrics on http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`);
  }

  /** Last, after the app stopped: a scrape during the drain still sees it. */
  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    try {
      const { body, contentType } = await this.metrics.scrape();
      response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(request.method === 'HEAD' ? undefined : body);
    } catch (error) {
      this.logger.warn(`metrics scrape failed: ${error instanceof Error ? error.message : String(error)}`);
      response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics failed: see the log\n');
    }
  }
}
