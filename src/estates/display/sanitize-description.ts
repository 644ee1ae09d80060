import { memoize } from '../../utils/memo.js';
import sanitizeHtml from 'sanitize-html';

/**
 * CRM descriptions are agency-typed HTML: keep the text structure (paragraphs, emphasis, lists,
 * headings, links), drop everything else. Allow-list only; links may only go to http(s)/mailto/tel
 * and open without handing the site to the target.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Agencies paste headings from their CRM's editor at every level; below the page's h2 they become h3.
  transformTags: {
    h1: 'h3',
    h2: 'h3',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
  exclusiveFilter: (frame) => frame.tag === 'p' && frame.text.trim() === '' && !frame.mediaChildren.length,
};

/** Pure and asked again for every page of a listing: each description is cleaned once. */
export const sanitizeDescription: (html: string) => string = memoize(cleanDescription);

function cleanDescription(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  // Plain text from a CRM without markup: keep its paragraphs.
  if (clean !== '' && !/<(p|ul|ol|h3|h4|blockquote)\b/.test(clean)) {
    return clean
      .split(/\n\s*\n/)
      .map((paragraph) => `<p>${paragraph.trim().replace(/\n/g, '<br />')}</p>`)
      .join('');
  }
  return clean;
}
