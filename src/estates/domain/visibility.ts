import type { Estate } from './estate.js';

/** settings.hiddenStatus hides listings of those statuses everywhere (SPEC §4). */
export function isStatusHidden(estate: Estate, hiddenStatus: readonly string[]): boolean {
  return hiddenStatus.includes(estate.transaction.status);
}

/** Whether a listing may appear in lists, the sitemap and on the map. */
export function isListed(estate: Estate, hiddenStatus: readonly string[]): boolean {
  return !isStatusHidden(estate, hiddenStatus);
}

/** A map marker exists only with a geo-location, a type and a status (SPEC §4). */
export function hasMapMarker(estate: Estate): boolean {
  return estate.address.geoLocation !== null && !!estate.headType && !!estate.transaction.status;
}

export interface MapMarker {
  readonly id: number;
  readonly lat: number;
  readonly lon: number;
  readonly headType: string;
  readonly status: string;
}

/** Markers for the listings a visitor may see (hidden statuses have none). */
export function mapMarkers(estates: readonly Estate[], hiddenStatus: readonly string[]): MapMarker[] {
  return estates
    .filter((estate) => isListed(estate, hiddenStatus) && hasMapMarker(estate))
    .map((estate) => ({
      id: estate.id,
      lat: estate.address.geoLocation!.lat,
      lon: estate.address.geoLocation!.lon,
      headType: estate.headType,
      status: estate.transaction.status,
    }));
}

/**
 * Whether a listing is offered as "similar" (SPEC §6 leaves the rule to us): it must be listed (status
 * not hidden), still available (a sold or rented listing is no alternative for the visitor), and not a
 * unit of a project (units are shown on their project's page).
 */
export function isSimilarEstateShown(estate: Estate, hiddenStatus: readonly string[]): boolean {
  return isListed(estate, hiddenStatus) && !estate.transaction.sold && estate.parentId === null;
}
