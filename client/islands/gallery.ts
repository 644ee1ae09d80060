import { type TinySliderInstance, type TinySliderSettings, tns } from 'tiny-slider/src/tiny-slider';
import { loadChunk } from '../lib/chunk-loader';
import {
  AUTOPLAY_DEFAULT,
  AUTOPLAY_TIMEOUT_MS,
  RESIZE_DEBOUNCE_MS,
  SWIPE_ANGLE_DEG,
  SWIPE_CLICK_THRESHOLD_PX,
  THUMBNAIL_EDGE_PADDING_PX,
  THUMBNAIL_GUTTER_PX,
  THUMBNAIL_ITEMS_BY_WIDTH,
  TRANSITION_MS,
} from './carousel-constants';
import { debounce, dragGuard, element, iconButton } from './dom';
import { type ImageWidth, photoSources } from '../../src/estates/images/image-variants';
import type { GalleryIslandProps, GalleryPhoto, GalleryTexts, ResponsivePhoto } from './island-props';
import { fillFrame, pictureOf } from './load-image';

/** Settings both sliders share (SPEC §9 carousel defaults). */
function commonSettings(container: HTMLElement): TinySliderSettings {
  return {
    container,
    loop: false,
    nav: false,
    speed: TRANSITION_MS,
    autoplay: AUTOPLAY_DEFAULT,
    autoplayTimeout: AUTOPLAY_TIMEOUT_MS,
    autoplayButtonOutput: false,
    swipeAngle: SWIPE_ANGLE_DEG,
    mouseDrag: true,
    preventScrollOnTouch: 'auto',
    // No feature-detection cache in localStorage: nothing is stored before cookie consent.
    useLocalStorage: false,
  };
}

/**
 * tiny-slider hides off-screen slides with aria-hidden; their buttons must leave the tab order too,
 * or keyboard users land on invisible controls.
 */
function syncFocusability(slider: TinySliderInstance): void {
  for (const slide of Array.from(slider.getInfo().slideItems) as HTMLElement[]) {
    const hidden = slide.getAttribute('aria-hidden') === 'true';
    slide.querySelectorAll('button').forEach((button) => (button.tabIndex = hidden ? -1 : 0));
  }
}

/** The photo's srcsets for the widths the server offers (none for a photo it cannot resize). */
function withSrcSets(photo: GalleryPhoto, widths: GalleryIslandProps['widths']): ResponsivePhoto {
  if (!widths) return photo;
  const srcSet = photoSources(photo.large, { widths: widths.slide as ImageWidth[] })?.srcSet;
  const thumbSrcSet = photoSources(photo.large, { widths: widths.thumb as ImageWidth[] })?.srcSet;
  return { ...photo, ...(srcSet ? { srcSet } : {}), ...(thumbSrcSet ? { thumbSrcSet } : {}) };
}

type Sizes = GalleryIslandProps['sizes'];

/** The main slider's stage: a frame per photo (filled when near), previous/next and the counter. */
function buildStage(photos: readonly ResponsivePhoto[], texts: GalleryTexts) {
  const stage = element('div', 'gallery__stage');
  const track = element('div', 'gallery__track');
  const frames = photos.map((photo, index) => {
    const slide = element('div', 'gallery__slide');
    const frame = element('button', 'gallery__frame', {
      type: 'button',
      'aria-label': `${texts.openViewer}: ${photo.alt}`,
      'data-index': String(index),
    });
    // The box has the photo's proportions before it loads, so nothing shifts.
    frame.style.aspectRatio = `${photo.width} / ${photo.height}`;
    slide.append(frame);
    track.append(slide);
    return frame;
  });
  const previous = iconButton('gallery__control gallery__control--previous', 'previous', texts.previous);
  const next = iconButton('gallery__control gallery__control--next', 'next', texts.next);
  const counter = element('p', 'gallery__counter', { 'aria-live': 'polite' });
  stage.append(track, previous, next, counter);
  return { stage, track, frames, previous, next, counter };
}

function buildStrip(photos: readonly ResponsivePhoto[], texts: GalleryTexts, sizes: Sizes) {
  const strip = element('div', 'gallery__thumbs', { role: 'group', 'aria-label': texts.thumbnails });
  const thumbTrack = element('div', 'gallery__thumb-track');
  const thumbs = photos.map((photo, index) => {
    const item = element('div', 'gallery__thumb-item');
    const button = element('button', 'gallery__thumb', { type: 'button', 'aria-label': photo.alt, 'data-index': String(index) });
    const { element: image } = pictureOf(
      { src: photo.thumbSrcSet ? photo.large : photo.thumb, alt: '', srcSet: photo.thumbSrcSet, sizes: sizes?.thumb },
      { loading: 'lazy', width: '160', height: '107' },
    );
    button.append(image);
    item.append(button);
    thumbTrack.append(item);
    return button;
  });
  strip.append(thumbTrack);
  return { strip, thumbTrack, thumbs };
}

type Stage = ReturnType<typeof buildStage>;
type Strip = ReturnType<typeof buildStrip>;

function startSliders(root: HTMLElement, stage: Stage, strip: Strip) {
  const main = tns({
    ...commonSettings(stage.track),
    items: 1,
    center: true,
    autoWidth: true,
    controls: true,
    prevButton: stage.previous,
    nextButton: stage.next,
  });
  const stripSlider = tns({
    ...commonSettings(strip.thumbTrack),
    items: THUMBNAIL_ITEMS_BY_WIDTH[0],
    responsive: Object.fromEntries(Object.entries(THUMBNAIL_ITEMS_BY_WIDTH).map(([width, items]) => [width, { items }])),
    slideBy: 1,
    edgePadding: THUMBNAIL_EDGE_PADDING_PX,
    gutter: THUMBNAIL_GUTTER_PX,
    controls: false,
  });
  // tiny-slider announces "slide N of M" in English; the counter above says it in every language.
  root.querySelectorAll('.tns-liveregion').forEach((region) => region.remove());
  return { main, stripSlider };
}

