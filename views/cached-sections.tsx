import { randomBytes } from 'node:crypto';
import { createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Sections of a page rendered once and kept ("Russian-doll" caching): markup that depends only on what the page's
 * version names (a listing's content and settings), its locale, the build and the theme, kept as UTF-8 bytes
 * between renders (src/shell/rendering/section-cache.service.ts). The page is still rendered by React on every
 * request, with a marker element where each kept section goes; the renderer then replaces the markers with the
 * kept bytes. Everything that depends on the request (the query, a form's state, the path a heart returns to)
 * stays outside the sections and is rendered every time.
 *
 * The markup is the same as rendering the section in place: a section is rendered in a document of its own
 * (`<html><head></head><body>…</body></html>`, the body context it has in the page), and React's head output for
 * it must be empty, or exactly the `hoisted` elements the page renders live beside the marker (React then hoists
 * those into the page's head as before). A section that would put anything else in the head (an image preload, a
 * script) is never kept: it is rendered in place every time.
 */

/** Where sections are kept: UTF-8 bytes, or null for a section that cannot be kept (rendered in place). */
export interface SectionStore {
  get(key: string): Buffer | null | undefined;
  /** Keeps `html` (null: the section cannot be kept) and returns the bytes to use in this render. */
  set(key: string, html: string | null): Buffer | null;
}

/** A random tag per process: no text of a listing can contain it (and React escapes `<` in text and attributes). */
const MARKER_TAG = `immo-section-${randomBytes(6).toString('hex')}`;
/** How React writes a marker, around its index: ASCII, so found as bytes in the encoded page. */
const MARKER_OPEN = Buffer.from(`<${MARKER_TAG} data-i="`);
const MARKER_CLOSE = Buffer.from(`"></${MARKER_TAG}>`);
const QUOTE = 0x22;

interface SectionRender {
  readonly store: SectionStore;
  readonly prefix: string;
  readonly sections: Buffer[];
}

/** The render in progress (rendering is synchronous: one at a time). */
let current: SectionRender | null = null;

const DOCUMENT_END = '</body></html>';

/** A section's markup and what React would hoist from it into the head, rendered in a body as in the page. */
function renderInBody(node: ReactNode): { head: string; body: string } {
  const html = renderToStaticMarkup(createElement('html', null, createElement('head'), createElement('body', null, node)));
  // React escapes `<` in attributes and text, so the first `</head><body>` is the boundary.
  const split = html.indexOf('</head><body>');
  return { head: html.slice('<html><head>'.length, split), body: html.slice(split + '</head><body>'.length, html.length - DOCUMENT_END.length) };
}

function hoistedHead(hoisted: ReactNode): string {
  return hoisted === undefined || hoisted === null ? '' : renderInBody(hoisted).head;
}

/**
 * `render()` as a kept section named `name` (unique within the page, and a function of the page's version, locale,
 * build and theme only), or rendered in place when no section store is in use (SECTION_CACHE_MB=0, a page without a
 * version) or the section cannot be kept. `hoisted`: elements React hoists into the head that the section contains
 * (a form's bot-check script); they are rendered live beside the marker.
 */
export function cachedSection(name: string, render: () => ReactNode, hoisted?: ReactElement | null): ReactNode {
  const rendering = current;
  if (!rendering) return render();
  const key = `${rendering.prefix}\u0000${name}`;
  let bytes = rendering.store.get(key);
  if (bytes === undefined) {
    // A section inside a section is rendered in place within it: its marker would name a slot of this render only.
    current = null;
    try {
      const { head, body } = renderInBody(render());
      bytes = rendering.store.set(key, head === hoistedHead(hoisted) ? body : null);
    } finally {
      current = rendering;
    }
  }
  if (bytes === null) return render();
  const index = rendering.sections.push(bytes) - 1;
  const marker = createElement(MARKER_TAG, { 'data-i': index });
  return hoisted ? createElement(Fragment, null, hoisted, marker) : marker;
}

/**
 * Runs `render` (which renders a page synchronously) with kept sections under `prefix` (what every section of this
 * page depends on: build, theme, locale, version, page). Returns the live markup and the sections its markers stand for.
 */
export function renderWithSections(store: SectionStore, prefix: string, render: () => string): { html: string; sections: readonly Buffer[] } {
  if (current) throw new Error('renderWithSections: a render is already in progress');
  current = { store, prefix, sections: [] };
  try {
    const html = render();
    return { html, sections: current.sections };
  } finally {
    current = null;
  }
}

/**
 * The page as UTF-8 bytes: the live markup, encoded once, with each marker replaced by its section's bytes (the
 * markers are ASCII, so they are found in the bytes: no second pass over the text).
 */
export function spliceSections(html: string, sections: readonly Buffer[], encode: (text: string) => Buffer): Buffer {
  const live = encode(html);
  const parts: Buffer[] = [];
  let length = 0;
  let from = 0;
  for (let at = live.indexOf(MARKER_OPEN); at !== -1; at = live.indexOf(MARKER_OPEN, from)) {
    const digits = at + MARKER_OPEN.length;
    const quote = live.indexOf(QUOTE, digits);
    const section = sections[Number(live.toString('latin1', digits, quote))];
    if (!section || live.compare(MARKER_CLOSE, 0, MARKER_CLOSE.length, quote, quote + MARKER_CLOSE.length) !== 0) {
      throw new Error(`spliceSections: a marker at ${at} names no section`);
    }
    parts.push(live.subarray(from, at), section);
    length += at - from + section.length;
    from = quote + MARKER_CLOSE.length;
  }
  parts.push(live.subarray(from));
  length += live.length - from;
  return Buffer.concat(parts, length);
}
