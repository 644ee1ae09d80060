import { IMAGE_RETRIES, IMAGE_RETRY_DELAY_MS } from './carousel-constants';
import type { ImageSrcSets } from './island-props';

/** A photo to show: its URL, and its resized variants when the server offers them. */
export interface ImageRequest {
  readonly src: string;
  readonly alt: string;
  readonly srcSet?: ImageSrcSets;
  /** How wide the photo is shown (CSS `sizes`), to choose from the srcset. */
  readonly sizes?: string;
}

const MIME_TYPES: Readonly<Record<keyof ImageSrcSets, string>> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/**
 * A `<picture>` with AVIF and WebP sources and a JPEG `<img>` when the photo has variants, else a plain `<img>`:
 * a phone downloads a photo the width of its screen, not the 1600 px original. Returns the element to insert
 * and the `<img>` that tells when it has loaded.
 */
export function pictureOf(request: ImageRequest, attributes: Readonly<Record<string, string>> = {}): { element: HTMLElement; image: HTMLImageElement } {
  const image = document.createElement('img');
  image.alt = request.alt;
  image.decoding = 'async';
  for (const [name, value] of Object.entries(attributes)) image.setAttribute(name, value);
  if (!request.srcSet) {
    image.src = request.src;
    return { element: image, image };
  }
  const picture = document.createElement('picture');
  for (const format of ['avif', 'webp'] as const) {
    const source = document.createElement('source');
    source.type = MIME_TYPES[format];
    source.srcset = request.srcSet[format];
    if (request.sizes) source.sizes = request.sizes;
    picture.append(source);
  }
  // Inside the picture before its sources are read, so the browser chooses among them.
  picture.append(image);
  if (request.sizes) image.sizes = request.sizes;
  image.srcset = request.srcSet.jpg;
  image.src = request.src;
  return { element: picture, image };
}

export class ImageLoadError extends Error {
  override readonly name = 'ImageLoadError';
  constructor(readonly src: string, readonly attempts: number) {
    super(`Image ${src} could not be loaded after ${attempts} attempts`);
  }
}

function attempt(request: ImageRequest): Promise<HTMLElement> {
  return new Promise((resolve, reject) => {
    const { element, image } = pictureOf(request);
    if (image.complete && image.naturalWidth > 0) return resolve(element);
    image.onload = () => resolve(element);
    image.onerror = () => reject(new Error(request.src));
  });
}

const pause = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * Loads a photo, trying again IMAGE_RETRIES times IMAGE_RETRY_DELAY_MS apart (SPEC §8: a proxy that
 * hiccups should not leave a hole in the gallery); rejects with ImageLoadError after the last one.
 */
async function loadImage(request: ImageRequest): Promise<HTMLElement> {
  for (let tried = 0; ; tried += 1) {
    try {
      return await attempt(request);
    } catch {
      if (tried >= IMAGE_RETRIES) throw new ImageLoadError(request.src, tried + 1);
      await pause(IMAGE_RETRY_DELAY_MS);
    }
  }
}

/**
 * Fills `frame` with the photo once it has loaded, or with `errorText` when it cannot be loaded.
 * The frame's data-state tells CSS (and tests) where it is: loading, loaded or failed.
 */
export async function fillFrame(frame: HTMLElement, request: ImageRequest, errorText: string): Promise<void> {
  if (frame.dataset.state) return;
  frame.dataset.state = 'loading';
  try {
    const image = await loadImage(request);
    frame.replaceChildren(image);
    frame.dataset.state = 'loaded';
  } catch (error) {
    console.error(error);
    const message = document.createElement('p');
    message.className = 'media-error';
    message.textContent = errorText;
    frame.replaceChildren(message);
    frame.dataset.state = 'failed';
  }
}
