import { IMAGE_RETRIES, IMAGE_RETRY_DELAY_MS } from './carousel-constants';

export interface RetryOptions {
  readonly retries?: number;
  readonly delayMs?: number;
}

export class ImageLoadError extends Error {
  override readonly name = 'ImageLoadError';
  constructor(readonly src: string, readonly attempts: number) {
    super(`Image ${src} could not be loaded after ${attempts} attempts`);
  }
}

function attempt(src: string, alt: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.alt = alt;
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(src));
    image.src = src;
  });
}

const pause = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * Loads a photo, trying again `retries` times with `delayMs` between attempts (SPEC §8: a proxy that
 * hiccups should not leave a hole in the gallery); rejects with ImageLoadError after the last one.
 */
export async function loadImage(src: string, alt: string, options: RetryOptions = {}): Promise<HTMLImageElement> {
  const retries = options.retries ?? IMAGE_RETRIES;
  const delayMs = options.delayMs ?? IMAGE_RETRY_DELAY_MS;
  for (let tried = 0; ; tried += 1) {
    try {
      return await attempt(src, alt);
    } catch {
      if (tried >= retries) throw new ImageLoadError(src, tried + 1);
      await pause(delayMs);
    }
  }
}

/**
 * Fills `frame` with the photo once it has loaded, or with `errorText` when it cannot be loaded.
 * The frame's data-state tells CSS (and tests) where it is: loading, loaded or failed.
 */
export async function fillFrame(frame: HTMLElement, src: string, alt: string, errorText: string): Promise<void> {
  if (frame.dataset.state) return;
  frame.dataset.state = 'loading';
  try {
    const image = await loadImage(src, alt);
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
