import { circle, circleMarker, Control, DomEvent, type LatLng, latLngBounds, type LatLngBounds, type Layer, type Map as LeafletMap, polygon, polyline } from 'leaflet';
import { element } from './dom';
import type { AreaOnMap, ResultsMapProps } from './search-props';

/** Coordinates go into the URL to 5 decimals (about 1 m), as the server keeps them. */
const DECIMALS = 5;
/** As many corners as the server accepts. */
const MAX_POINTS = 40;
const AREA_STYLE = { color: '#0b5a6b', weight: 2, fillColor: '#0b5a6b', fillOpacity: 0.08 } as const;

const rounded = (value: number) => String(Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS);

/**
 * "Search in this area" was pressed: the search swaps the results, the map with them, and the button pressed is gone.
 * The new map's draw button takes the focus then, unless the visitor has put it somewhere meanwhile.
 */
let searchedFromPanel = false;

/** Km per degree of latitude (the server's KM_PER_DEGREE). */
const KM_PER_DEGREE = (6371.0088 * Math.PI) / 180;

/** The box around the area, for the view to include (known before the map has a view, which a layer needs). */
export function areaBounds(area: AreaOnMap | null): LatLngBounds | null {
  if (!area) return null;
  if (area.kind === 'polygon') return latLngBounds(area.points.map(([lat, lon]) => [lat, lon] as [number, number]));
  const dLat = area.radiusKm / KM_PER_DEGREE;
  const dLon = dLat / Math.max(Math.cos((area.lat * Math.PI) / 180), 1e-6);
  return latLngBounds([area.lat - dLat, area.lon - dLon], [area.lat + dLat, area.lon + dLon]);
}

/** The area searched, drawn on the map (once the map has a view). */
export function showArea(view: LeafletMap, area: AreaOnMap | null): void {
  if (!area) return;
  const layer =
    area.kind === 'circle'
      ? circle([area.lat, area.lon], { ...AREA_STYLE, radius: area.radiusKm * 1000, interactive: false })
      : polygon(area.points.map(([lat, lon]) => [lat, lon] as [number, number]), { ...AREA_STYLE, interactive: false });
  // Decorative: the search form says the area in words.
  layer.addTo(view);
}

/**
 * Draw an area: a button on the map starts it (its panel, above the map, says how and finishes), each click on the map
 * places a corner. The keyboard draws too: pressing the button puts the focus on the map, whose hint says how; the
 * arrow keys move the map under a cross at its centre, Enter places the centre, Backspace takes the last corner back
 * and Escape stops (back on the button). "Search in this area" puts the corners into the search form's `polygon`
 * field and submits the form (htmx searches and pushes the URL; without htmx the browser follows the GET form). The
 * radius control of the form is the way without a map.
 */
