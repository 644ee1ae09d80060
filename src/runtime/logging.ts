import { type DynamicModule, Logger, type LoggerService } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import pino, { type DestinationStream } from 'pino';
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

/**
 * Production logs are JSON from their first line. Nest's own logger (coloured text) serves every message logged
 * before the app's pino logger takes over, and some are logged before Nest even buffers them: modules that log while
 * their `forRoot` is evaluated (nestjs-i18n's "No resolvers provided"). This puts a pino logger of the same shape
 * (level, time, pid, hostname, context, msg) behind Nest's static Logger before any module is built; `app.useLogger`
 * replaces it later. Development keeps Nest's readable lines.
 */
export function jsonLogsFromTheStart(config: AppConfig, destination: DestinationStream = pino.destination({ fd: 1, sync: true })): void {
  if (!config.isProduction) return;
  const log = pino({ level: config.LOG_LEVEL }, destination);
  const contextOf = (params: unknown[]) => (typeof params.at(-1) === 'string' ? (params.pop() as string) : undefined);
  const write = (level: 'info' | 'warn' | 'debug' | 'trace' | 'fatal') => (message: unknown, ...params: unknown[]) => {
    const context = contextOf(params);
    log[level]({ context }, typeof message === 'string' ? message : JSON.stringify(message));
  };
  const early: LoggerService = {
    log: write('info'),
    warn: write('warn'),
    debug: write('debug'),
    verbose: write('trace'),
    fatal: write('fatal'),
    error: (message: unknown, ...params: unknown[]) => {
      const context = contextOf(params);
      const [stack] = params;
      log.error({ context, ...(typeof stack === 'string' ? { stack } : {}) }, message instanceof Error ? message.message : String(message));
    },
  };
  Logger.overrideLogger(early);
}
