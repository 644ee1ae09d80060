/** The photo formats the proxy accepts from a CRM: what the encoder decodes and what an original may be served as. */
export type PhotoFormat = 'jpeg' | 'png' | 'webp';

export const PHOTO_MIME_TYPES: Readonly<Record<PhotoFormat, string>> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * The format the bytes themselves say (their magic numbers), whatever the file is named or the host declared:
 * null for anything else (an HTML error page, an SVG with script, a PDF…), which is never decoded nor served.
 */
export function photoFormatOf(bytes: Uint8Array): PhotoFormat | null {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Whether the bytes are a PDF (a CRM's floor plan): `%PDF-` at the very start, as every PDF writer puts it. Such an
 * original is never served nor handed to sharp: only its first page, drawn by pdf-preview.ts, leaves as an image.
 */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/** The biggest PDF the proxy downloads and draws (a scanned plan of a few pages; CRMs cap uploads at ~10-20 MB). */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;

/** What the proxy admits from a CRM: a photo, or a PDF to preview. */
export type OriginalKind = 'photo' | 'pdf';

export function originalKindOf(bytes: Uint8Array): OriginalKind | null {
  if (photoFormatOf(bytes)) return 'photo';
  return isPdf(bytes) ? 'pdf' : null;
}
