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

export function sitemapPath(name: SitemapName): string {
  return `/sitemaps/${name}.xml`;
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
export async function renderSitemapIndex(origin: string, sitemaps: ReadonlyArray<{ readonly name: SitemapName; readonly lastmod?: string }>): Promise<string> {
  const stream = new SitemapIndexStream();
  for (const sitemap of sitemaps) stream.write({ url: origin + sitemapPath(sitemap.name), ...(sitemap.lastmod ? { lastmod: sitemap.lastmod } : {}) });
  stream.end();
  return (await streamToPromise(stream)).toString();
}

/** robots.txt: everything but the ajax endpoints, and where the sitemap is. */
export function renderRobots(origin: string): string {
  const disallow = LOCALES.map((locale) => `Disallow: /${locale}/ajax/`).join('\n');
  return `User-agent: *\n${disallow}\n\nSitemap: ${origin}${SITEMAP_INDEX_PATH}\n`;
}
