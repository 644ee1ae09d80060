import leafletStylesheet from 'leaflet/dist/leaflet.css?url';
import markerIconRetina from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import clusterStylesheet from 'leaflet.markercluster/dist/MarkerCluster.css?url';
import clusterDefaultStylesheet from 'leaflet.markercluster/dist/MarkerCluster.Default.css?url';
// Leaflet first: the clustering plugin extends the global `L` Leaflet sets.
import { control, Icon, latLngBounds, map as leafletMap, type Map as LeafletMap, marker, popup, tileLayer } from 'leaflet';
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

/** A marker's popup: opened at once, filled with the listing's card when its display model has come. */
async function openPopup(view: LeafletMap, point: ResultMarker, props: ResultsMapProps): Promise<void> {
  const bubble = popup({ minWidth: 200 }).setLatLng([point.lat, point.lon]).setContent('…').openOn(view);
  try {
    const response = await fetch(props.estateUrl.replace('<estateId>', String(point.id)), { headers: { Accept: 'application/json' } });
    if (response.ok) bubble.setContent(popupCard((await response.json()) as EstateJson, props.openText));
  } catch {
    bubble.close();
  }
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
  const clusters = markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 50 });
  for (const point of markers) {
    const pin = marker([point.lat, point.lon], { keyboard: true });
    pin.on('click', () => void openPopup(view, point, props));
    clusters.addLayer(pin);
  }
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
