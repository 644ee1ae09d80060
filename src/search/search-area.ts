import type { GeoPoint } from '../estates/domain/estate.js';

/**
 * Search by area: a radius around one of the catalogue's places (`near=Gent&within=5`, the form's control, which
 * works without JavaScript), a radius around a point (`circle=lat,lon,km`) or an area drawn on the map
 * (`polygon=lat,lon;lat,lon;…`). One definition of "inside" (isInArea), which the search (its in-memory index,
 * search-index.ts) and the alerts (matchesCriteria) both apply to the same point of a listing: they cannot
 * disagree, not even on a point exactly on the edge.
 */

/** The radii the form offers, in km. */
export const AREA_RADII_KM = [1, 2, 5, 10, 20] as const;
export const DEFAULT_RADIUS_KM = 5;
export const MIN_RADIUS_KM = 0.5;
export const MAX_RADIUS_KM = 50;
/** A drawn area's corners: enough for any neighbourhood, few enough that testing one stays cheap. */
export const MIN_POLYGON_POINTS = 3;
export const MAX_POLYGON_POINTS = 40;
/** Coordinates are kept to 5 decimals (about 1 m): the same area drawn again has the same URL. */
const DECIMALS = 5;
/** Mean Earth radius (IUGG) × π / 180: km per degree of latitude. */
export const KM_PER_DEGREE = (6371.0088 * Math.PI) / 180;

export type LatLon = GeoPoint;

export type SearchArea =
  /** A radius around a place of the catalogue, by name (any language's alias), resolved to the city's point. */
  | { readonly kind: 'near'; readonly place: string; readonly radiusKm: number }
  | { readonly kind: 'circle'; readonly center: LatLon; readonly radiusKm: number }
  | { readonly kind: 'polygon'; readonly points: readonly LatLon[] };

/** An area with coordinates: what the query and the matcher test against. */
export type AreaShape = Extract<SearchArea, { kind: 'circle' | 'polygon' }>;

const round = (value: number): number => {
  const rounded = Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS;
  return Object.is(rounded, -0) ? 0 : rounded;
};

const NUMBER = /^\s*-?\d{1,3}(?:\.\d{1,12})?\s*$/;

function coordinate(latText: string | undefined, lonText: string | undefined): LatLon | null {
  if (latText === undefined || lonText === undefined || !NUMBER.test(latText) || !NUMBER.test(lonText)) return null;
  const lat = round(Number(latText));
  const lon = round(Number(lonText));
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

/** A radius in km (one decimal), or null out of bounds. */
export function parseRadius(text: string | undefined): number | null {
  if (text === undefined || !/^\s*\d{1,3}(?:[.,]\d{1,6})?\s*$/.test(text)) return null;
  const radius = Math.round(Number(text.replace(',', '.')) * 10) / 10;
  return radius >= MIN_RADIUS_KM && radius <= MAX_RADIUS_KM ? radius : null;
}

/** `lat,lon,km`; null when anything is out of bounds. */
export function parseCircle(value: string): Extract<SearchArea, { kind: 'circle' }> | null {
  const parts = value.split(',');
  if (parts.length !== 3) return null;
  const center = coordinate(parts[0], parts[1]);
  const radiusKm = parseRadius(parts[2]);
  return center && radiusKm !== null ? { kind: 'circle', center, radiusKm } : null;
}

/** `lat,lon;lat,lon;…` (3 to 40 corners; a closing corner equal to the first is dropped); null when not an area. */
export function parsePolygon(value: string): Extract<SearchArea, { kind: 'polygon' }> | null {
  const pairs = value.split(';').filter((pair) => pair.trim() !== '');
  if (pairs.length > MAX_POLYGON_POINTS + 1) return null;
  const points: LatLon[] = [];
  for (const pair of pairs) {
    const [lat, lon, extra] = pair.split(',');
    const point = coordinate(lat, lon);
    if (!point || extra !== undefined) return null;
    const last = points[points.length - 1];
    if (!last || last.lat !== point.lat || last.lon !== point.lon) points.push(point);
  }
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && first && last && first.lat === last.lat && first.lon === last.lon) points.pop();
  if (points.length < MIN_POLYGON_POINTS || points.length > MAX_POLYGON_POINTS) return null;
  // Every corner on one line encloses nothing.
  if (collinear(points)) return null;
  return { kind: 'polygon', points };
}

function collinear(points: readonly LatLon[]): boolean {
  const [a, b] = points as [LatLon, LatLon];
  return points.every((c) => (b.lon - a.lon) * (c.lat - a.lat) === (b.lat - a.lat) * (c.lon - a.lon));
}

const number = (value: number): string => String(value);

