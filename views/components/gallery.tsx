import type { ReactElement } from 'react';
import type { GalleryIslandProps } from '../../client/islands/island-props.js';

export type { GalleryPhoto, GalleryTexts } from '../../client/islands/island-props.js';

export interface GalleryProps extends GalleryIslandProps {
  /** Accessible name of the gallery region, e.g. "Photos of Villa in Gent". */
  readonly label: string;
}

/**
 * Photo gallery. Without JavaScript: the first photo large and the others as a grid of links to the large
 * photos. The gallery island (client/islands/gallery.ts) turns it into a slider with a thumbnail strip.
 */
export function Gallery({ photos, texts, label }: GalleryProps): ReactElement | null {
  const [first, ...rest] = photos;
  if (!first) return null;
  const islandProps: GalleryIslandProps = { photos, texts };
  return (
    <section className="gallery" aria-label={label} data-island="gallery" data-props={JSON.stringify(islandProps)} data-error-text={texts.loadError}>
      <a className="gallery__lead" href={first.large}>
        <img src={first.large} width={first.width} height={first.height} alt={first.alt} fetchPriority="high" decoding="async" />
      </a>
      {rest.length > 0 && (
        <ul className="gallery__grid">
          {rest.map((photo) => (
            <li key={photo.large}>
              <a href={photo.large}>
                <img src={photo.thumb} width={160} height={120} alt={photo.alt} loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
