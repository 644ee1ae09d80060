import type { Estate, GeoPoint } from './estate.js';

/**
 * The point an area search (a radius or a drawn area) tests a listing by. A listing whose address the agency hides
 * is tested by its city's point, never by its own: otherwise a visitor could narrow a drawn area around it until it
 * drops out and so find the house the agency keeps unnamed. A listing without coordinates of its own falls back to
 * its city's point too; without either it is never inside an area. Stored as `area_lat`/`area_lon` by the sync
 * (estate-record.ts), so the search's SQL and matchesCriteria (alerts) test the same point.
 */
export function searchPointOf(estate: Pick<Estate, 'address'>): GeoPoint | null {
  const { visible, geoLocation, city } = estate.address;
  if (visible !== false && geoLocation && Number.isFinite(geoLocation.lat) && Number.isFinite(geoLocation.lon)) return { lat: geoLocation.lat, lon: geoLocation.lon };
  if (city && typeof city.lat === 'number' && typeof city.lon === 'number' && Number.isFinite(city.lat) && Number.isFinite(city.lon)) return { lat: city.lat, lon: city.lon };
  return null;
}