/** The area's query parameters, canonical (rounded, in a fixed order). */
export function areaParams(area: SearchArea): Array<[string, string]> {
  switch (area.kind) {
    case 'near':
      return [
        ['near', area.place],
        ['within', number(area.radiusKm)],
      ];
    case 'circle':
      return [['circle', `${number(area.center.lat)},${number(area.center.lon)},${number(area.radiusKm)}`]];
    case 'polygon':
      return [['polygon', area.points.map((point) => `${number(point.lat)},${number(point.lon)}`).join(';')]];
  }
}

/**
 * The one area of a query: a drawn area wins over a radius around a point, which wins over a radius around a
 * place (the form sends the place control along with a drawn area's hidden field).
 */
export function areaOf(fields: { polygon?: string; circle?: string; near?: string; within?: string }): SearchArea | null {
  const polygon = fields.polygon ? parsePolygon(fields.polygon) : null;
  if (polygon) return polygon;
  const circle = fields.circle ? parseCircle(fields.circle) : null;
  if (circle) return circle;
  const place = fields.near?.trim();
  if (!place) return null;
  return { kind: 'near', place, radiusKm: parseRadius(fields.within) ?? DEFAULT_RADIUS_KM };
}

/** The area with coordinates: a place's radius around the place's point (null: the place is unknown). */
export function resolveArea(area: SearchArea, placePoint: (place: string) => LatLon | null): AreaShape | null {
  if (area.kind !== 'near') return area;
  const center = placePoint(area.place);
  return center ? { kind: 'circle', center: { lat: round(center.lat), lon: round(center.lon) }, radiusKm: area.radiusKm } : null;
}

/**
 * A circle's constants: distances are equirectangular at the centre's latitude (east-west degrees shrink by
 * cos(latitude)), which within 50 km of a Belgian point differs from the great-circle distance by less than 0.1 %.
 */
function circleTerms(area: Extract<AreaShape, { kind: 'circle' }>): { kx: number; r2: number } {
  const r = area.radiusKm / KM_PER_DEGREE;
  return { kx: Math.cos((area.center.lat * Math.PI) / 180), r2: r * r };
}

/** A polygon's edges, horizontal ones left out (a horizontal edge is never crossed by the horizontal ray). */
function edges(points: readonly LatLon[]): Array<{ xi: number; yi: number; yj: number; dx: number; dy: number }> {
  const result = [];
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!;
    const b = points[j]!;
    if (a.lat !== b.lat) result.push({ xi: a.lon, yi: a.lat, yj: b.lat, dx: b.lon - a.lon, dy: b.lat - a.lat });
  }
  return result;
}

export interface AreaBounds {
  readonly south: number;
  readonly north: number;
  readonly west: number;
  readonly east: number;
}

/** A box that holds the whole area (a little larger: the exact test decides). */
export function areaBounds(area: AreaShape): AreaBounds {
  const slack = 1e-9;
  if (area.kind === 'circle') {
    const { kx } = circleTerms(area);
    const dLat = area.radiusKm / KM_PER_DEGREE;
    const dLon = kx > 1e-6 ? dLat / kx : 180;
    return { south: area.center.lat - dLat - slack, north: area.center.lat + dLat + slack, west: area.center.lon - dLon - slack, east: area.center.lon + dLon + slack };
  }
  const lats = area.points.map((point) => point.lat);
  const lons = area.points.map((point) => point.lon);
  return { south: Math.min(...lats) - slack, north: Math.max(...lats) + slack, west: Math.min(...lons) - slack, east: Math.max(...lons) + slack };
}

/**
 * Whether a point is inside: for a circle, equirectangular distance at most the radius (on the circle is inside);
 * for a drawn area, the even-odd rule of a ray cast east from the point (PNPOLY; a point on the western and southern
 * edges is inside, on the eastern and northern ones outside, so areas drawn side by side never share a listing).
 */
export function isInArea(area: AreaShape, point: LatLon): boolean {
  const bounds = areaBounds(area);
  if (point.lat < bounds.south || point.lat > bounds.north || point.lon < bounds.west || point.lon > bounds.east) return false;
  if (area.kind === 'circle') {
    const { kx, r2 } = circleTerms(area);
    const dx = (point.lon - area.center.lon) * kx;
    const dy = point.lat - area.center.lat;
    return dx * dx + dy * dy <= r2;
  }
  let crossings = 0;
  for (const edge of edges(area.points)) {
    if (edge.yi > point.lat !== edge.yj > point.lat && point.lon < (edge.dx * (point.lat - edge.yi)) / edge.dy + edge.xi) crossings++;
  }
  return crossings % 2 === 1;
}

/** The squared distance from a circle's centre (the equirectangular measure of isInArea, in degrees²): the "nearest first" order of a search by radius. */
export function distanceSquared(area: Extract<AreaShape, { kind: 'circle' }>, point: LatLon): number {
  const { kx } = circleTerms(area);
  const dx = (point.lon - area.center.lon) * kx;
  const dy = point.lat - area.center.lat;
  return dx * dx + dy * dy;
}
