import { Controller, Get, Header, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';

const READY_TIMEOUT_MS = 2000;

@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The process is up. */
  @Get('/healthz')
  @Header('Cache-Control', 'no-store')
  health(): { status: string } {
    return { status: 'ok' };
  }

  /** The process can serve pages: the database answers (503 otherwise, for the load balancer). */
  @Get('/readyz')
  @Header('Cache-Control', 'no-store')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<{ status: string }> {
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), READY_TIMEOUT_MS).unref()),
      ]);
      return { status: 'ready' };
    } catch {
      reply.status(503);
      return { status: 'database unavailable' };
    }
  }
}
