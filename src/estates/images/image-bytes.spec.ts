import sharp from 'sharp';
import { photoFormatOf } from './image-bytes.js';

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
