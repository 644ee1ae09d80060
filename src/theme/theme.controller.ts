import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { THEME_PATH, ThemeService } from './theme.service.js';

@Controller()
export class ThemeController {
  constructor(private readonly theme: ThemeService) {}

  /** Immutable at its current version; any other version (an old page) gets today's theme for a minute. */
  @Get(THEME_PATH)
  @Header('Content-Type', 'text/css; charset=utf-8')
  stylesheet(@Query('v') version: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): string {
    reply.header('Cache-Control', version === this.theme.version ? 'public, max-age=31536000, immutable' : 'public, max-age=60');
    return this.theme.css;
  }
}
