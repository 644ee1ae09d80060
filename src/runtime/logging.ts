import type { DynamicModule } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/config.js';
import type { RawRequestWithId } from '../utils/request-id.js';

/** pino logging for the web app and the sync command: JSON lines in production, pretty in development. */
export function loggerModule(config: AppConfig): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level: config.LOG_LEVEL,
      autoLogging: config.LOG_REQUESTS,
      // Fastify assigns the id (see create-app.ts); log lines carry the same one.
      genReqId: (request: RawRequestWithId) => request.id ?? randomUUID(),
      // One short line per request: who asked for what, and the answer's status.
      serializers: {
        req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      transport: config.isProduction || config.NODE_ENV === 'test' ? undefined : { target: 'pino-pretty' },
    },
  });
}
