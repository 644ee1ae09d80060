import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderFragment, renderPage } from '../../../views/render.js';
import { renderWithSections, spliceSections } from '../../../views/cached-sections.js';
import { DEFAULT_LOCALE, localeFromPath } from '../../routing/locales.js';
import { ThemeService } from '../../theme/theme.service.js';
import { isHtmxRequest, pathOf } from '../../web/request.js';
import type { ViewResponder } from '../../web/responders.js';
import { PageContextService } from '../page-context.service.js';
import { BuildInfoService } from './build-info.service.js';
import { KnownPagesService } from './known-pages.service.js';
import { COMPRESS_THRESHOLD_BYTES, ENCODINGS, etagMatches } from './negotiation.js';
import { type ContentEncoding, RenderCacheService, type RenderedPage, utf8Bytes } from './render-cache.service.js';
import { SectionCacheService } from './section-cache.service.js';
import { type CacheScope, FragmentView, PageView, RedirectView, SubmittedView, type View, type ViewOptions } from '../../web/view.js';

/** How long a CDN may serve a public page without asking, and serve it stale while it asks. */
const SHARED_MAX_AGE_SECONDS = 60;
const STALE_WHILE_REVALIDATE_SECONDS = 600;

function hash(...parts: readonly string[]): string {
  return createHash('sha1').update(parts.join('\u0000')).digest('base64url').slice(0, 22);
}

/**
 * The one place a view becomes an HTTP answer: the page, or the fragment alone for htmx; status; ETag and 304;
 * `Cache-Control` and `Vary`; redirects and the Post/Redirect/Get answer to forms; the render cache.
 */
@Injectable()
export class ViewRendererService implements ViewResponder {
  constructor(
    private readonly contexts: PageContextService,
    private readonly build: BuildInfoService,
    private readonly theme: ThemeService,
    private readonly cache: RenderCacheService,
    private readonly known: KnownPagesService,
    private readonly sections: SectionCacheService,
  ) {}

  /**
   * The hot path, called before Nest routes a GET: a public page answered before at this URL, whose version no
   * change has touched since, is answered again from the render cache (or with 304). Returns false to let the
   * controller answer.
   */
  replay(request: FastifyRequest, reply: FastifyReply): false | string | Buffer | undefined {
    const htmx = isHtmxRequest(request);
    const known = this.known.lookup(request, htmx);
    if (!known) return false;
    // On a miss the controller answers, and the renderer's own look counts the miss.
    const cached = this.cache.get(known.etag, { countMiss: false });
    if (cached === undefined) return false;
    reply.status(200).headers(known.headers).header('ETag', known.etag);
    if (etagMatches(request, known.etag)) return this.notModified(reply);
    return this.send(request, reply, known.etag, cached);
  }

  async respond(request: FastifyRequest, reply: FastifyReply, view: View): Promise<string | Buffer | undefined> {
    if (view instanceof RedirectView) {
      reply.status(view.status).header('Location', view.location).header('Cache-Control', view.status === 301 || view.status === 308 ? 'public, max-age=3600' : 'no-store');
      return '';
    }
    if (view instanceof SubmittedView) return this.submitted(request, reply, view);
    const htmx = isHtmxRequest(request);
    const options: ViewOptions = view.options;
    const status = options.status ?? 200;
    reply.status(status).header('Content-Type', 'text/html; charset=utf-8');
    for (const [name, value] of Object.entries(options.headers ?? {})) reply.header(name, value);
    const scope: CacheScope = status === 200 ? (options.cache ?? 'public') : 'no-store';
    this.cacheHeaders(reply, scope);

    // Known before rendering: a revalidation costs no render at all.
    const etag = options.version !== undefined && scope !== 'no-store' ? this.versionTag(request, options, options.version, htmx) : null;
    if (etag) {
      reply.header('ETag', etag);
      if (scope === 'public') this.remember(request, reply, etag, htmx, options);
      if (etagMatches(request, etag)) return this.notModified(reply);
      const cached = this.cache.get(etag);
      if (cached !== undefined) return this.send(request, reply, etag, cached);
    }
    const html = await this.render(request, view, htmx);
    if (etag) return this.send(request, reply, etag, this.cache.set(etag, html));
    if (scope !== 'no-store') {
      const contentTag = `W/"${hash(typeof html === 'string' ? html : html.toString('utf8'))}"`;
      reply.header('ETag', contentTag);
      if (etagMatches(request, contentTag)) return this.notModified(reply);
    }
    return html;
  }

