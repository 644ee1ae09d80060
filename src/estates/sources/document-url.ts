import { webUrlOrNull } from './crm-values.js';

/**
 * Where the demo catalogue's documents are served: copied from fixtures/documents by scripts/build-assets.mjs.
 * Their names carry a version (`-v1`), as every file under /assets/ is kept a year by browsers.
 */
export const DEMO_DOCUMENTS_PATH = '/assets/demo-documents/';
/** `/<accountId>/docs/<file>` on a demo host: the demo catalogue's floor plans and brochures. */
const DEMO_DOCUMENT = /^\/\d{1,10}\/docs\/([\w-]{1,80}\.(?:pdf|jpe?g|png))$/i;
/** The reserved `.example` domain, which no real CRM can use (the demo photos sit there too: image-url.ts). */
const DEMO_HOST = /\.example$/;

/**
 * The link a page may show for a CRM's document (a floor plan, a brochure, a certificate): the CRM's own absolute
 * http(s) URL, or for the demo catalogue's files (`https://cdn.source-a.example/1042/docs/brochure-v1.pdf`) the
 * site's copy of them. Anything else (another scheme, a relative or malformed link) is null, and the document is
 * left out.
 */
export function documentUrl(value: unknown): string | null {
  const url = webUrlOrNull(value);
  if (!url) return null;
  const parsed = new URL(url);
  const demo = DEMO_HOST.test(parsed.hostname) && !parsed.search ? DEMO_DOCUMENT.exec(parsed.pathname) : null;
  return demo ? `${DEMO_DOCUMENTS_PATH}${demo[1]}` : url;
}
