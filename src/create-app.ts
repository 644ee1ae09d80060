import 'reflect-metadata';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Logger, PinoLogger } from 'nestjs-pino';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { AppModule } from './app.module.js';
import { ASSETS_BASE_PATH } from './web/assets.service.js';
import { ErrorPagesService } from './shell/error-pages.service.js';
import { AllExceptionsFilter } from './shell/all-exceptions.filter.js';
import { addRequestDeadline } from './database/request-deadline.js';
import { RequestCollector } from './metrics/request.collector.js';
import { KnownPagesService } from './shell/rendering/known-pages.service.js';
import { ViewRendererService } from './shell/rendering/view-renderer.service.js';
import { parseJsonWithLimits } from './web/json-body.js';
import { ASSETS_DIR } from './utils/paths.js';
import { type RawRequestWithId, requestIdFor } from './utils/request-id.js';
import type { AppConfig } from './config/config.js';

/** Form posts and JSON bodies are small; anything bigger is refused with 413. */
const BODY_LIMIT_BYTES = 64 * 1024;
/** Longer request targets are refused with 414 (no page of ours has one; browsers stop near 2 MB). */
const MAX_URL_LENGTH = 4096;

/** The map tiles' origin for the CSP (a `{s}` subdomain becomes a wildcard); nothing for same-origin tiles. */
function tileSources(template: string): string[] {
  if (!/^https?:\/\//.test(template)) return [];
  const origin = /^(https?:\/\/[^/]+)/.exec(template)![1]!;
  return [origin.replace(/\{s\}\./, '*.').replace(/\{[^}]+\}/g, '*')];
}

/** The bot-check provider's origins (script, its frames and calls), only when pages load its script. */
function botCheckSources(config: AppConfig): string[] {
  const botCheck = config.botCheckClient;
  if (!botCheck) return [];
  const origin = new URL(botCheck.scriptUrl).origin;
  // Google's reCAPTCHA also loads from gstatic.com.
  return origin === 'https://www.google.com' ? [origin, 'https://www.gstatic.com'] : [origin];
}

/**
 * Pages carry no inline script or style at all (the brand colour comes from /theme.css, island data from
 * data- attributes), so the policy is 'self'-based without per-response nonces: a page is the same bytes for
 * every request and can be answered with 304 or kept by a CDN.
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[] | null> {
  const botCheck = botCheckSources(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...botCheck],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    styleSrcAttr: ["'none'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(config.MAP_TILE_URL)],
    connectSrc: ["'self'", ...botCheck],
    frameSrc: botCheck.length > 0 ? botCheck : ["'none'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: config.PUBLIC_BASE_URL.startsWith('https:') ? [] : null,
  };
}

/** `/nl/aanbod/5/x/?a=1` → `/nl/aanbod/5/x?a=1`; null when there is no trailing slash (or only `/`). */
export function withoutTrailingSlash(url: string): string | null {
  const index = url.indexOf('?');
  const path = index === -1 ? url : url.slice(0, index);
  if (path.length <= 1 || !path.endsWith('/')) return null;
  const trimmed = path.replace(/\/+$/, '');
  // Never towards another host (`//evil.example/` would become the scheme-relative `//evil.example`).
  if (trimmed === '' || trimmed.startsWith('//') || trimmed.startsWith('/\\')) return null;
  return trimmed + (index === -1 ? '' : url.slice(index));
}

/**
 * Answers the errors Node's HTTP parser raises before Fastify sees a request (headers too large, a malformed
 * request line) with the app's error page and security headers instead of Fastify's JSON.
 */
