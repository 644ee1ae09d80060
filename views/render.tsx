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
