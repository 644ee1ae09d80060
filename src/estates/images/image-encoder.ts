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
