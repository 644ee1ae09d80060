/**
 * Stands in for tiny-slider's `createStyleSheet` helper (swapped in by scripts/build-assets.mjs). tiny-slider
 * writes each slider's layout rules into a stylesheet it adds as a <style> element, which the site's CSP (no
 * inline style, no nonce) refuses; a constructed stylesheet adopted by the document is not markup and is allowed.
 */
export function createStyleSheet(media?: string | null): CSSStyleSheet {
  const sheet = new CSSStyleSheet(media ? { media } : undefined);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return sheet;
}