  /** Renders a fragment outside a controller's view (the error filter, the form filter). */
  async renderElement(request: FastifyRequest, element: (ctx: ReturnType<PageContextService['create']>) => ReactElement | null, asPage: boolean): Promise<string> {
    const ctx = this.contexts.create(request, localeFromPath(request.url) ?? DEFAULT_LOCALE, {});
    const rendered = element(ctx);
    if (!rendered) return '';
    return asPage ? renderPage(rendered) : renderFragment(rendered);
  }

  private async render(request: FastifyRequest, view: PageView | FragmentView, htmx: boolean): Promise<string | Buffer> {
    const locale = localeFromPath(request.url) ?? DEFAULT_LOCALE;
    if (view instanceof FragmentView) {
      const ctx = this.contexts.create(request, locale, {});
      const element = await view.render(ctx);
      return element ? renderFragment(element) : '';
    }
    const ctx = this.contexts.create(request, locale, view.address, view.options.query);
    const model = typeof view.model === 'function' ? await (view.model as () => unknown)() : view.model;
    if (htmx && view.options.fragment) {
      const element = view.options.fragment(model as never, ctx);
      return element ? renderFragment(element) : '';
    }
    const version = view.options.version;
    if (version === undefined || !this.sections.enabled) return renderPage(view.component({ ctx, model: model as never }));
    // A page with a version may keep sections (views/cached-sections.tsx) by what names them all: the build, the
    // theme, the locale, the version and the page.
    const prefix = [this.build.id, this.theme.version, locale, version, view.component.name].join('\u0000');
    const { html, sections } = renderWithSections(this.sections, prefix, () => renderPage(view.component({ ctx, model: model as never })));
    return sections.length === 0 ? html : spliceSections(html, sections, utf8Bytes);
  }

  private async submitted(request: FastifyRequest, reply: FastifyReply, view: SubmittedView): Promise<string> {
    reply.header('Cache-Control', 'no-store');
    if (!isHtmxRequest(request)) {
      reply.status(303).header('Location', view.location);
      return '';
    }
    reply.status(200).header('Content-Type', 'text/html; charset=utf-8');
    if (!view.fragment) {
      reply.header('HX-Redirect', view.location);
      return '';
    }
    const fragmentToSwap = view.fragment;
    return this.renderElement(request, (ctx) => fragmentToSwap(ctx), false);
  }

  /** A cached page, compressed once per encoding the visitor accepts (@fastify/compress leaves encoded bodies alone). */
  private send(request: FastifyRequest, reply: FastifyReply, key: string, page: RenderedPage): string | Buffer {
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS) as ContentEncoding | null;
    if (!encoding || page.body.length < COMPRESS_THRESHOLD_BYTES) return page.body;
    const bytes = page.bytes;
    const body = page.encode(encoding);
    // Compressed just now: the cache counts the page's size again.
    if (page.bytes !== bytes) this.cache.resize(key, page);
    reply.header('Content-Encoding', encoding).header('Vary', `${reply.getHeader('Vary') ?? ''}, Accept-Encoding`.replace(/^, /, ''));
    return body;
  }

  /** Only what this answer set itself: the security headers and the request id come from the hooks of every request. */
  private remember(request: FastifyRequest, reply: FastifyReply, etag: string, htmx: boolean, options: ViewOptions): void {
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8' };
    for (const name of ['Cache-Control', 'Vary']) headers[name] = String(reply.getHeader(name));
    Object.assign(headers, options.headers);
    this.known.remember(request, htmx, { etag, headers });
  }

  private versionTag(request: FastifyRequest, options: ViewOptions, version: string, htmx: boolean): string {
    const address = options.query === undefined ? request.url : `${pathOf(request.url)}\u0000${JSON.stringify(options.query)}`;
    return `W/"${hash(this.build.id, this.theme.version, address, version, htmx ? 'fragment' : 'page')}"`;
  }

  private notModified(reply: FastifyReply): undefined {
    reply.status(304).removeHeader('Content-Type');
    return undefined;
  }

  private cacheHeaders(reply: FastifyReply, scope: CacheScope): void {
    switch (scope) {
      case 'public':
        // Browsers revalidate every time (cheap: 304 before rendering); a CDN keeps it briefly.
        reply.header('Cache-Control', `public, max-age=0, must-revalidate, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`);
        reply.header('Vary', 'HX-Request');
        break;
      case 'private':
        reply.header('Cache-Control', 'private, no-cache');
        reply.header('Vary', 'Cookie, HX-Request');
        break;
      default:
        reply.header('Cache-Control', 'no-store');
    }
  }
}
