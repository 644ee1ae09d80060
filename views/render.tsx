import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** A whole HTML document. renderToStaticMarkup: the server owns the markup, nothing hydrates it. */
export function renderPage(page: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(page)}`;
}

/** A piece of a page, as htmx swaps it in. */
export function renderFragment(fragment: ReactElement): string {
  return renderToStaticMarkup(fragment);
}

const renderedParts = new WeakMap<object, Map<string, string>>();

/**
 * Markup that is the same on every page of a site in one locale (the header's brand and navigation, the footer),
 * rendered by the first page that needs it and reused after that, so a page that misses the render cache renders
 * only what is its own. `owner` is what the markup is made from (the site's settings, fixed for the process);
 * `key` names the part and everything else it depends on (its locale). For `dangerouslySetInnerHTML` of the
 * part's own wrapper element, so the page's markup is exactly what rendering it in place would give.
 */
export function renderedOnce(owner: object, key: string, part: () => ReactElement): { __html: string } {
  let parts = renderedParts.get(owner);
  if (!parts) {
    parts = new Map();
    renderedParts.set(owner, parts);
  }
  let html = parts.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(part());
    parts.set(key, html);
  }
  return { __html: html };
}
