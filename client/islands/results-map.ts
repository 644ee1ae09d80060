import { loadChunk } from '../lib/chunk-loader';
import type { ResultsMapProps } from './search-props';

/** Remembered for the session: a visitor who opened the map keeps it open while refining the search. */
const OPEN_KEY = 'immo.resultsMap';

function rememberOpen(open: boolean): void {
  try {
    if (open) sessionStorage.setItem(OPEN_KEY, '1');
    else sessionStorage.removeItem(OPEN_KEY);
  } catch {
    // Storage refused (private mode): the map simply starts closed.
  }
}

function wasOpen(): boolean {
  try {
    return sessionStorage.getItem(OPEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * htmx keeps the page's HTML to restore on Back: without the map's Leaflet markup, whose inline styles the CSP
 * refuses to apply from HTML (the island draws the map anew, open, when the page comes back).
 */
let historyCleaned = false;
function leaveMapsOutOfHistory(): void {
  if (historyCleaned) return;
  historyCleaned = true;
  document.addEventListener('htmx:beforeHistorySave', () => {
    for (const pane of document.querySelectorAll('.results-map__pane')) pane.remove();
  });
}

/**
 * The results map: a button (hidden without JavaScript: no map, nothing broken) that fetches Leaflet and the
 * markers of the whole result set on demand. Each htmx search replaces the results and so this island, with the
 * new search's markers. The map and the drawing tool's panel above it are one pane: under the count on a phone,
 * beside the list on a wide screen (search.css), held in view while the list scrolls.
 */
export function mount(root: HTMLElement, rawProps: unknown): void {
  const props = rawProps as ResultsMapProps;
  leaveMapsOutOfHistory();
  const toggle = root.querySelector<HTMLButtonElement>('.results-map__toggle');
  if (!toggle || !props.markersUrl) return;
  toggle.hidden = false;
  // The search form's "or draw your own area on the map" is true now.
  for (const hint of document.querySelectorAll<HTMLElement>('.area-fields__map-hint')) hint.hidden = false;
  const showText = toggle.textContent ?? '';
  // A page restored from htmx's history brings the old map's markup, without its Leaflet: drawn anew when open.
  root.querySelector('.results-map__pane')?.remove();
  toggle.setAttribute('aria-expanded', 'false');
  let pane: HTMLElement | undefined;
  let canvas: HTMLElement | undefined;

  const open = async () => {
    toggle.setAttribute('aria-expanded', 'true');
    toggle.textContent = props.hideText;
    root.classList.add('results-map--open');
    rememberOpen(true);
    if (pane) {
      pane.hidden = false;
      return;
    }
    pane = document.createElement('div');
    pane.className = 'results-map__pane';
    pane.id = `${root.closest('section')?.id ?? 'results'}-map`;
    canvas = document.createElement('div');
    canvas.className = 'results-map__canvas';
    toggle.setAttribute('aria-controls', pane.id);
    pane.append(canvas);
    root.append(pane);
    const { showResultsMap } = await loadChunk('results-map-leaflet', () => import('./results-map-leaflet'));
    await showResultsMap(canvas, props);
    root.dataset.mapState = 'ready';
  };

  toggle.addEventListener('click', () => {
    if (toggle.getAttribute('aria-expanded') === 'true') {
      toggle.setAttribute('aria-expanded', 'false');
      toggle.textContent = showText;
      root.classList.remove('results-map--open');
      if (pane) pane.hidden = true;
      rememberOpen(false);
    } else {
      void open();
    }
  });
  if (wasOpen()) void open();
}
