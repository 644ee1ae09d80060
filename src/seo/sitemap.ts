import { DEFAULT_LOCALE, LOCALES, type Locale } from '../routing/locales.js';

/** One page of the site in every locale. */
export type LocalizedPage = Readonly<Record<Locale, string>>;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * sitemaps.org XML with one <url> per page and locale, each carrying the xhtml:link alternates of all
 * four locales plus x-default (Google's format for localized pages). `origin` has no trailing slash.
 */
export function renderSitemap(origin: string, pages: readonly LocalizedPage[]): string {
  const urls = pages.flatMap((page) => {
    const links = [
      ...LOCALES.map((locale) => ({ hreflang: locale, href: origin + page[locale] })),
      { hreflang: 'x-default', href: origin + page[DEFAULT_LOCALE] },
    ]
      .map((link) => `<xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeXml(link.href)}"/>`)
      .join('');
    return LOCALES.map((locale) => `<url><loc>${escapeXml(origin + page[locale])}</loc>${links}</url>`);
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

/** robots.txt: everything but the ajax endpoints, and where the sitemap is. */
export function renderRobots(origin: string): string {
  const disallow = LOCALES.map((locale) => `Disallow: /${locale}/ajax/`).join('\n');
  return `User-agent: *\n${disallow}\n\nSitemap: ${origin}/sitemap.xml\n`;
}
