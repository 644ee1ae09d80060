import { Controller, Get, Header, Headers, Inject, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/config.js';
import { MetricsService } from './metrics.service.js';

/** Compared as hashes, in constant time: the answer's timing tells nothing of the token. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * `/metrics` on the public port, for hosts whose scraper can only reach that one: only with
 * `Authorization: Bearer <METRICS_TOKEN>`. Without a token configured the URL does not exist (404, like any other).
 */
@Controller()
export class MetricsController {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(MetricsService) private readonly metrics: MetricsService,
  ) {}

  @Get('/metrics')
  @Header('Cache-Control', 'no-store')
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const token = this.config.METRICS_TOKEN;
    if (!token) throw new NotFoundException();
    if (!bearerMatches(authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new UnauthorizedException();
    }
    const { body, contentType } = await this.metrics.scrape();
    reply.header('Content-Type', contentType);
    return body;
  }
}
