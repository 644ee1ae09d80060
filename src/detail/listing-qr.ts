import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';
import type { AppConfig } from '../config/config.js';
import { cacheEntries } from '../config/memory-budget.js';

/**
 * The listings' codes kept: a code depends on the URL only, so it outlives listing changes. About 2 KB each (the SVG
 * markup and its URL), as many as fit in the object caches' share of the memory budget up to 500 (~1 MB).
 */
const CODE_BYTES = 2 * 1024;
const CODES_KEPT = { min: 20, max: 500 };
/**
 * M (15 % of the code may be damaged) with the standard quiet zone of four modules: reads from paper that is
 * folded or printed a little pale, and keeps a listing's URL at version 4–5 (33–37 modules), small enough to print
 * at 3 cm.
 */
const OPTIONS = { type: 'svg', errorCorrectionLevel: 'M', margin: 4 } as const;

/**
 * QR codes of listings' URLs as inline SVG markup (paths with fill and stroke attributes only: no script, no style
 * attribute, so the 'self' CSP holds), with the brochure's class. Drawn on the server by `qrcode`, once per URL.
 */
export class ListingQrCodes {
  private readonly codes: LRUCache<string, Promise<string>>;

  constructor(config: Pick<AppConfig, 'objectCacheMb'>) {
    this.codes = new LRUCache<string, Promise<string>>({ max: cacheEntries(config, CODE_BYTES, CODES_KEPT) });
  }

  /** The QR code of `url`. */
  svg(url: string): Promise<string> {
    let svg = this.codes.get(url);
    if (!svg) {
      svg = QRCode.toString(url, OPTIONS).then(withClass);
      this.codes.set(url, svg);
      svg.catch(() => this.codes.delete(url));
    }
    return svg;
  }
}

/** The library's `<svg>` with the brochure's class, hidden from assistive technology (the URL is printed beside it). */
function withClass(svg: string): string {
  return svg.replace(/^<svg /, '<svg class="brochure-qr__code" aria-hidden="true" focusable="false" ');
}
