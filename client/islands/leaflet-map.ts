import leafletStylesheet from 'leaflet/dist/leaflet.css?url';
import markerIconRetina from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { control, Icon, map as leafletMap, marker, tileLayer } from 'leaflet';
import { MAP_ZOOM } from './carousel-constants';
import { element } from './dom';
import type { MapIslandProps } from './island-props';

let stylesheet: Promise<void> | undefined;

/** Leaflet's stylesheet is part of this on-demand chunk: linked once, before the first map draws. */
function loadStylesheet(): Promise<void> {
  stylesheet ??= new Promise((resolve, reject) => {
    const link = element('link', '', { rel: 'stylesheet', href: leafletStylesheet });
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`Stylesheet ${leafletStylesheet} failed to load`));
    document.head.append(link);
  });
  return stylesheet;
}

// The marker images are bundled (content-hashed URLs); an empty image path stops Leaflet guessing one from CSS.
Icon.Default.imagePath = '';
Icon.Default.mergeOptions({ iconUrl: markerIcon, iconRetinaUrl: markerIconRetina, shadowUrl: markerShadow });

export async function showMap(root: HTMLElement, props: MapIslandProps): Promise<void> {
  await loadStylesheet();
  const canvas = element('div', 'map-block__canvas', { role: 'region', 'aria-label': props.label });
  root.append(canvas);
  // Leaflet's own zoom control says "Zoom in" in English: this one speaks the page's language.
  const view = leafletMap(canvas, { scrollWheelZoom: false, zoomControl: false }).setView([props.lat, props.lon], MAP_ZOOM);
  control.zoom({ zoomInTitle: props.zoomInTitle, zoomOutTitle: props.zoomOutTitle }).addTo(view);
  tileLayer(props.tileUrl, { attribution: props.attribution, maxZoom: 19 }).addTo(view);
  marker([props.lat, props.lon], { title: props.markerTitle, alt: props.markerTitle, keyboard: false }).addTo(view);
  root.classList.add('map-block__map--ready');
}
