import type { HeadType } from '../estates/domain/estate.js';
import { normalizeName, type SearchCriteria, type SearchTransaction, EMPTY_CRITERIA, toSearchQuery } from './search-criteria.js';

/** The head types a landing page is made for: what people search most ("houses for sale in Gent"). */
export const LANDING_HEAD_TYPES: readonly HeadType[] = ['HOUSE', 'APARTMENT'];
/** At most this many landing pages, each with at least this many listings: few, and never thin. */
export const MAX_LANDING_PAGES = 8;
export const MIN_LANDING_LISTINGS = 2;

/**
 * A meaningful search that search engines may index (the other filtered and paginated result URLs are
 * `noindex, follow`): a head type, a transaction and a city. Linked from the home page and listed in the sitemap.
 */
export interface LandingPage {
  readonly headType: HeadType;
  readonly transaction: SearchTransaction;
  /** The city's own name (the same in every locale's URL); titles use the localized alias. */
  readonly city: string;
  readonly count: number;
  readonly criteria: SearchCriteria;
  /** The query string after the home path in every locale: `/nl?<query>`, `/fr?<query>`. */
  readonly query: string;
}

export interface LandingCandidate {
  readonly headType: string;
  readonly forRent: boolean;
  readonly city: string;
  readonly count: number;
}

function isLandingType(headType: string): headType is HeadType {
  return (LANDING_HEAD_TYPES as readonly string[]).includes(headType);
}

/** The landing pages of a catalogue: the largest type/transaction/city groups, most listings first. */
export function selectLandingPages(candidates: readonly LandingCandidate[]): LandingPage[] {
  return candidates
    .filter((candidate) => isLandingType(candidate.headType) && candidate.count >= MIN_LANDING_LISTINGS)
    .sort((a, b) => b.count - a.count || a.city.localeCompare(b.city) || a.headType.localeCompare(b.headType) || Number(a.forRent) - Number(b.forRent))
    .slice(0, MAX_LANDING_PAGES)
    .map((candidate) => {
      const transaction: SearchTransaction = candidate.forRent ? 'rent' : 'buy';
      const criteria: SearchCriteria = { ...EMPTY_CRITERIA, transaction, headTypes: [candidate.headType as HeadType], locations: [candidate.city] };
      return { headType: candidate.headType as HeadType, transaction, city: candidate.city, count: candidate.count, criteria, query: toSearchQuery(criteria) };
    });
}

/** The landing page these criteria are exactly (first page, default order), if any. */
export function landingPageFor(criteria: SearchCriteria, pages: readonly LandingPage[]): LandingPage | undefined {
  if (criteria.page !== 1 || criteria.sort !== 'newest') return undefined;
  const query = toSearchQuery({ ...criteria, locations: criteria.locations.map(normalizeName) });
  return pages.find((page) => toSearchQuery({ ...page.criteria, locations: page.criteria.locations.map(normalizeName) }) === query);
}
