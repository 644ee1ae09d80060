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
    for (const canvas of document.querySelectorAll('.results-map__canvas, .area-draw__panel')) canvas.remove();
  });
}

/**
 * The results map: a button (hidden without JavaScript: no map, nothing broken) that fetches Leaflet and the
 * markers of the whole result set on demand. Each htmx search replaces the results and so this island, with the
 * new search's markers.
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
  root.querySelector('.results-map__canvas')?.remove();
  root.querySelector('.area-draw__panel')?.remove();
  toggle.setAttribute('aria-expanded', 'false');
  let canvas: HTMLElement | undefined;

  const open = async () => {
    toggle.setAttribute('aria-expanded', 'true');
    toggle.textContent = props.hideText;
    root.classList.add('results-map--open');
    rememberOpen(true);
    if (canvas) {
      canvas.hidden = false;
      return;
    }
    canvas = document.createElement('div');
    canvas.className = 'results-map__canvas';
    canvas.id = `${root.closest('section')?.id ?? 'results'}-map`;
    toggle.setAttribute('aria-controls', canvas.id);
    root.append(canvas);
    const { showResultsMap } = await loadChunk('results-map-leaflet', () => import('./results-map-leaflet'));
    await showResultsMap(canvas, props);
    root.dataset.mapState = 'ready';
  };

  toggle.addEventListener('click', () => {
    if (toggle.getAttribute('aria-expanded') === 'true') {
      toggle.setAttribute('aria-expanded', 'false');
      toggle.textContent = showText;
      root.classList.remove('results-map--open');
      if (canvas) canvas.hidden = true;
      root.querySelector<HTMLElement>('.area-draw__panel')?.setAttribute('hidden', '');
      rememberOpen(false);
    } else {
      void open();
    }
  });
  if (wasOpen()) void open();
}
