import type { ReactElement } from 'react';
import { IMAGE_MIME_TYPES, type ImageWidth, photoSources } from '../../src/estates/images/image-variants.js';

export interface PictureProps {
  /** The photo's URL from the display model (`/property-images/<account>/large/<file>`). */
  readonly src: string;
  readonly alt: string;
  /** The box the photo takes (3:2 like the photos): always rendered, so the page does not shift while it loads. */
  readonly width: number;
  readonly height: number;
  /** The widths to offer and the matching `sizes`; `PHOTO_LAYOUTS` has them per place. */
  readonly widths: readonly ImageWidth[];
  readonly sizes: string;
  /** Lazy unless said otherwise; the first photo of a page should be eager with a high fetch priority. */
  readonly loading?: 'lazy' | 'eager';
  readonly decoding?: 'async' | 'sync' | 'auto';
  readonly fetchPriority?: 'high' | 'low' | 'auto';
  readonly className?: string;
}

/**
 * A listing photo as `<picture>`: AVIF, then WebP, then JPEG in the widths of the layout, so each browser
 * downloads the smallest file it can show sharply. A URL that is not one of ours stays a plain `<img>`.
 */
export function Picture({
  src,
  alt,
  width,
  height,
  widths,
  sizes,
  loading,
  decoding = 'async',
  fetchPriority,
  className,
}: PictureProps): ReactElement {
  // A photo fetched with high priority must not wait for layout, which lazy loading does.
  const loadingMode = loading ?? (fetchPriority === 'high' ? 'eager' : 'lazy');
  const sources = photoSources(src, { widths, displayWidth: width });
  const imgProps = { width, height, alt, loading: loadingMode, decoding, fetchPriority, className };
  if (!sources) return <img src={src} {...imgProps} />;
  return (
    <picture>
      <source type={IMAGE_MIME_TYPES.avif} srcSet={sources.srcSet.avif} sizes={sizes} />
      <source type={IMAGE_MIME_TYPES.webp} srcSet={sources.srcSet.webp} sizes={sizes} />
      <img src={sources.src} srcSet={sources.srcSet.jpg} sizes={sizes} {...imgProps} />
    </picture>
  );
}