function clientErrorHandler(pages: ErrorPagesService, securityHeaders: () => Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = Buffer.from(pages.plainPage(status));
    const headers = { ...securityHeaders(), 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(body.length), 'Cache-Control': 'no-store', Connection: 'close' };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join('\r\n');
    socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n${head}\r\n\r\n`), body]));
  };
}

/** The headers set on a Node response so far, as a flat `[name, value, …]` list in their own spelling. */
function rawHeaderList(response: ServerResponse): string[] {
  const list: string[] = [];
  // Node's OutgoingMessage has it since v15.13; @types/node does not declare it.
  for (const name of (response as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    const value = response.getHeader(name);
    for (const one of Array.isArray(value) ? value : [value]) list.push(name, String(one));
  }
  return list;
}

/** Builds the whole app (plugins, security headers, assets) without listening: main.ts and the tests share it. */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  // Filled in once the app exists; the Fastify options below need them for errors raised before Nest runs.
  const late: { pages?: ErrorPagesService; errors?: AllExceptionsFilter; securityHeaders: Record<string, string>; securityHead?: string[]; knownPages?: KnownPagesService } = {
    securityHeaders: {},
  };
  // The hot path: a page answered before and unchanged since is written out before any other hook, plugin or Nest
  // runs (KnownPagesService.answer), with the security headers the hooks it skips would have set and the request id.
  const answerKnownPage = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const security = late.securityHead;
    if (security && late.knownPages?.answer(request, reply, security)) {
      (request.raw as RawRequestWithId).id = request.id;
      return;
    }
    done();
  };
  // The adapter adds its own onRequest hooks (security headers, CSRF, …) as soon as it has made the instance: this
  // one goes first.
  const adapter = new (class extends FastifyAdapter {
    override setInstance<T = FastifyInstance>(instance: T): void {
      super.setInstance(instance);
      (instance as FastifyInstance).addHook('onRequest', answerKnownPage);
      // Every request answers within REQUEST_DEADLINE_MS, however long the database keeps it waiting: the 503 page.
      addRequestDeadline(instance as FastifyInstance, config.REQUEST_DEADLINE_MS, (error, request, reply) =>
        late.errors?.catch(error, new ExecutionContextHost([request, reply])),
      );
    }
  })({
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // The URL's length is limited above (MAX_URL_LENGTH), not each parameter's: the router's default of 100 made the
    // slugs and photo paths of older releases (links in mails, caches, search engines) a 414 instead of their 301 or photo.
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    // Logged and echoed in X-Request-Id.
    requestIdHeader: false,
    genReqId: requestIdFor,
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) =>
      late.pages ? clientErrorHandler(late.pages, () => late.securityHeaders)(error, socket) : socket.destroy(),
    // The router refuses a malformed URL (400) or an over-long parameter (414) before any hook or filter runs:
    // answer with the app's page and security headers, never Fastify's JSON echoing the URL.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      void reply
        .status(status)
        .headers({ ...late.securityHeaders, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
        .send(late.pages ? late.pages.render(request, status) : '');
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: true,
    abortOnError: false,
    // Start-up messages before pino takes over go to the console, unless logging is switched off.
    ...(config.LOG_LEVEL === 'silent' ? { logger: false } : {}),
  });
  app.useLogger(app.get(Logger));
  late.pages = app.get(ErrorPagesService);
  late.errors = app.get(AllExceptionsFilter);

  app.useSecurityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Headers no current browser acts on, sent on every answer for nothing: X-XSS-Protection (the auditor it turned
    // off is gone from every browser; OWASP lists the header as deprecated), X-Download-Options (Internet Explorer 8's
    // "open" button) and X-DNS-Prefetch-Control (not a protection: `off` only slows links to other hosts).
    xXssProtection: false,
    xDownloadOptions: false,
    xDnsPrefetchControl: false,
    // Only a site served over https may ask browsers to stay on https.
    strictTransportSecurity: config.PUBLIC_BASE_URL.startsWith('https:') ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  // Every state-changing request from another site is refused with 403 (Fetch Metadata, Origin/Host fallback).
  app.enableCsrfProtection({ trustedOrigins: [new URL(config.PUBLIC_BASE_URL).origin] });
  // Async: Nest completes a two-argument parser only through the promise it returns.
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT_BYTES }, async (_request: unknown, body: Buffer) => parseJsonWithLimits(body));

  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const accessLog = await app.resolve(PinoLogger);
  accessLog.setContext('Access');
  fastify.addHook('onRequest', (request, reply, done) => {
    // The first request (the probe below) records the headers the security hook, which ran before, set.
    late.securityHead ??= rawHeaderList(reply.raw);
    (request.raw as RawRequestWithId).id = request.id;
    reply.header('X-Request-Id', request.id);
    if (request.url.length > MAX_URL_LENGTH) {
      done(Object.assign(new Error('URI too long'), { statusCode: 414 }));
      return;
    }
    const trimmed = withoutTrailingSlash(request.url);
    if (trimmed && (request.method === 'GET' || request.method === 'HEAD')) {
      void reply.header('Cache-Control', 'public, max-age=3600').redirect(trimmed, 301);
      return;
    }
    done();
  });
  // A page answered before that the hot path leaves to the hooks (another Accept-Encoding, a body) is replayed
  // before Nest routes the request.
  const renderer = app.get(ViewRendererService);
  fastify.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const body = renderer.replay(request, reply);
    if (body === false) return done();
    void reply.send(body);
  });
  // Every answer, also those given before Nest (the render cache's replay, redirects, 404s), timed for /metrics.
  const requests = app.get(RequestCollector);
  fastify.addHook('onResponse', (request, reply, done) => {
    requests.observe(request, reply);
    done();
  });
  if (config.LOG_REQUESTS) {
    // One line per request, by route pattern: no query string, token, e-mail or name ever reaches the log.
    fastify.addHook('onResponse', (request, reply, done) => {
      accessLog.info(
        { reqId: request.id, method: request.method, route: request.routeOptions.url ?? '(no route)', status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
        'request',
      );
      done();
    });
  }
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
    // Images may be loaded from elsewhere: the logo in a mail client's page (Gmail, Outlook on the web).
    setHeaders: (reply, path) => {
      if (path.endsWith('.png')) void reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });

  await app.init();
  await fastify.ready();
  late.knownPages = app.get(KnownPagesService);
  // The first request records the headers the security hook sets (late.securityHead); the few answers written
  // straight to the socket, or before any hook runs, carry the same.
  await fastify.inject({ method: 'GET', url: '/healthz' });
  const security = late.securityHead ?? [];
  late.securityHeaders = Object.fromEntries(security.flatMap((name, at) => (at % 2 === 0 ? [[name, security[at + 1]!]] : [])));
  return app;
}
