import { PHOTO_LAYOUTS } from '../../src/estates/images/image-variants.js';
import { renderToStaticMarkup } from 'react-dom/server';
import { Gallery, GALLERY_SIZES, type GalleryPhoto, type GalleryTexts } from './gallery.js';

const texts: GalleryTexts = {
  previous: 'Previous',
  next: 'Next',
  close: 'Close',
  play: 'Play',
  pause: 'Pause',
  thumbnails: 'Thumbnails',
  openViewer: 'Fullscreen',
  viewer: 'Viewer',
  loadError: 'The requested content cannot be loaded. Please try again later.',
  noPhotos: 'No photos yet',
};
const photo = (n: number): GalleryPhoto => ({ large: `/p/${n}.jpg`, thumb: `/p/${n}-t.jpg`, width: 1600, height: 1067, alt: `Photo ${n}` });

describe(Gallery.name, () => {
  it('keeps the slot with a labelled placeholder without photos', () => {
    const html = renderToStaticMarkup(<Gallery photos={[]} texts={texts} label="Photos" />);
    expect(html).toMatch(/^<section class="gallery gallery--empty" aria-label="Photos">/);
    expect(html).toContain('role="img" aria-label="No photos yet"');
    expect(html).not.toContain('data-island');
  });

  it('shows the first photo large with its size and alt text', () => {
    const html = renderToStaticMarkup(<Gallery photos={[photo(1), photo(2)]} texts={texts} label="Photos" />);
    expect(html).toContain('<div class="gallery__lead"><a href="/p/1.jpg"><img src="/p/1.jpg" width="1600" height="1067" alt="Photo 1" loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('lists the other photos as links to their large version', () => {
    const html = renderToStaticMarkup(<Gallery photos={[photo(1), photo(2), photo(3)]} texts={texts} label="Photos" />);
    expect(html).toContain('<a href="/p/2.jpg"><img src="/p/2-t.jpg"');
    expect(html).toContain('<a href="/p/3.jpg"><img src="/p/3-t.jpg"');
    expect(html.match(/<li>/g)).toHaveLength(2);
  });

  it('hands the photos and texts to the gallery island', () => {
    const html = renderToStaticMarkup(<Gallery photos={[photo(1)]} texts={texts} label="Photos" />);
    const props = /data-props="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"');
    expect(html).toContain('data-island="gallery"');
    expect(JSON.parse(props)).toEqual({ photos: [photo(1)], texts, sizes: GALLERY_SIZES, widths: { slide: PHOTO_LAYOUTS.gallery.widths, thumb: PHOTO_LAYOUTS.thumb.widths } });
  });

  it('offers our own photos in the sizes and formats the layout needs; the island gets the widths once, not srcsets per photo', () => {
    const ours: GalleryPhoto = { ...photo(1), large: '/property-images/7/large/house.jpg', thumb: '/property-images/7/thumb/house.jpg' };
    const html = renderToStaticMarkup(<Gallery photos={[ours, ours]} texts={texts} label="Photos" />);
    expect(html).toContain('<source type="image/avif" srcSet="/property-images/7/480w/house.jpg.avif 480w, ');
    expect(html).toContain('<img src="/property-images/7/160w/house.jpg.jpg" srcSet="/property-images/7/160w/house.jpg.jpg 160w, /property-images/7/320w/house.jpg.jpg 320w"');
    const props = JSON.parse(/data-props="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"')) as { photos: GalleryPhoto[]; widths: unknown };
    expect(props.photos[0]).toEqual(ours);
    expect(props.widths).toEqual({ slide: [480, 768, 1024, 1200, 1600], thumb: [160, 320] });
  });
});
