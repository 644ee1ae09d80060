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
