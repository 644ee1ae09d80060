import type { ReactElement } from 'react';
import type { GalleryIslandProps } from '../../client/islands/island-props.js';
import { PHOTO_LAYOUTS, photoSources } from '../../src/estates/images/image-variants.js';
import { PhotoPlaceholder } from './photo-placeholder.js';
import { Picture } from './picture.js';

export type { GalleryPhoto, GalleryTexts } from '../../client/islands/island-props.js';

export interface GalleryProps extends Omit<GalleryIslandProps, 'sizes'> {
  /** Accessible name of the gallery region, e.g. "Photos of Villa in Gent". */
  readonly label: string;
}

/**
 * How wide a photo is shown (detail.css): a slide is as high as `clamp(230px, 58vw, 520px)` and 3:2, so at most
 * 780 px wide, and about 88 % of a phone's width; a thumbnail is about 8 rem.
 */
export const GALLERY_SIZES = { slide: '(min-width: 900px) 780px, 88vw', thumb: '128px' } as const;


/**
 * Photo gallery. Without JavaScript: the first photo large and the others as a row of links to the large
 * photos, in the boxes the slider and its thumbnail strip will take, so nothing moves when the gallery island
 * (client/islands/gallery.ts) turns it into a slider with a thumbnail strip.
 */
export function Gallery({ photos, texts, label }: GalleryProps): ReactElement {
  const [first, ...rest] = photos;
  if (!first) {
    // No photos (yet): the slot keeps its place with the placeholder, so the page does not look broken.
    return (
      <section className="gallery gallery--empty" aria-label={label}>
        <div className="gallery__lead">
          <PhotoPlaceholder className="gallery__placeholder" label={texts.noPhotos} />
        </div>
      </section>
    );
  }
  const islandProps: GalleryIslandProps = {
    photos,
    texts,
    sizes: GALLERY_SIZES,
    widths: { slide: PHOTO_LAYOUTS.gallery.widths, thumb: PHOTO_LAYOUTS.thumb.widths },
  };
  return (
    <section className="gallery" aria-label={label} data-island="gallery" data-props={JSON.stringify(islandProps)} data-error-text={texts.loadError}>
      <div className="gallery__lead">
        <a href={first.large}>
          <Picture
            src={first.large}
            alt={first.alt}
            width={first.width}
            height={first.height}
            widths={PHOTO_LAYOUTS.gallery.widths}
            sizes={GALLERY_SIZES.slide}
            fetchPriority="high"
          />
        </a>
      </div>
      {rest.length > 0 && (
        <ul className="gallery__grid">
          {rest.map((photo) => (
            <li key={photo.large}>
              <a href={photo.large}>
                {/* A photo the server cannot resize keeps its own thumbnail. */}
                <Picture
                  src={photoSources(photo.large, { widths: PHOTO_LAYOUTS.thumb.widths }) ? photo.large : photo.thumb}
                  alt={photo.alt}
                  width={PHOTO_LAYOUTS.thumb.width}
                  height={PHOTO_LAYOUTS.thumb.height}
                  widths={PHOTO_LAYOUTS.thumb.widths}
                  sizes={GALLERY_SIZES.thumb}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
