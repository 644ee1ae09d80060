import { Controller, Get, Header, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { schemaMatches, schemaState } from '../database/migration-state.js';

const READY_TIMEOUT_MS = 2000;

@Controller()
export class HealthController {
  private draining = false;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** From now on /readyz answers 503, so load balancers stop sending new visitors while in-flight requests finish. */
  startDraining(): void {
    this.draining = true;
  }

  /** The process is up. */
  @Get('/healthz')
  @Header('Cache-Control', 'no-store')
  health(): { status: string } {
    return { status: 'ok' };
  }

  /**
   * The process can serve pages: it is not shutting down, the database answers, and its schema is the one this build
   * reads (503 otherwise, for the load balancer). The schema does not match when migrations this build needs have not
   * run (pending: after the way back, or before migration:run) or when a newer release's contract step ran (a
   * migration recorded in schema_requirements that this build does not know). A newer release's expand steps leave it
   * ready (they are listed as `newer`): that is a rolling upgrade, during which this release keeps serving.
   */
  @Get('/readyz')
  @Header('Cache-Control', 'no-store')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadyAnswer> {
    if (this.draining) {
      reply.status(503);
      return { status: 'shutting down' };
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      const state = await Promise.race([
        this.dataSource.query('SELECT 1').then(() => schemaState(this.dataSource)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('database timeout')), READY_TIMEOUT_MS);
        }),
      ]);
      if (!schemaMatches(state)) {
        reply.status(503);
        return {
          status: 'schema mismatch',
          ...(state.pending.length > 0 && {
            pending: state.pending,
            hint: 'the database lacks migrations this build needs: run `npm run migration:run` with this release, or run the release that matches',
          }),
          ...(state.contracted.length > 0 && {
            contracted: state.contracted,
            hint: "a newer release's contract step ran on this database: this build no longer matches its schema; run the newer release",
          }),
        };
      }
      return state.newer.length > 0 ? { status: 'ready', newer: state.newer } : { status: 'ready' };
    } catch {
      reply.status(503);
      return { status: 'database unavailable' };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** What /readyz answers (JSON). */
interface ReadyAnswer {
  readonly status: 'ready' | 'shutting down' | 'database unavailable' | 'schema mismatch';
  readonly pending?: string[];
  readonly contracted?: string[];
  readonly newer?: string[];
  readonly hint?: string;
}
