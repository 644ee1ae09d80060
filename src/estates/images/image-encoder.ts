import sharp from 'sharp';
import type { PropertyImageFormat } from '../../routing/routes.js';
import { photoFormatOf } from './image-bytes.js';

/** Originals bigger than this are refused before decoding (a 48 MP camera photo still fits). */
const MAX_INPUT_PIXELS = 50_000_000;
/** What the CRMs deliver; anything else sharp could read (SVG, PDF, TIFF…) is not a listing photo. */
const INPUT_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp']);
const PLACEHOLDER_COLOR = { r: 226, g: 231, b: 233 };

/**
 * Per format, the quality where photos look the same as the JPEG original at a fraction of its bytes.
 * AVIF effort 2 with 4:2:0: measured ~0.35 s for 1024 px on one core against ~2 s at the default effort 4,
 * for a file only ~8% larger (variants are made on a visitor's request, so encode time counts).
 */
function encode(pipeline: sharp.Sharp, format: PropertyImageFormat): sharp.Sharp {
  switch (format) {
    case 'avif':
      return pipeline.avif({ quality: 50, effort: 2, chromaSubsampling: '4:2:0' });
    case 'webp':
      return pipeline.webp({ quality: 75, effort: 4 });
    case 'jpg':
      return pipeline.jpeg({ quality: 78, mozjpeg: true });
  }
}

/** The original could not be decoded as a photo (truncated, not an image, too big). */
export class UndecodableImageError extends Error {
  override readonly name = 'UndecodableImageError';
}

/**
 * Resizes `original` to `width` pixels wide (never wider than it is) and encodes it. EXIF orientation is
 * applied first, then every piece of metadata is dropped (sharp's default: no EXIF, GPS or ICC in the output,
 * colours converted to sRGB).
 */
export async function encodeVariant(original: Buffer, width: number, format: PropertyImageFormat): Promise<Buffer> {
  // The bytes must say JPEG, PNG or WebP before any decoder sees them (sharp would read an SVG, with its script, too).
  if (!photoFormatOf(original)) throw new UndecodableImageError('not a JPEG, PNG or WebP photo');
  try {
    const input = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });
    const { format: inputFormat } = await input.metadata();
    if (!inputFormat || !INPUT_FORMATS.has(inputFormat)) throw new Error(`unsupported input format ${inputFormat ?? 'unknown'}`);
    return await encode(input.autoOrient().resize({ width, withoutEnlargement: true }), format).toBuffer();
  } catch (error) {
    throw new UndecodableImageError((error as Error).message);
  }
}

/** A neutral 3:2 image of the requested width and format, shown where a photo is missing or broken. */
export async function placeholderImage(width: number, format: PropertyImageFormat): Promise<Buffer> {
  const canvas = sharp({ create: { width, height: Math.round((width * 2) / 3), channels: 3, background: PLACEHOLDER_COLOR } });
  return encode(canvas, format).toBuffer();
}

/** The box of a document's preview (a PDF's first page): 10:7, like a usual plan and the documents list's box. */
export const DOCUMENT_PREVIEW_RATIO = 0.7;
const DOCUMENT_BACKGROUND = { r: 236, g: 240, b: 241 };

function documentFrameHeight(width: number): number {
  return Math.round(width * DOCUMENT_PREVIEW_RATIO);
}

/**
 * A PDF's first page (the PNG pdf-preview.ts drew) as a preview of `width` pixels: the page whole, centred on a
 * light backdrop with a soft shadow, in the one 10:7 box whatever the page's orientation. The page knows that box
 * before the file is drawn (its width and height attributes), so nothing shifts when the image arrives.
 */
export async function encodeDocumentPreview(page: Buffer, width: number, format: PropertyImageFormat): Promise<Buffer> {
  const height = documentFrameHeight(width);
  const margin = Math.max(4, Math.round(width * 0.045));
  const blur = Math.max(1, Math.round(width * 0.008));
  try {
    const { data: drawn, info } = await sharp(page, { failOn: 'warning' })
      .resize({ width: width - 2 * margin, height: height - 2 * margin, fit: 'inside' })
      .png()
      .toBuffer({ resolveWithObject: true });
    const left = Math.round((width - info.width) / 2);
    const top = Math.round((height - info.height) / 2);
    const shadow = await sharp({ create: { width: info.width, height: info.height, channels: 4, background: { r: 20, g: 42, b: 50, alpha: 0.22 } } })
      .extend({ top: 2 * blur, bottom: 2 * blur, left: 2 * blur, right: 2 * blur, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .blur(blur)
      .png()
      .toBuffer();
    const frame = sharp({ create: { width, height, channels: 3, background: DOCUMENT_BACKGROUND } }).composite([
      // A little lower than the page: light from above. The margins (4.5 %) hold the blur (2 x 0.8 %) on every side.
      { input: shadow, left: left - 2 * blur, top: top - 2 * blur + Math.ceil(blur / 2) },
      { input: drawn, left, top },
    ]);
    return await encode(frame, format).toBuffer();
  } catch (error) {
    throw new UndecodableImageError((error as Error).message);
  }
}

/**
 * Where a PDF's first page cannot be drawn (a broken or locked file, the host down): the same box with a blank page
 * and a folded corner, drawn from our own SVG (no text, so no font is needed), so the list shows a document, never a
 * broken image, beside the link that still opens the file.
 */
export async function documentPlaceholder(width: number, format: PropertyImageFormat): Promise<Buffer> {
  const height = documentFrameHeight(width);
  const { r, g, b } = DOCUMENT_BACKGROUND;
  const line = (y: number, w: number) => `<rect x="398" y="${y}" width="${w}" height="14" rx="7" fill="#d5dcdf"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1000 700">
<rect width="1000" height="700" fill="rgb(${r},${g},${b})"/>
<path d="M360 130h220l60 60v380H360z" fill="#fff" stroke="#c9d2d6" stroke-width="4"/>
<path d="M580 130v60h60" fill="#eef1f2" stroke="#c9d2d6" stroke-width="4"/>
${line(250, 180)}${line(290, 204)}${line(330, 150)}${line(370, 204)}${line(410, 120)}
</svg>`;
  return encode(sharp(Buffer.from(svg)), format).toBuffer();
}
