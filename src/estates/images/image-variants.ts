import { memoize } from '../../utils/memo.js';
import {
  isRemotePhotoSource,
  parsePropertyImageUrl,
  propertyImageUrl,
  propertyImageUrlOf,
  propertyImageVariantUrlOf,
  type PropertyImageFormat,
  type PropertyImageRef,
} from '../../routing/routes.js';
import { DEMO_DOCUMENTS_PATH } from '../sources/document-url.js';

/**
 * The demo catalogue's accounts (source A 1042, source B 2077): their photos are in fixtures/photos, and their
 * documents, which the site serves itself (DEMO_DOCUMENTS_PATH), in fixtures/documents.
 */
export const DEMO_IMAGE_ACCOUNTS: readonly string[] = ['1042', '2077'];

/**
 * The only widths the property-images path produces (anything else is a 404, so nobody can make the
 * server resize to arbitrary sizes). Chosen from the layouts: thumbnails 160 px (320 on dense screens),
 * cards ~300-400 px (480/768 on dense screens and phones), the gallery up to 1136 px (1024/1200/1600),
 * Open Graph 1200 px.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 768, 1024, 1200, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Most compact first: a browser takes the first `<source>` it can decode. */
export const IMAGE_FORMATS: readonly PropertyImageFormat[] = ['avif', 'webp', 'jpg'];

export const IMAGE_MIME_TYPES: Readonly<Record<PropertyImageFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/** Open Graph's recommended width; crawlers want one JPEG. */
export const OPEN_GRAPH_WIDTH: ImageWidth = 1200;

export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

export function isImageFormat(format: string): format is PropertyImageFormat {
  return (IMAGE_FORMATS as readonly string[]).includes(format);
}

/**
 * Where each photo sits, for `<Picture>`: the widths worth offering, the `sizes` matching the CSS, and the
 * box for the width/height attributes (3:2, like the photos, so nothing shifts while they load).
 */
export interface PhotoLayout {
  readonly widths: readonly ImageWidth[];
  readonly sizes: string;
  readonly width: number;
  readonly height: number;
}

export const PHOTO_LAYOUTS = {
  /** Result and similar-estate cards: one column on phones, two from 640 px, four from 960 px. */
  card: { widths: [320, 480, 768], sizes: '(min-width: 960px) 300px, (min-width: 640px) 50vw, 100vw', width: 400, height: 267 },
  /** The gallery's large photo: the page container (1200 px less its padding) or the screen. */
  gallery: { widths: [480, 768, 1024, 1200, 1600], sizes: '(min-width: 1200px) 1136px, 100vw', width: 1600, height: 1067 },
  /** Thumbnail strip and grid. */
  thumb: { widths: [160, 320], sizes: '160px', width: 160, height: 107 },
} as const satisfies Record<string, PhotoLayout>;

/** The photo URL with a version, so its variants may be cached for a year (change it when the photo changes). */
export function withImageVersion(photoUrl: string, version: string): string {
  const ref = parsePropertyImageUrl(photoUrl);
  return ref ? ref.origin + propertyImageUrlOf(ref, isRemotePhotoSource(ref.source) ? ref.size : 'large', version) : photoUrl;
}

function variant(ref: PropertyImageRef, width: number, format: PropertyImageFormat): string {
  return ref.origin + propertyImageVariantUrlOf(ref, width, format);
}

/** One variant of a proxied photo (`/property-images/<account|u/<original>>/<large|thumb>/<file>`); null for other URLs. */
export function variantUrl(photoUrl: string, width: ImageWidth, format: PropertyImageFormat): string | null {
  const ref = parsePropertyImageUrl(photoUrl);
  return ref ? variant(ref, width, format) : null;
}

export interface PhotoSources {
  /** `srcset` per format: `<url> 320w, <url> 480w, …`. */
  readonly srcSet: Readonly<Record<PropertyImageFormat, string>>;
  /** The JPEG for `<img src>` (browsers without srcset, and crawlers). */
  readonly src: string;
}

