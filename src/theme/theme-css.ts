import { createHash } from 'node:crypto';

/** A sticker's colours as the CRM sends them (validated by the source mappers: hex or a CSS colour name). */
export interface StickerColors {
  readonly color: string;
  readonly colorText: string;
}

const SAFE_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,30})$/i;

/** Only colours that cannot break out of a declaration reach the stylesheet (defence in depth after the mappers). */
export function isSafeColor(value: string): boolean {
  return SAFE_COLOR.test(value);
}

/**
 * The class that paints a sticker in its CRM colours. Pages carry no style attributes (the CSP forbids them), so
 * each colour pair gets a class in the theme stylesheet.
 */
export function stickerClass({ color, colorText }: StickerColors): string | null {
  if (!isSafeColor(color) || !isSafeColor(colorText)) return null;
  return `sticker--${createHash('sha1').update(`${color.toLowerCase()}|${colorText.toLowerCase()}`).digest('hex').slice(0, 8)}`;
}

function channels(hex: string): [number, number, number] {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex.slice(0, 7);
  return [1, 3, 5].map((start) => parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of a #rgb / #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/** The brand colour darkened just enough to read as text on white (WCAG AA, 4.5:1). */
export function readableOnWhite(hex: string): string {
  let rgb = channels(hex);
  for (let step = 0; step < 40 && contrastRatio(toHex(rgb), '#ffffff') < 4.5; step++) {
    rgb = rgb.map((value) => value * 0.92) as [number, number, number];
  }
  return toHex(rgb);
}

/** White or near-black text, whichever reads better on the brand colour. */
export function textOn(hex: string): string {
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#14262b') ? '#ffffff' : '#14262b';
}

/** The site's configured look: brand custom properties and one class per sticker colour pair. */
export function themeCss(brandColor: string, stickers: readonly StickerColors[]): string {
  const lines = [
    `:root{--brand:${brandColor};--brand-ink:${readableOnWhite(brandColor)};--brand-contrast:${textOn(brandColor)}}`,
  ];
  const seen = new Set<string>();
  for (const sticker of stickers) {
    const name = stickerClass(sticker);
    if (!name || seen.has(name)) continue;
    seen.add(name);
    lines.push(`.${name}{background:${sticker.color};color:${sticker.colorText}}`);
  }
  return `${lines.join('\n')}\n`;
}
