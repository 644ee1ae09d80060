import { type SearchCriteria, toSearchQuery } from './search-criteria.js';

/** Query parameters that together are one filter: a price range, a type with its sub types, an area. */
const ONE_FILTER: Readonly<Record<string, string>> = {
  priceMin: 'price',
  priceMax: 'price',
  headTypes: 'type',
  subTypes: 'type',
  near: 'area',
  within: 'area',
  circle: 'area',
  polygon: 'area',
};

/** What a search's query holds that is neither the transaction (a choice, not a filter), the sort nor the page. */
const NOT_FILTERS = new Set(['transaction', 'sort', 'page']);

/**
 * How many filters a search has set, for the phone's "Filters (2)" control: a price range, the types, the places,
 * an area, each one. Read from the search's own query string, so a filter the form gains is counted as soon as the
 * query carries it.
 */
export function activeFilterCount(criteria: SearchCriteria): number {
  const filters = new Set<string>();
  for (const key of new URLSearchParams(toSearchQuery(criteria, { page: false, sort: false })).keys()) {
    if (!NOT_FILTERS.has(key)) filters.add(ONE_FILTER[key] ?? key);
  }
  return filters.size;
}
