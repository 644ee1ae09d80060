import type { INestApplication, LoggerService } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AppConfig } from '../config/config.js';
import { HealthController } from './health.controller.js';

export type ShutdownOutcome = 'closed' | 'timed-out';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const IDLE_SWEEP_MS = 100;

/**
 * What the web process does on SIGTERM, in order: /readyz fails at once; for SHUTDOWN_DELAY_MS the
 * site keeps serving while load balancers notice; then the server stops accepting, in-flight requests
 * finish, running jobs get a moment, and the database closes. All of it within SHUTDOWN_TIMEOUT_MS;
 * past that the caller exits anyway.
 */
export class GracefulShutdown {
  private running?: Promise<ShutdownOutcome>;

  constructor(
    private readonly app: INestApplication,
    private readonly config: AppConfig,
    private readonly logger?: LoggerService,
  ) {}

  run(signal: string): Promise<ShutdownOutcome> {
    this.running ??= this.shutDown(signal);
    return this.running;
  }

  private async shutDown(signal: string): Promise<ShutdownOutcome> {
    this.app.get(HealthController).startDraining();
    this.logger?.log(`${signal}: not ready any more; closing in ${this.config.SHUTDOWN_DELAY_MS} ms`, 'Shutdown');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<ShutdownOutcome>((resolve) => {
      timer = setTimeout(() => resolve('timed-out'), this.config.SHUTDOWN_TIMEOUT_MS);
    });
    // A keep-alive connection whose request ends after the close began would otherwise hold the
    // server open until its keep-alive time-out (72 s in Fastify): close each as soon as it is idle.
    const server = this.app.getHttpServer() as Server;
    const sweeper = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const closed = (async (): Promise<ShutdownOutcome> => {
      await delay(this.config.SHUTDOWN_DELAY_MS);
      await this.app.close();
      return 'closed';
    })();
    try {
      const outcome = await Promise.race([closed, timedOut]);
      if (outcome === 'timed-out') this.logger?.warn?.(`shutdown took longer than ${this.config.SHUTDOWN_TIMEOUT_MS} ms; exiting anyway`, 'Shutdown');
      return outcome;
    } finally {
      clearTimeout(timer);
      // Past the time-out the caller exits; until then the close may still finish.
      void closed.finally(() => clearInterval(sweeper)).catch(() => undefined);
    }
  }
}
