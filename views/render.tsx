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

/** A slot's stand-in while its template renders: letters, digits and `_` only, which React writes as they are. */
const SLOT_TOKEN = `immoslot${Math.random().toString(36).slice(2, 10)}_`;
const SLOT_PATTERN = new RegExp(`${SLOT_TOKEN}(\\d+)_`);

/** What React writes for a text or an attribute value (its escapeTextForBrowser): the same five characters. */
const ESCAPES: Readonly<Record<string, string>> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
function escapeLikeReact(text: string): string {
  return /["&'<>]/.test(text) ? text.replace(/["&'<>]/g, (char) => ESCAPES[char]!) : text;
}

/** A part rendered once with slots, as the strings between them and which slot follows each. */
interface Template {
  readonly texts: readonly string[];
  readonly slots: readonly number[];
}

const templates = new Map<string, Template>();

/**
 * Markup that is the same on every page but for a few values (a heart's return path, a page's other-language
 * links): rendered by React once per `key` with each value as a slot (`slot(i)` stands for `values[i]`), then
 * filled by joining strings. `key` names the part and everything it depends on besides the values (its texts,
 * so its locale). A slot may stand for a text or an attribute value that React writes escaped only: not for a
 * URL attribute holding untrusted input (React would have written `javascript:` URLs otherwise), nor for an
 * attribute React transforms (booleans, numbers, styles). For `dangerouslySetInnerHTML` of the part's own wrapper.
 */
export function renderedTemplate(key: string, part: (slot: (index: number) => string) => ReactElement, values: readonly string[]): { __html: string } {
  let template = templates.get(key);
  if (!template) {
    const pieces = renderToStaticMarkup(part((index) => `${SLOT_TOKEN}${index}_`)).split(SLOT_PATTERN);
    template = { texts: pieces.filter((_, at) => at % 2 === 0), slots: pieces.filter((_, at) => at % 2 === 1).map(Number) };
    templates.set(key, template);
  }
  let html = template.texts[0]!;
  for (let at = 0; at < template.slots.length; at++) html += escapeLikeReact(values[template.slots[at]!]!) + template.texts[at + 1]!;
  return { __html: html };
}