export function addAreaTools(view: LeafletMap, canvas: HTMLElement, props: ResultsMapProps): void {
  const texts = props.draw;
  const form = document.getElementById(texts.formId);
  if (!(form instanceof HTMLFormElement)) return;

  const bar = element('div', 'leaflet-bar area-draw');
  const start = element('button', 'area-draw__button area-draw__start', { type: 'button' });
  start.textContent = texts.drawText;
  const hint = element('p', 'area-draw__hint', { id: `${canvas.id}-draw-hint` });
  hint.textContent = texts.hintText;
  const status = element('p', 'area-draw__status', { role: 'status' });
  const finish = element('button', 'area-draw__button area-draw__finish', { type: 'button' });
  finish.textContent = texts.finishText;
  const undo = element('button', 'area-draw__button', { type: 'button' });
  undo.textContent = texts.undoText;
  const cancel = element('button', 'area-draw__button', { type: 'button' });
  cancel.textContent = texts.cancelText;
  const actions = element('div', 'area-draw__actions');
  actions.append(finish, undo, cancel);
  // The drawing panel sits above the map, so the whole map stays free for the corners (on a phone too).
  const panel = element('div', 'area-draw__panel');
  panel.append(hint, status, actions);
  panel.hidden = true;
  canvas.before(panel);
  bar.append(start);
  DomEvent.disableClickPropagation(bar);
  DomEvent.disableScrollPropagation(bar);
  const tool = new Control({ position: 'topright' });
  tool.onAdd = () => bar;
  tool.addTo(view);
  if (searchedFromPanel) {
    searchedFromPanel = false;
    if (!document.activeElement || document.activeElement === document.body) start.focus({ preventScroll: true });
  }
  const crosshair = element('div', 'area-draw__crosshair', { 'aria-hidden': 'true' });

  const points: LatLng[] = [];
  const layers: Layer[] = [];
  let outline: Layer | null = null;
  let drawing = false;

  const redraw = () => {
    for (const layer of layers.splice(0)) layer.remove();
    outline?.remove();
    outline = points.length > 1 ? polyline([...points, ...(points.length > 2 ? [points[0]!] : [])], { ...AREA_STYLE, dashArray: '6 4', interactive: false }).addTo(view) : null;
    for (const point of points) layers.push(circleMarker(point, { radius: 5, color: AREA_STYLE.color, weight: 2, fillColor: '#fff', fillOpacity: 1, interactive: false }).addTo(view));
    status.textContent = (points.length === 1 ? texts.countTexts.one : texts.countTexts.other).replace('{count}', String(points.length));
    finish.disabled = points.length < 3;
    undo.disabled = points.length === 0;
  };
  const add = (point: LatLng) => {
    if (!drawing || points.length >= MAX_POINTS) return;
    points.push(point);
    redraw();
  };
  const onClick = (event: { latlng: LatLng }) => add(event.latlng);
  const undoLast = () => {
    points.pop();
    redraw();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.target !== canvas || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') add(view.getCenter());
    else if (event.key === 'Backspace' || event.key === 'Delete') undoLast();
    else if (event.key === 'Escape') cancelDrawing();
    else return;
    event.preventDefault();
  };
  const stop = () => {
    drawing = false;
    points.length = 0;
    redraw();
    status.textContent = '';
    panel.hidden = true;
    bar.hidden = false;
    canvas.classList.remove('area-draw--drawing');
    canvas.removeAttribute('aria-describedby');
    crosshair.remove();
    view.off('click', onClick);
    view.doubleClickZoom.enable();
    canvas.removeEventListener('keydown', onKey);
  };

  start.addEventListener('click', () => {
    drawing = true;
    bar.hidden = true;
    panel.hidden = false;
    canvas.classList.add('area-draw--drawing');
    view.closePopup();
    // Corners placed quickly are corners, not a zoom.
    view.doubleClickZoom.disable();
    canvas.setAttribute('aria-describedby', hint.id);
    canvas.append(crosshair);
    view.on('click', onClick);
    canvas.addEventListener('keydown', onKey);
    redraw();
    // On the map the keys draw on (its hint describes it): "Search in this area" is still disabled, so not there.
    canvas.focus();
  });
  undo.addEventListener('click', undoLast);
  function cancelDrawing() {
    stop();
    start.focus();
  }
  cancel.addEventListener('click', cancelDrawing);
  finish.addEventListener('click', () => {
    if (points.length < 3) return;
    const value = points.map((point) => `${rounded(point.lat)},${rounded(point.lng)}`).join(';');
    const area = form.querySelector<HTMLElement>('#search-area') ?? form;
    let field = form.querySelector<HTMLInputElement>('input[name="polygon"]');
    if (!field) {
      field = element('input', '', { type: 'hidden', name: 'polygon' });
      area.append(field);
    }
    field.value = value;
    // A drawn area replaces a radius: neither the place nor a radius around a point goes along.
    for (const name of ['near', 'circle']) {
      const other = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
      if (other) other.value = '';
    }
    stop();
    searchedFromPanel = true;
    form.requestSubmit();
  });
}
