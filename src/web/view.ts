import type { ReactElement } from 'react';
import type { PageContext } from '../../views/page-context.js';
import type { Locale } from '../routing/locales.js';
import type { RouteName, RouteParams } from '../routing/routes.js';

/** The page a context describes: a route and its parameters, or none (error pages keep the URL). */
export interface PageAddress {
  readonly route?: RouteName;
  readonly params?: RouteParams;
  /** This page's path in each locale when it differs by more than the route (a listing's slug is localized). */
  readonly paths?: Readonly<Record<Locale, string>>;
  /** Error and token pages are not indexed: no hreflang, no canonical. */
  readonly indexable?: boolean;
}

/**
 * Who may keep a copy of a response: `public` is the same for every visitor (a CDN may keep it briefly),
 * `private` depends on the visitor's cookies, `no-store` is never kept (answers to posts, token pages).
 */
export type CacheScope = 'public' | 'private' | 'no-store';

export type PageComponent<M> = (props: { readonly ctx: PageContext; readonly model: M }) => ReactElement;

/** A model, or how to build it: a lazy model is only built when the page must really be rendered (not for a 304). */
export type ModelSource<M> = M | (() => M | Promise<M>);

export interface ViewOptions {
  readonly status?: number;
  readonly cache?: CacheScope;
  /**
   * Everything the content depends on besides the rendering build, the locale and the URL (e.g. a listing's
   * version). With it the ETag is known before rendering, so a matching If-None-Match is answered with 304 at once,
   * and the finished HTML may be kept in the render cache.
   */
  readonly version?: string;
  /**
   * The query parameters the page reads, as it read them (validated, of a fixed shape, e.g. parsed search
   * criteria; `{}` when it reads none). The ETag and the render-cache key then name the path and these alone, so a
   * query string the page ignores (`?utm_source=…`, `?x=1`) is the same page and the same cache entry instead of a
   * new one per URL. Without it, the whole URL. A string is the page's own canonical query string (a search's),
   * which the page's links back to itself then use as it is.
   */
  readonly query?: object | string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface PageViewOptions<M> extends ViewOptions {
  /** What an htmx request for this URL gets instead of the whole page (e.g. the results list of a search). */
  readonly fragment?: (model: M, ctx: PageContext) => ReactElement | null;
}

/** A whole page: its component, its model, and the address the page context is built from (hreflang, canonical). */
export class PageView<M = unknown> {
  constructor(
    readonly component: PageComponent<M>,
    readonly model: ModelSource<M>,
    readonly address: PageAddress,
    readonly options: PageViewOptions<M> = {},
  ) {}
}

/** A piece of a page, for htmx (the similar-estates block, a form with its errors). `null` renders nothing. */
export class FragmentView {
  constructor(
    readonly render: (ctx: PageContext) => ReactElement | null | Promise<ReactElement | null>,
    readonly options: ViewOptions = {},
  ) {}
}

export class RedirectView {
  constructor(
    readonly location: string,
    readonly status: 301 | 302 | 303 | 307 | 308 = 302,
  ) {}
}

/**
 * The answer to an accepted form (Post/Redirect/Get): a plain post gets 303 to `location`; htmx gets `fragment`
 * when there is one (swapped in place), else an `HX-Redirect` to `location`.
 */
export class SubmittedView {
  constructor(
    readonly location: string,
    readonly fragment?: (ctx: PageContext) => ReactElement | null,
  ) {}
}

// A page view of any model: the renderer hands the model back to the component it came with.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type View = PageView<any> | FragmentView | RedirectView | SubmittedView;

export function isView(value: unknown): value is View {
  return value instanceof PageView || value instanceof FragmentView || value instanceof RedirectView || value instanceof SubmittedView;
}

/** `return page(EstateDetailPage, () => model, { route: 'detail', paths }, { version })` */
export function page<M>(component: PageComponent<M>, model: NoInfer<ModelSource<M>>, address: PageAddress, options?: PageViewOptions<NoInfer<M>>): PageView<M> {
  return new PageView(component, model, address, options);
}

export function fragment(render: FragmentView['render'], options?: ViewOptions): FragmentView {
  return new FragmentView(render, options);
}

export function redirect(location: string, status?: RedirectView['status']): RedirectView {
  return new RedirectView(location, status);
}

export function submitted(location: string, fragmentToSwap?: SubmittedView['fragment']): SubmittedView {
  return new SubmittedView(location, fragmentToSwap);
}
