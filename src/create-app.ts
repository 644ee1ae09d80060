import 'reflect-metadata';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServerResponse } from 'node:http';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import { assignNonce, nonceOf } from './common/csp-nonce.js';
import { type RawRequestWithId, requestIdFor } from './common/request-id.js';
import { ASSETS_BASE_PATH } from './common/assets.service.js';
import { ASSETS_DIR } from './common/paths.js';
import type { AppConfig } from './config/config.js';

/** Form posts and JSON bodies are small; anything bigger is refused with 413. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** The map tiles' origin for the CSP (a `{s}` subdomain becomes a wildcard); nothing for same-origin tiles. */
function tileSources(template: string): string[] {
  if (!/^https?:\/\//.test(template)) return [];
  const origin = /^(https?:\/\/[^/]+)/.exec(template)![1];
  return [origin.replace(/\{s\}\./, '*.').replace(/\{[^}]+\}/g, '*')];
}

/** The bot-check provider's origins (script, its frames and calls), only when a site key is configured. */
function botCheckSources(config: AppConfig): string[] {
  if (!config.BOT_CHECK_SITE_KEY) return [];
  const origin = new URL(config.BOT_CHECK_SCRIPT_URL).origin;
  // Google's reCAPTCHA also loads from gstatic.com.
  return origin === 'https://www.google.com' ? [origin, 'https://www.gstatic.com'] : [origin];
}

/** Builds the whole app (plugins, security headers, assets) without listening: main.ts and the tests share it. */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    // Logged and echoed in X-Request-Id.
    requestIdHeader: false,
    genReqId: requestIdFor,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: true,
    abortOnError: false,
    // Start-up messages before pino takes over go to the console, unless logging is switched off.
    ...(config.LOG_LEVEL === 'silent' ? { logger: false } : {}),
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    (request.raw as RawRequestWithId).id = request.id;
    reply.header('X-Request-Id', request.id);
    assignNonce(reply.raw);
    done();
  });
  const secure = config.PUBLIC_BASE_URL.startsWith('https:');
  const nonce = (_request: unknown, response: unknown) => `'nonce-${nonceOf(response as ServerResponse)}'`;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce, ...botCheckSources(config)],
        styleSrc: ["'self'", nonce],
        // Islands position slides and the map with style attributes.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(config.MAP_TILE_URL)],
        connectSrc: ["'self'", ...botCheckSources(config)],
        frameSrc: ["'self'", ...botCheckSources(config)],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Only a site served over https may ask browsers to stay on https.
    strictTransportSecurity: secure ? undefined : false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    prefix: ASSETS_BASE_PATH,
    decorateReply: false,
    index: false,
    // File names carry their content hash, so a file never changes.
    immutable: true,
    maxAge: '365d',
    cacheControl: true,
  });

  await app.init();
  await fastify.ready();
  return app;
}
