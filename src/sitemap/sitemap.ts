import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../routing/locales.js';

/** One page of the site in every locale. */
export type LocalizedPage = Readonly<Record<Locale, string>>;

/** A page for a sitemap: its path in each locale and when it last changed (ISO 8601). */
export interface SitemapPage {
  readonly paths: LocalizedPage;
  readonly lastmod?: string;
}

/** The sitemaps the index lists, by name: `/sitemaps/<name>.xml`. */
export const SITEMAP_NAMES = ['listings', 'projects', 'holiday', 'pages'] as const;
export type SitemapName = (typeof SITEMAP_NAMES)[number];

export const SITEMAP_INDEX_PATH = '/sitemap.xml';

/**
 * Pages per sitemap file: each is 4 URLs (one per locale) with 5 alternates, ~0.8 KB each, so a file holds 20,000 URLs
 * and ~17 MB, under Google's 50,000 URLs and 50 MB. A 50,000-listing catalogue is ten listings files.
 */
export const PAGES_PER_SITEMAP = 5_000;

/** One file of a sitemap: `listings` is its first part, `listings-2` the second, and so on. */
export interface SitemapPart {
  readonly name: SitemapName;
  /** 0-based. */
  readonly index: number;
}

export function sitemapPath({ name, index }: SitemapPart): string {
  return `/sitemaps/${index === 0 ? name : `${name}-${index + 1}`}.xml`;
}

/** The part a `/sitemaps/<file>` names, or null (`listings-1` is not a name: the first part is `listings`). */
export function parseSitemapFile(file: string): SitemapPart | null {
  const match = /^([a-z]+)(?:-([1-9]\d{0,5}))?\.xml$/.exec(file);
  if (!match || !isSitemapName(match[1]!) || match[2] === '1') return null;
  return { name: match[1], index: match[2] ? Number(match[2]) - 1 : 0 };
}

/**
 * The pages of each part, PAGES_PER_SITEMAP pages each; none for no pages: a sitemap must hold at least one <url>, so
 * an empty one (a site without holiday units) is left out of the index and its file is a 404, not a 500.
 */
export function partsOf<T>(pages: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < pages.length; start += PAGES_PER_SITEMAP) parts.push(pages.slice(start, start + PAGES_PER_SITEMAP));
  return parts;
}

export function isSitemapName(name: string): name is SitemapName {
  return (SITEMAP_NAMES as readonly string[]).includes(name);
}

/** The latest of some ISO dates; undefined when there are none. */
export function latest(dates: ReadonlyArray<string | undefined>): string | undefined {
  return dates.filter((date): date is string => !!date).sort().at(-1);
}

/**
 * A sitemap with one <url> per page and locale, each with the xhtml:link alternates of all four locales plus
 * x-default (Google's format for localized pages), and its lastmod. `origin` has no trailing slash.
 */
export async function renderSitemap(origin: string, pages: readonly SitemapPage[]): Promise<string> {
  const stream = new SitemapStream({ hostname: origin, xmlns: { news: false, xhtml: true, image: false, video: false } });
  for (const page of pages) {
    const links = [
      ...LOCALES.map((locale) => ({ lang: locale, hreflang: locale, url: origin + page.paths[locale] })),
      { lang: 'x-default', hreflang: 'x-default', url: origin + page.paths[DEFAULT_LOCALE] },
    ];
    for (const locale of LOCALES) stream.write({ url: origin + page.paths[locale], links, ...(page.lastmod ? { lastmod: page.lastmod } : {}) });
  }
  stream.end();
  return (await streamToPromise(stream)).toString();
}

/** The sitemap index: each sitemap with the lastmod of its newest page. */
export async function renderSitemapIndex(origin: string, sitemaps: ReadonlyArray<{ readonly part: SitemapPart; readonly lastmod?: string }>): Promise<string> {
  const stream = new SitemapIndexStream();
  for (const sitemap of sitemaps) stream.write({ url: origin + sitemapPath(sitemap.part), ...(sitemap.lastmod ? { lastmod: sitemap.lastmod } : {}) });
  stream.end();
  return (await streamToPromise(stream)).toString();
}

/** robots.txt: everything but the ajax endpoints, and where the sitemap is. */
export function renderRobots(origin: string): string {
  const disallow = LOCALES.map((locale) => `Disallow: /${locale}/ajax/`).join('\n');
  return `User-agent: *\n${disallow}\n\nSitemap: ${origin}${SITEMAP_INDEX_PATH}\n`;
}
