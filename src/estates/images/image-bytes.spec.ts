import sharp from 'sharp';
import { isPdf, originalKindOf, photoFormatOf } from './image-bytes.js';

describe(photoFormatOf.name, () => {
  const canvas = () => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } });

  it('names JPEG, PNG and WebP by their bytes', async () => {
    expect(photoFormatOf(await canvas().jpeg().toBuffer())).toBe('jpeg');
    expect(photoFormatOf(await canvas().png().toBuffer())).toBe('png');
    expect(photoFormatOf(await canvas().webp().toBuffer())).toBe('webp');
  });

  it.each([
    ['an HTML page', '<!doctype html><html><body>Moved</body></html>'],
    ['an SVG with script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'],
    ['an SVG behind an XML declaration', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['a PDF', '%PDF-1.7\n'],
    ['nothing', ''],
  ])('refuses %s', (_, text) => {
    expect(photoFormatOf(Buffer.from(text))).toBeNull();
  });
});

describe(originalKindOf.name, () => {
  it('admits a photo or a PDF by its first bytes, and nothing else', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).jpeg().toBuffer();
    expect(originalKindOf(jpeg)).toBe('photo');
    expect(originalKindOf(Buffer.from('%PDF-1.4\n%\xe2\xe3'))).toBe('pdf');
    // A PDF header further in (after an HTML page, say) is not a PDF original.
    expect(isPdf(Buffer.from('<html>%PDF-1.4'))).toBe(false);
    expect(originalKindOf(Buffer.from('%PDF'))).toBeNull();
    expect(originalKindOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
