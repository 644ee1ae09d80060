import { loadChunk } from '../lib/chunk-loader';
import { MAP_DELAY_MS, MAP_NEAR_VIEWPORT_PX } from './carousel-constants';
import type { MapIslandProps } from './island-props';

function afterPageLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** Resolves once the element is on screen or close to it: Leaflet (43 KB) is only fetched for a visitor who gets there. */
function nearViewport(element: HTMLElement): Promise<void> {
  if (!('IntersectionObserver' in window)) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          resolve();
        }
      },
      { rootMargin: `${MAP_NEAR_VIEWPORT_PX}px 0px` },
    );
    observer.observe(element);
  });
}

export function hasCoordinates(props: Partial<MapIslandProps>): props is MapIslandProps {
  return Number.isFinite(props.lat) && Number.isFinite(props.lon) && typeof props.tileUrl === 'string';
}

/**
 * Map island: stays the address text until the page has loaded and the map is near the viewport,
 * then waits 200 ms (SPEC §4), fetches Leaflet (its own chunk and stylesheet) and shows the map.
 * Without coordinates it does nothing.
 */
export async function mount(root: HTMLElement, rawProps: unknown): Promise<void> {
  const props = rawProps as Partial<MapIslandProps>;
  if (!hasCoordinates(props)) return;
  await afterPageLoad();
  await nearViewport(root);
  await new Promise((resolve) => window.setTimeout(resolve, MAP_DELAY_MS));
  const { showMap } = await loadChunk('leaflet', () => import('./leaflet-map'));
  await showMap(root, props);
}
