import { Controller, Get, Header, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';

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

  /** The process can serve pages: it is not shutting down and the database answers (503 otherwise, for the load balancer). */
  @Get('/readyz')
  @Header('Cache-Control', 'no-store')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<{ status: string }> {
    if (this.draining) {
      reply.status(503);
      return { status: 'shutting down' };
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database timeout')), READY_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ready' };
    } catch {
      reply.status(503);
      return { status: 'database unavailable' };
    } finally {
      clearTimeout(timer);
    }
  }
}
