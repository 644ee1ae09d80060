import type { Locale } from '../routing/locales.js';
import type { CityRow, ResolvedLocations } from './search.repository.js';
import { isZipTerm, normalizeName, type SearchCriteria, type SearchTransaction } from './search-criteria.js';
import { type LatLon, resolveArea } from './search-area.js';

/** A city suggestion: what the field gets when chosen, and what the list shows. */
export interface CitySuggestion {
  /** The name in the visitor's language (Luik on /nl, Liège on /fr): the search understands every alias. */
  readonly name: string;
  readonly zip: string;
  /** ISO code; the view names a country only for listings abroad. */
  readonly country: string;
  /** Listings the search for this transaction finds there (both transactions when none is given). */
  readonly count: number;
}

interface IndexedCity extends CityRow {
  /** Every name the city goes by, normalized (Liège, Luik, Lüttich → liege, luik, luttich). */
  readonly keys: readonly string[];
}

/** How many suggestions the autocomplete gives at most. */
export const CITY_SUGGESTIONS_LIMIT = 8;

/**
 * The cities that have listings a visitor may see, with every localized alias: resolves the locations a visitor
 * typed into what the query filters on, and answers the autocomplete. Built once per catalogue version.
 */
export class CityIndex {
  private readonly cities: readonly IndexedCity[];

  constructor(rows: readonly CityRow[]) {
    this.cities = rows.map((row) => ({
      ...row,
      keys: [...new Set([row.name, ...Object.values(row.alias)].filter((name): name is string => !!name).map(normalizeName))],
    }));
  }

  /** Zip terms as typed; names as every (zip, name) of a city that goes by that name in any language. */
  resolve(locations: readonly string[]): ResolvedLocations | null {
    if (locations.length === 0) return null;
    const zips = locations.filter(isZipTerm).map((term) => term.trim());
    const names = new Set(locations.filter((term) => !isZipTerm(term)).map(normalizeName));
    const matching = this.cities.filter((city) => city.keys.some((key) => names.has(key)));
    return { zips, cityZips: [...new Set(matching.map((city) => city.zip))], cityNames: [...new Set(matching.map((city) => city.name))] };
  }

  /**
   * The point of a place a radius is drawn around: the city (any language's name, or a zip) with the most listings
   * among those that go by it, or null when the catalogue has no such place with coordinates.
   */
  placePoint(place: string): LatLon | null {
    const key = normalizeName(place);
    const zip = isZipTerm(place) ? place.trim() : null;
    const best = this.cities
      .filter((city) => city.lat != null && city.lon != null && (zip ? city.zip === zip : city.keys.includes(key)))
      .sort((a, b) => b.count - a.count || a.zip.localeCompare(b.zip))[0];
    return best ? { lat: best.lat!, lon: best.lon! } : null;
  }

  /** The criteria with a radius around a place resolved to the place's point (left as it is when unknown). */
  withResolvedArea(criteria: SearchCriteria): SearchCriteria {
    const { area } = criteria;
    if (area?.kind !== 'near') return criteria;
    const center = this.placePoint(area.place);
    return center ? { ...criteria, area: resolveArea(area, () => center) } : criteria;
  }

  /** The places a radius can be drawn around, one per name, in `locale`'s names and order: the form's choices. */
  places(locale: Locale): Array<{ readonly value: string; readonly label: string }> {
    const byName = new Map<string, IndexedCity>();
    for (const city of this.cities) {
      if (city.lat == null || city.lon == null) continue;
      const known = byName.get(city.name);
      if (!known || known.count < city.count) byName.set(city.name, city);
    }
    return [...byName.values()]
      .map((city) => ({ value: city.name, label: city.alias[locale]?.trim() || city.name }))
      .sort((a, b) => a.label.localeCompare(b.label, locale));
  }

  /** A city's name in `locale` (Luik for Liège on /nl); the name itself when it has no alias there or is unknown. */
  localName(name: string, locale: Locale): string {
    const key = normalizeName(name);
    const city = this.cities.find((candidate) => candidate.keys.includes(key));
    return city?.alias[locale]?.trim() || city?.name || name;
  }

  /**
   * Cities whose zip starts with the digits typed, or one of whose names starts with (or, from the third letter,
   * contains a word starting with) the text typed, accents and case aside; one entry per zip and city, sorted by
   * name in the visitor's language, at most `limit`. With a transaction, the count is the listings a search to buy
   * (or to rent) finds there, as the search counts them, and a city with none for it is no suggestion.
   */
  suggest(query: string, locale: Locale, limit = CITY_SUGGESTIONS_LIMIT, transaction: SearchTransaction | null = null): CitySuggestion[] {
    const term = normalizeName(query);
    if (term === '') return [];
    const digits = /^\d+$/.test(term);
    const countOf = (city: IndexedCity) => (transaction && city.counts ? city.counts[transaction] : city.count);
    const matches = this.cities.filter(
      (city) => countOf(city) > 0 && (digits ? city.zip.startsWith(term) : city.keys.some((key) => key.startsWith(term) || (term.length >= 3 && key.includes(` ${term}`)))),
    );
    return matches
      .map((city) => ({ name: city.alias[locale]?.trim() || city.name, zip: city.zip, country: city.country, count: countOf(city) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale) || a.zip.localeCompare(b.zip))
      .slice(0, limit);
  }
}
