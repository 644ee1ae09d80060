/**
 * Carousel, lightbox and map figures from SPEC §8–§9, in one place so the islands and their tests agree.
 * Where tiny-slider has no matching option the island applies the figure itself (noted per constant).
 */

/** Main slider and thumbnails animate this long (tiny-slider `speed`). */
export const TRANSITION_MS = 500;

/** Autoplay interval (tiny-slider `autoplayTimeout`); autoplay itself is off by default. */
export const AUTOPLAY_TIMEOUT_MS = 3000;
export const AUTOPLAY_DEFAULT = false;

/**
 * A pointer that moved more than this between press and release was a drag, not a click: the thumbnail
 * click is ignored (tiny-slider has no such threshold, only `swipeAngle`; the island checks the distance).
 */
export const SWIPE_CLICK_THRESHOLD_PX = 10;

/** tiny-slider's default angle under which a touch move counts as a swipe rather than a page scroll. */
export const SWIPE_ANGLE_DEG = 15;

/**
 * Re-synchronising the thumbnails after a resize waits this long after the last resize event
 * (tiny-slider's own resize handling runs per animation frame and is not configurable).
 */
export const RESIZE_DEBOUNCE_MS = 50;

/** Thumbnail strip: 8 on desktop, fewer on narrow screens (tiny-slider `responsive`, keys are min widths). */
export const THUMBNAIL_ITEMS = 8;
export const THUMBNAIL_ITEMS_BY_WIDTH: Readonly<Record<number, number>> = { 0: 4, 560: 6, 900: THUMBNAIL_ITEMS };
/** "Center padding 20px" of the strip (tiny-slider `edgePadding`). */
export const THUMBNAIL_EDGE_PADDING_PX = 20;
export const THUMBNAIL_GUTTER_PX = 8;

/** Lazy loading a photo: 3 more attempts, 500 ms apart, before the slide shows the cannot-load text (SPEC §8). */
export const IMAGE_RETRIES = 3;
export const IMAGE_RETRY_DELAY_MS = 500;

/** Lightbox (SPEC §9); its 366 ms fade is in detail.css. */
export const LIGHTBOX_SLIDESHOW_MS = 3000;
export const LIGHTBOX_IDLE_MS = 3000;

/** Map (SPEC §9). */
export const MAP_DELAY_MS = 200;
/** The map loads once it is this close to the viewport, above or below (its IntersectionObserver's root margin). */
export const MAP_NEAR_VIEWPORT_PX = 300;
export const MAP_ZOOM = 16;
