/**
 * The JSON the server puts in `data-props` for each island: shared by the view components (views/components)
 * and the islands so both sides agree. Texts arrive localized; URLs arrive ready to use.
 */

/** A photo's `srcset` per format (AVIF, WebP, JPEG), so a phone downloads a photo the size of its screen. */
export interface ImageSrcSets {
  readonly avif: string;
  readonly webp: string;
  readonly jpg: string;
}

export interface GalleryPhoto {
  /** The large photo, for the slider and the fullscreen viewer (and browsers that ignore srcset). */
  readonly large: string;
  readonly thumb: string;
  /** Intrinsic size of the large photo: reserves the slide's box before it loads (no layout shift). */
  readonly width: number;
  readonly height: number;
  readonly alt: string;
}

/** A gallery photo with the srcsets the island made for it from the offered widths. */
export interface ResponsivePhoto extends GalleryPhoto {
  readonly srcSet?: ImageSrcSets;
  readonly thumbSrcSet?: ImageSrcSets;
}

export interface GalleryTexts {
  /** Accessible names of the slider's and the viewer's buttons. */
  readonly previous: string;
  readonly next: string;
  readonly close: string;
  readonly play: string;
  readonly pause: string;
  /** Name of the thumbnail strip (a group of buttons). */
  readonly thumbnails: string;
  /** Prefix of a slide button's name: "<openViewer>: <alt>". */
  readonly openViewer: string;
  /** Name of the fullscreen viewer dialog. */
  readonly viewer: string;
  /** SPEC §8 "The requested content cannot be loaded. Please try again later." */
  readonly loadError: string;
  /** Said in the photo slot of a listing without photos. */
  readonly noPhotos: string;
}

export interface GalleryIslandProps {
  readonly photos: readonly GalleryPhoto[];
  readonly texts: GalleryTexts;
  /** `sizes` of a slide and of a thumbnail, matching the CSS (detail.css), to pick from the srcsets. */
  readonly sizes?: { readonly slide: string; readonly thumb: string };
  /**
   * The widths the server offers for a slide and for a thumbnail. The island makes each photo's srcsets from
   * them (`photoSources`, the same pure function the server uses), so the page does not carry them for every photo.
   */
  readonly widths?: { readonly slide: readonly number[]; readonly thumb: readonly number[] };
}

export interface MapIslandProps {
  readonly lat: number;
  readonly lon: number;
  /** Tile URL template with {z}/{x}/{y} (and optional {s}), read from configuration by the server. */
  readonly tileUrl: string;
  /** Attribution HTML the tile provider requires. */
  readonly attribution: string;
  /** Marker tooltip and accessible name, e.g. the address. */
  readonly markerTitle: string;
  /** Accessible name of the map region. */
  readonly label: string;
  /** Titles (and accessible names) of Leaflet's zoom buttons, in the page's language. */
  readonly zoomInTitle: string;
  readonly zoomOutTitle: string;
}
