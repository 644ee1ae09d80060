import leafletStylesheet from 'leaflet/dist/leaflet.css?url';
import markerIconRetina from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import clusterStylesheet from 'leaflet.markercluster/dist/MarkerCluster.css?url';
import clusterDefaultStylesheet from 'leaflet.markercluster/dist/MarkerCluster.Default.css?url';
// Leaflet first: the clustering plugin extends the global `L` Leaflet sets.
import { control, DivIcon, Icon, latLngBounds, type LeafletEvent, type LeafletKeyboardEvent, map as leafletMap, type Map as LeafletMap, type MarkerCluster, marker, point as leafletPoint, popup, tileLayer } from 'leaflet';
import 'leaflet.markercluster';
import { markerClusterGroup } from 'leaflet';
import { addAreaTools, areaBounds, showArea } from './area-draw';
import { element } from './dom';
import type { ResultMarker, ResultsMapProps } from './search-props';

const loaded = new Map<string, Promise<void>>();

function stylesheet(href: string): Promise<void> {
  let loading = loaded.get(href);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const link = element('link', '', { rel: 'stylesheet', href });
      link.onload = () => resolve();
      link.onerror = () => reject(new Error(`Stylesheet ${href} failed to load`));
      document.head.append(link);
    });
    loaded.set(href, loading);
  }
  return loading;
}

Icon.Default.imagePath = '';
Icon.Default.mergeOptions({ iconUrl: markerIcon, iconRetinaUrl: markerIconRetina, shadowUrl: markerShadow });

interface EstateJson {
  readonly title: string;
  readonly priceText: string;
  readonly typeLabel: string;
  readonly address: { readonly city: string };
  readonly path: string;
}

/** The popup's small card: built from the listing's display model as text (never as HTML from the server). */
function popupCard(estate: EstateJson, openText: string): HTMLElement {
  const card = element('div', 'map-popup');
  const type = element('span');
  type.textContent = `${estate.typeLabel} · ${estate.address.city}`;
  const title = element('strong');
  title.textContent = estate.title;
  const price = element('span', 'map-popup__price');
  price.textContent = estate.priceText;
  const link = element('a', '', { href: estate.path });
  link.textContent = openText;
  card.append(type, title, price, link);
  return card;
}

/**
 * A marker's popup: opened at once, filled with the listing's card when its display model has come. Opened from the
 * keyboard (`from`, the marker it was opened on), the focus goes to the card's link, Escape closes it, and the focus
 * comes back to the marker.
 */
async function openPopup(view: LeafletMap, point: ResultMarker, props: ResultsMapProps, from?: HTMLElement): Promise<void> {
  // Panned clear of the controls in the map's top corners (zoom, draw), which would cover the card and its close button.
  const bubble = popup({ minWidth: 200, autoPanPaddingTopLeft: leafletPoint(16, 80) }).setLatLng([point.lat, point.lon]).setContent('…').openOn(view);
  if (from) {
    const container = bubble.getElement();
    container?.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      view.closePopup(bubble);
    });
    bubble.once('remove', () => {
      if (!document.activeElement || document.activeElement === document.body || container?.contains(document.activeElement)) from.focus();
    });
  }
  try {
    const response = await fetch(props.estateUrl.replace('<estateId>', String(point.id)), { headers: { Accept: 'application/json' } });
    if (!response.ok) return;
    bubble.setContent(popupCard((await response.json()) as EstateJson, props.openText));
    if (from && view.hasLayer(bubble)) bubble.getElement()?.querySelector<HTMLElement>('.map-popup a')?.focus();
  } catch {
    bubble.close();
  }
}

/** Enter or Space on a focused marker or cluster: a button's keys (Leaflet clicks neither). */
const activates = (event: LeafletKeyboardEvent) => event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ';

/** A cluster's icon as the plugin draws it, named by its count in words ("5 properties here: zoom in"). */
function clusterIcon(cluster: MarkerCluster, template: string): DivIcon {
  const count = cluster.getChildCount();
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  const inner = element('div');
  const shown = element('span', '', { 'aria-hidden': 'true' });
  shown.textContent = String(count);
  const name = element('span', 'visually-hidden');
  name.textContent = template.replace('{count}', String(count));
  inner.append(shown, name);
  return new DivIcon({ html: inner, className: `marker-cluster marker-cluster-${size}`, iconSize: leafletPoint(40, 40) });
}

export async function showResultsMap(canvas: HTMLElement, props: ResultsMapProps): Promise<void> {
  const [markers] = await Promise.all([
    fetch(props.markersUrl, { headers: { Accept: 'application/json' } }).then((response) => (response.ok ? (response.json() as Promise<ResultMarker[]>) : [])),
    stylesheet(leafletStylesheet),
    stylesheet(clusterStylesheet),
    stylesheet(clusterDefaultStylesheet),
  ]);
  canvas.setAttribute('role', 'region');
  canvas.setAttribute('aria-label', props.label);
  const view = leafletMap(canvas, { scrollWheelZoom: false, zoomControl: false });
  control.zoom({ zoomInTitle: props.zoomInTitle, zoomOutTitle: props.zoomOutTitle }).addTo(view);
  tileLayer(props.tileUrl, { attribution: props.attribution, maxZoom: 19 }).addTo(view);
  // Zoom, draw and the attribution before the markers in the keyboard's order (Leaflet puts its controls last).
  const controls = canvas.querySelector('.leaflet-control-container');
  if (controls) canvas.prepend(controls);
  const texts = props.markerTexts;
  const clusters = markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 50, iconCreateFunction: (cluster) => clusterIcon(cluster, texts.cluster) });
  for (const point of markers) {
    // Named for the keyboard and screen readers: the listing's type and status, as its card says them.
    const name = [texts.types[point.headType], texts.statuses[point.status]].filter(Boolean).join(' · ') || props.openText;
    const pin = marker([point.lat, point.lon], { keyboard: true, title: name, alt: name });
    pin.on('click', () => void openPopup(view, point, props));
    pin.on('keydown', (event) => {
      if (!activates(event as LeafletKeyboardEvent)) return;
      event.originalEvent.preventDefault();
      void openPopup(view, point, props, pin.getElement());
    });
    clusters.addLayer(pin);
  }
  // A cluster zooms in from the keyboard as from a click; its icon is gone then, so the focus stays on the map.
  clusters.on('clusterkeydown', (event: LeafletEvent) => {
    const keyboard = event as LeafletKeyboardEvent & { layer: MarkerCluster };
    if (!activates(keyboard)) return;
    keyboard.originalEvent.preventDefault();
    canvas.focus({ preventScroll: true });
    keyboard.layer.zoomToBounds({ padding: [24, 24] });
  });
  view.addLayer(clusters);
  canvas.dataset.markers = String(markers.length);
  // The area searched, and the tool to draw another: the view holds the area and the markers.
  const area = areaBounds(props.area);
  const bounds = markers.length > 0 ? latLngBounds(markers.map((point) => [point.lat, point.lon] as [number, number])) : null;
  if (area) bounds?.extend(area);
  const shown = bounds ?? area;
  if (shown) view.fitBounds(shown, { padding: [24, 24], maxZoom: 15 });
  else view.setView([50.6, 4.5], 7);
  showArea(view, props.area);
  addAreaTools(view, canvas, props);
}
