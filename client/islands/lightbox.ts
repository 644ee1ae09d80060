import * as basicLightbox from 'basiclightbox';
import { LIGHTBOX_IDLE_MS, LIGHTBOX_SLIDESHOW_MS } from './carousel-constants';
import { element, iconButton, setIcon } from './dom';
import type { GalleryTexts, ResponsivePhoto } from './island-props';
import { fillFrame } from './load-image';

export interface LightboxOptions {
  readonly photos: readonly ResponsivePhoto[];
  readonly texts: GalleryTexts;
  readonly index: number;
  /** Called with the photo shown last, so the slider can follow. */
  readonly onClose?: (index: number) => void;
  /** Where the focus goes on close (default: the element focused at opening). */
  readonly returnFocus?: (index: number) => HTMLElement | undefined;
}

/**
 * Fullscreen photo viewer on basicLightbox: previous/next, ←/→/Escape, a slideshow, controls that fade
 * after the idle time, focus kept inside while open and given back on close.
 */
export function openLightbox({ photos, texts, index: start, onClose, returnFocus }: LightboxOptions): void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let index = start;
  let slideshow: number | undefined;
  let idleTimer: number | undefined;

  const viewer = element('div', 'viewer');
  const stage = element('div', 'viewer__stage');
  const counter = element('p', 'viewer__counter', { 'aria-live': 'polite' });
  const previous = iconButton('viewer__button viewer__button--previous', 'previous', texts.previous);
  const next = iconButton('viewer__button viewer__button--next', 'next', texts.next);
  const play = iconButton('viewer__button viewer__button--play', 'play', texts.play);
  const close = iconButton('viewer__button viewer__button--close', 'close', texts.close);
  const bar = element('div', 'viewer__bar');
  bar.append(counter, play, close);
  viewer.append(stage, previous, next, bar);

  const frames = new Map<number, HTMLElement>();
  const frameFor = (position: number) => {
    let frame = frames.get(position);
    if (!frame) {
      frame = element('div', 'viewer__frame');
      frames.set(position, frame);
    }
    const photo = photos[position]!;
    // Full screen: the variant as wide as the screen (the original on large screens).
    void fillFrame(frame, { src: photo.large, alt: photo.alt, srcSet: photo.srcSet, sizes: '100vw' }, texts.loadError);
    return frame;
  };
  const show = (position: number) => {
    index = (position + photos.length) % photos.length;
    stage.replaceChildren(frameFor(index));
    counter.textContent = `${index + 1} / ${photos.length}`;
    // The neighbours load in the background so stepping through feels instant.
    if (photos.length > 1) [index + 1, index - 1].forEach((p) => frameFor((p + photos.length) % photos.length));
  };

  const stopSlideshow = () => {
    window.clearInterval(slideshow);
    slideshow = undefined;
    setIcon(play, 'play');
    play.setAttribute('aria-label', texts.play);
  };
  const toggleSlideshow = () => {
    if (slideshow !== undefined) return stopSlideshow();
    slideshow = window.setInterval(() => show(index + 1), LIGHTBOX_SLIDESHOW_MS);
    setIcon(play, 'pause');
    play.setAttribute('aria-label', texts.pause);
  };

  const wake = () => {
    viewer.classList.remove('viewer--idle');
    window.clearTimeout(idleTimer);
    idleTimer = window.setTimeout(() => viewer.classList.add('viewer--idle'), LIGHTBOX_IDLE_MS);
  };

  const buttons = [previous, next, play, close];
  const onKey = (event: KeyboardEvent) => {
    wake();
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'Escape') instance.close();
    else if (event.key === 'Tab') {
      // Focus stays inside the dialog while it is open.
      const focusable = buttons.filter((button) => !button.hidden);
      const at = focusable.indexOf(document.activeElement as HTMLButtonElement);
      const to = event.shiftKey ? (at <= 0 ? focusable.length - 1 : at - 1) : (at + 1) % focusable.length;
      focusable[to]!.focus();
    } else return;
    event.preventDefault();
  };

  const instance = basicLightbox.create(element('div'), {
    className: 'viewer-lightbox',
    onClose: () => {
      stopSlideshow();
      window.clearTimeout(idleTimer);
      document.removeEventListener('keydown', onKey, true);
      onClose?.(index);
      (returnFocus?.(index) ?? opener)?.focus();
      return true;
    },
  });
  const placeholder = instance.element().querySelector<HTMLElement>('.basicLightbox__placeholder')!;
  placeholder.append(viewer);
  placeholder.setAttribute('aria-modal', 'true');
  placeholder.setAttribute('aria-label', texts.viewer);

  previous.addEventListener('click', () => show(index - 1));
  next.addEventListener('click', () => show(index + 1));
  play.addEventListener('click', toggleSlideshow);
  close.addEventListener('click', () => instance.close());
  // A click on the dark area around the photo closes, like basicLightbox's own backdrop.
  viewer.addEventListener('click', (event) => {
    if (event.target === viewer || event.target === stage) instance.close();
  });
  viewer.addEventListener('pointermove', wake);
  previous.hidden = next.hidden = play.hidden = photos.length < 2;

  show(start);
  document.addEventListener('keydown', onKey, true);
  instance.show();
  close.focus();
  wake();
}