export interface SrcSetOptions {
  readonly widths: readonly ImageWidth[];
  /** The width the photo is shown at most (CSS px): `src` is the smallest width covering it. */
  readonly displayWidth?: number;
  /** The original's width when known: larger widths are left out (they would be the same file). */
  readonly intrinsicWidth?: number;
}

/** Widths are numbers and a URL has no NUL, so the key reads back unambiguously (and costs no JSON per photo). */
const KEY_SEPARATOR = '\u0000';

const memoizedSources = memoize((key: string) => {
  const [url, widths, displayWidth, intrinsicWidth] = key.split(KEY_SEPARATOR);
  const number = (text: string) => (text === '' ? undefined : Number(text));
  return computePhotoSources(url, {
    widths: (widths === '' ? [] : widths.split(',').map(Number)) as ImageWidth[],
    displayWidth: number(displayWidth),
    intrinsicWidth: number(intrinsicWidth),
  });
});

/** The `srcset`s of a proxied photo in every format; null when the URL is not ours (it cannot be resized). */
export function photoSources(photoUrl: string, options: SrcSetOptions): PhotoSources | null {
  // Every page of a listing asks for the same srcsets again: made once each.
  const key = [photoUrl, options.widths.join(','), options.displayWidth ?? '', options.intrinsicWidth ?? ''].join(KEY_SEPARATOR);
  return memoizedSources(key);
}

function computePhotoSources(photoUrl: string, options: SrcSetOptions): PhotoSources | null {
  const ref = parsePropertyImageUrl(photoUrl);
  if (!ref) return null;
  const sorted = [...new Set(options.widths)].sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error('photoSources: no widths');
  const fitting = options.intrinsicWidth === undefined ? sorted : sorted.filter((width) => width <= options.intrinsicWidth!);
  const widths = fitting.length > 0 ? fitting : [sorted[0]];
  const srcSetOf = (format: PropertyImageFormat) => widths.map((width) => `${variant(ref, width, format)} ${width}w`).join(', ');
  const fallbackWidth = widths.find((width) => width >= (options.displayWidth ?? 0)) ?? widths[widths.length - 1];
  return {
    srcSet: { avif: srcSetOf('avif'), webp: srcSetOf('webp'), jpg: srcSetOf('jpg') },
    src: variant(ref, fallbackWidth, 'jpg'),
  };
}

export interface OpenGraphImage {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  /** null when the URL is not ours (its format is unknown). */
  readonly type: string | null;
}

/**
 * The Open Graph image: one 1200 px JPEG with its size, computed from the original's size (the server never
 * enlarges, so a smaller original keeps its own size). Other URLs are returned as they are.
 */
export function openGraphImage(photoUrl: string, intrinsic: { readonly width: number; readonly height: number }): OpenGraphImage {
  const url = variantUrl(photoUrl, OPEN_GRAPH_WIDTH, 'jpg');
  if (!url) return { url: photoUrl, width: intrinsic.width, height: intrinsic.height, type: null };
  const width = Math.min(OPEN_GRAPH_WIDTH, intrinsic.width);
  return { url, width, height: Math.round((intrinsic.height * width) / intrinsic.width), type: IMAGE_MIME_TYPES.jpg };
}

/** A demo document's file name in the site's own copy (`/assets/demo-documents/<file>.pdf`). */
const DEMO_PDF = /^([\w-]{1,80}\.pdf)$/i;

/**
 * The photo-proxy URL of a PDF the site serves itself (the demo's floor plans): its first page is drawn by the proxy
 * like a CRM's (`/property-images/<demo account>/<width>w/<file>.pdf.<format>`), from fixtures/documents. Null for
 * any other link.
 */
export function demoDocumentPreviewUrl(link: string): string | null {
  if (!link.startsWith(DEMO_DOCUMENTS_PATH)) return null;
  const file = DEMO_PDF.exec(link.slice(DEMO_DOCUMENTS_PATH.length));
  return file ? propertyImageUrl(DEMO_IMAGE_ACCOUNTS[0], 'large', file[1]) : null;
}
