import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';

/** The listings' codes kept (about 2 KB each): a code depends on the URL only, so it outlives listing changes. */
const CODES_KEPT = 500;
/**
 * M (15 % of the code may be damaged) with the standard quiet zone of four modules: reads from paper that is
 * folded or printed a little pale, and keeps a listing's URL at version 4–5 (33–37 modules), small enough to print
 * at 3 cm.
 */
const OPTIONS = { type: 'svg', errorCorrectionLevel: 'M', margin: 4 } as const;

const codes = new LRUCache<string, Promise<string>>({ max: CODES_KEPT });

/**
 * The QR code of `url` as inline SVG markup (paths with fill and stroke attributes only: no script, no style
 * attribute, so the 'self' CSP holds), with the brochure's class. Drawn on the server by `qrcode`, once per URL.
 */
export function listingQrSvg(url: string): Promise<string> {
  let svg = codes.get(url);
  if (!svg) {
    svg = QRCode.toString(url, OPTIONS).then(withClass);
    codes.set(url, svg);
    svg.catch(() => codes.delete(url));
  }
  return svg;
}

/** The library's `<svg>` with the brochure's class, hidden from assistive technology (the URL is printed beside it). */
function withClass(svg: string): string {
  return svg.replace(/^<svg /, '<svg class="brochure-qr__code" aria-hidden="true" focusable="false" ');
}