/**
 * tiny-slider takes its previous/next buttons out of the tab order, also later when it has measured the
 * slides; keyboard users need them, so they go back in each time.
 */
function keepInTabOrder(controls: readonly HTMLButtonElement[]): void {
  const restore = () => controls.forEach((button) => button.hasAttribute('tabindex') && button.removeAttribute('tabindex'));
  const tabOrderGuard = new MutationObserver(restore);
  controls.forEach((button) => tabOrderGuard.observe(button, { attributes: true, attributeFilter: ['tabindex'] }));
  restore();
}

/** What the steps of one gallery share once it is built. */
interface Gallery {
  readonly photos: readonly ResponsivePhoto[];
  readonly texts: GalleryTexts;
  readonly sizes: Sizes;
  readonly stage: Stage;
  readonly strip: Strip;
  readonly main: TinySliderInstance;
  readonly stripSlider: TinySliderInstance;
  /** The index of the photo in the middle, -1 before the first is selected. */
  current: number;
}

function load(gallery: Gallery, index: number): void {
  const photo = gallery.photos[index];
  if (photo) {
    const source = { src: photo.large, alt: photo.alt, srcSet: photo.srcSet, sizes: gallery.sizes?.slide };
    void fillFrame(gallery.stage.frames[index]!, source, gallery.texts.loadError);
  }
}

function select(gallery: Gallery, index: number): void {
  const { photos, stage, strip, stripSlider } = gallery;
  gallery.current = index;
  stage.frames.forEach((frame, position) => frame.parentElement!.classList.toggle('is-current', position === index));
  strip.thumbs.forEach((button, position) => {
    if (position === index) button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');
  });
  stage.counter.textContent = `${index + 1} / ${photos.length}`;
  // Keep the current thumbnail in the middle of the strip where the strip can scroll that far.
  const visible = stripSlider.getInfo().items;
  stripSlider.goTo(Math.max(0, Math.min(index - Math.floor(visible / 2), photos.length - visible)));
  [index, index + 1, index - 1].forEach((near) => load(gallery, near));
}

/** The main slider and the strip follow each other; hidden slides' buttons leave the tab order after each move. */
function followSliders(gallery: Gallery): void {
  const { main, stripSlider } = gallery;
  const refreshFocus = () => {
    syncFocusability(main);
    syncFocusability(stripSlider);
  };
  main.events.on('indexChanged', (info) => {
    if (info.index !== gallery.current) select(gallery, info.index);
  });
  main.events.on('transitionEnd', refreshFocus);
  stripSlider.events.on('transitionEnd', refreshFocus);
  select(gallery, 0);
  requestAnimationFrame(refreshFocus);
}

function wireThumbClicks(gallery: Gallery): void {
  const { strip } = gallery.strip;
  const stripWasDragged = dragGuard(strip, SWIPE_CLICK_THRESHOLD_PX);
  strip.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('.gallery__thumb');
    if (stripWasDragged() || !button) return;
    gallery.main.goTo(Number(button.dataset.index));
  });
}

function wireFrameClicks(gallery: Gallery): void {
  const { photos, texts, main } = gallery;
  const { track, frames } = gallery.stage;
  const stageWasDragged = dragGuard(track, SWIPE_CLICK_THRESHOLD_PX);
  track.addEventListener('click', (event) => {
    const frame = (event.target as Element).closest<HTMLButtonElement>('.gallery__frame');
    if (stageWasDragged() || !frame) return;
    const index = Number(frame.dataset.index);
    // A neighbour peeking in at the side comes to the middle first; the middle one opens fullscreen.
    if (index !== gallery.current) {
      main.goTo(index);
      return;
    }
    loadChunk('lightbox', () => import('./lightbox')).then(
      // The slider follows the viewer, and the focus returns to the photo shown last.
      ({ openLightbox }) => openLightbox({ photos, texts, index, onClose: (last) => main.goTo(last), returnFocus: (last) => frames[last] }),
      (error: unknown) => console.error(error),
    );
  });
}

/**
 * Gallery island: replaces the no-JS photo list with a variable-width main slider and a thumbnail strip
 * kept in sync both ways; clicking the current photo opens the fullscreen viewer (its own chunk).
 */
export function mount(root: HTMLElement, rawProps: unknown): void {
  const { photos: offered, texts, sizes, widths } = rawProps as GalleryIslandProps;
  if (!offered?.length) return;
  const photos = offered.map((photo) => withSrcSets(photo, widths));
  const stage = buildStage(photos, texts);
  const strip = buildStrip(photos, texts, sizes);
  root.replaceChildren(stage.stage, strip.strip);
  root.classList.add('gallery--enhanced');
  const gallery: Gallery = { photos, texts, sizes, stage, strip, ...startSliders(root, stage, strip), current: -1 };
  keepInTabOrder([stage.previous, stage.next]);
  followSliders(gallery);
  wireThumbClicks(gallery);
  wireFrameClicks(gallery);
  window.addEventListener('resize', debounce(() => select(gallery, gallery.current), RESIZE_DEBOUNCE_MS));
}
