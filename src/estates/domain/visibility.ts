import { UNAVAILABLE_STATUSES } from './availability.js';
import type { Estate, Status } from './estate.js';

/*
 * Which listings a visitor may see. SPEC §4: a status in settings.hiddenStatus hides a listing
 * everywhere, as a page, in lists and on the map. Every list of listings goes through these helpers:
 * a project's units, the sitemap, map markers, similar estates, and later search and favourites.
 *
 * A project's units are filtered once, where a listing leaves the service that read the settings
 * (EstateDetailService.find calls withVisibleUnits): the display model, the page, the JSON endpoint
 * and the project's "from" price then all see the same units and need no settings of their own.
 * Similar estates are chosen in SQL before the limit, with the statuses similarExcludedStatuses gives.
 */

/** Whether a listing may be shown at all: its status is not hidden. */
export function isListed(estate: { readonly transaction: Pick<Estate['transaction'], 'status'> }, hiddenStatus: readonly string[]): boolean {
  return !hiddenStatus.includes(estate.transaction.status);
}

/** A listing or a slimmer read of one (the sitemap's): what visibility goes by. */
type Listable<T> = { readonly transaction: Pick<Estate['transaction'], 'status'>; readonly children: readonly T[] };

/** The listing with only the units a visitor may see (the same listing when nothing is hidden). */
export function withVisibleUnits<T extends Listable<T>>(estate: T, hiddenStatus: readonly string[]): T {
  const children = estate.children.filter((unit) => isListed(unit, hiddenStatus));
  return children.length === estate.children.length ? estate : { ...estate, children };
}

/** The listings a visitor may see, each project with its visible units only. */
export function visibleListings<T extends Listable<T>>(estates: readonly T[], hiddenStatus: readonly string[]): T[] {
  return estates.filter((estate) => isListed(estate, hiddenStatus)).map((estate) => withVisibleUnits(estate, hiddenStatus));
}

/**
 * Statuses a similar estate may not have: hidden ones, and those no longer available (a sold or
 * rented listing is no alternative for the visitor). Project units are never similar estates
 * either: they are shown on their project's page (the query leaves them out).
 */
export function similarExcludedStatuses(hiddenStatus: readonly string[]): string[] {
  return [...new Set<string>([...UNAVAILABLE_STATUSES, ...hiddenStatus])];
}

/**
 * The amount a visitor may learn a listing asks: its price, else its "from" price, and none when the agency
 * hides it ("price on request"). Price filters, price orders, similar estates, alert digests (a price drop)
 * and structured data all go by this amount, never by the price the CRM sends: a listing on request is found
 * by no price bound and sorts after every priced listing, so neither its place nor its presence tells its price.
 */
export function publicPrice(estate: Estate): number | null {
  if (!estate.price.visible) return null;
  const { value, priceFrom } = estate.price;
  if (value !== null && value > 0) return value;
  return priceFrom !== null && priceFrom > 0 ? priceFrom : null;
}

/** A map marker exists only with a geo-location, a type and a status (SPEC §4). */
function hasMapMarker(estate: Estate): boolean {
  return estate.address.geoLocation !== null && !!estate.headType && !!estate.transaction.status;
}

export interface MapMarker {
  readonly id: number;
  readonly lat: number;
  readonly lon: number;
  readonly headType: string;
  readonly status: Status;
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
