import { propertyImageUrl } from '../../routing/routes.js';
import { isImageWidth, openGraphImage, PHOTO_LAYOUTS, photoSources, variantUrl, withImageVersion } from './image-variants.js';

const photo = propertyImageUrl(1042, 'large', 'house-01.jpg');

describe(variantUrl.name, () => {
  it('names width and format in the path, keeping the original file name whole', () => {
    expect(variantUrl(photo, 768, 'avif')).toBe('/property-images/1042/768w/house-01.jpg.avif');
  });

  it('a thumbnail URL resizes the same original', () => {
    expect(variantUrl(propertyImageUrl(2077, 'thumb', 'rep-01.jpg'), 160, 'webp')).toBe('/property-images/2077/160w/rep-01.jpg.webp');
  });

  it('keeps the origin of an absolute URL and the version', () => {
    const url = `https://immo.example${propertyImageUrl(1042, 'large', 'house-01.jpg', '7f3a')}`;
    expect(variantUrl(url, 1200, 'jpg')).toBe('https://immo.example/property-images/1042/1200w/house-01.jpg.jpg?v=7f3a');
  });

  it('a photo that is not ours cannot be resized', () => {
    expect(variantUrl('https://cdn.example/1042/house-01.jpg', 768, 'jpg')).toBeNull();
    expect(variantUrl('/property-images/1042/768w/house-01.jpg.jpg', 768, 'jpg')).toBeNull();
  });
});

describe(withImageVersion.name, () => {
  it('adds the version every variant inherits', () => {
    const versioned = withImageVersion(photo, '20261123');
    expect(versioned).toBe('/property-images/1042/large/house-01.jpg?v=20261123');
    expect(variantUrl(versioned, 320, 'webp')).toBe('/property-images/1042/320w/house-01.jpg.webp?v=20261123');
  });
});

describe(photoSources.name, () => {
  it('lists every width per format as a srcset, smallest first', () => {
    const sut = photoSources(photo, { widths: [768, 320, 480] })!;
    expect(sut.srcSet.avif).toBe(
      '/property-images/1042/320w/house-01.jpg.avif 320w, /property-images/1042/480w/house-01.jpg.avif 480w, /property-images/1042/768w/house-01.jpg.avif 768w',
    );
    expect(sut.srcSet.webp).toContain('/property-images/1042/480w/house-01.jpg.webp 480w');
    expect(sut.srcSet.jpg).toContain('/property-images/1042/768w/house-01.jpg.jpg 768w');
  });

  it('the fallback src is the smallest JPEG covering the display width', () => {
    expect(photoSources(photo, { widths: [320, 480, 768], displayWidth: 400 })!.src).toBe('/property-images/1042/480w/house-01.jpg.jpg');
    expect(photoSources(photo, { widths: [320, 480], displayWidth: 2000 })!.src).toBe('/property-images/1042/480w/house-01.jpg.jpg');
  });

  it('leaves out widths beyond the original (they would be the same file)', () => {
    const sut = photoSources(photo, { widths: [480, 768, 1024, 1600], intrinsicWidth: 800 })!;
    expect(sut.srcSet.jpg).not.toContain('1024w');
    expect(sut.srcSet.jpg).toContain('768w');
    expect(photoSources(photo, { widths: [480, 768], intrinsicWidth: 300 })!.srcSet.jpg).toBe('/property-images/1042/480w/house-01.jpg.jpg 480w');
  });

  it('remembers each photo per layout: another display or original width gets its own answer', () => {
    const widths = [320, 480, 768] as const;
    expect(photoSources(photo, { widths: [...widths], displayWidth: 300 })!.src).toContain('/320w/');
    expect(photoSources(photo, { widths: [...widths], displayWidth: 700 })!.src).toContain('/768w/');
    expect(photoSources(photo, { widths: [...widths], intrinsicWidth: 500 })!.srcSet.jpg).not.toContain('768w');
    expect(photoSources(photo, { widths: [...widths] })!.srcSet.jpg).toContain('768w');
    expect(photoSources(photo, { widths: [320, 480] })!.srcSet.jpg).not.toContain('768w');
  });

  it('gives nothing for a photo that is not ours', () => {
    expect(photoSources('https://elsewhere.example/a.jpg', { widths: [320] })).toBeNull();
  });

  it('every layout offers only widths the server produces', () => {
    for (const layout of Object.values(PHOTO_LAYOUTS)) expect(layout.widths.every(isImageWidth)).toBe(true);
  });
});

describe(openGraphImage.name, () => {
  it('is one 1200 px JPEG with its size in the original proportions', () => {
    expect(openGraphImage(photo, { width: 1600, height: 1067 })).toEqual({
      url: '/property-images/1042/1200w/house-01.jpg.jpg',
      width: 1200,
      height: 800,
      type: 'image/jpeg',
    });
  });

  it('a smaller original keeps its own size (never enlarged)', () => {
    expect(openGraphImage(photo, { width: 800, height: 600 })).toMatchObject({ width: 800, height: 600 });
  });

  it('another URL is passed through with the given size', () => {
    expect(openGraphImage('https://elsewhere.example/a.png', { width: 640, height: 480 })).toEqual({
      url: 'https://elsewhere.example/a.png',
      width: 640,
      height: 480,
      type: null,
    });
  });
});
