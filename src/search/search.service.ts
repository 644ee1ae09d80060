import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import type { Estate } from '../estates/domain/estate.js';
import { type BadgeRules, badgeRules, badgeVersion, belgianDay } from '../estates/display/price-history.js';
import { CatalogueVersionService } from '../estates/persistence/catalogue-version.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { CityIndex } from './city-index.js';
import { type LandingPage, selectLandingPages } from './landing-pages.js';
import { type SearchCriteria, toSearchQuery } from './search-criteria.js';
import { type FacetRow, type MarkerRow, SearchRepository, type SearchVisibility } from './search.repository.js';

/** Results per page: three rows of four on a desktop. */
export const SEARCH_PAGE_SIZE = 12;
/**
 * Recent searches' results kept in memory: a page and its htmx fragment, Back and reloads ask the same search
 * again (the render cache keeps the finished pages besides). Each holds a page of whole listings (~100 KB), so
 * this is what bounds the search's memory when every request is a new search.
 */
const CACHED_SEARCHES = 100;
/** Counts are numbers: many more of them fit. */
const CACHED_COUNTS = 1_000;

export interface SearchOutcome {
  readonly estates: Estate[];
  readonly total: number;
  readonly visibility: SearchVisibility;
}

/** What depends on the catalogue and the settings only, computed once per version. */
interface CatalogueViews {
  readonly version: string;
  readonly cities: CityIndex;
  readonly facets: readonly FacetRow[];
  readonly landingPages: readonly LandingPage[];
}

/**
 * The search over the cached listings. Results are versioned by the catalogue and the settings that decide what
 * a visitor may see, so pages get ETags (304) and the render cache keeps their HTML until a sync or a setting
 * changes them. Cities, type options and landing pages are kept per version.
 */
@Injectable()
export class SearchService {
  private views?: Promise<CatalogueViews>;
  /** Keyed by the version and the search's query: a sync or a setting change makes every key new. */
  private readonly results = new LRUCache<string, Promise<SearchOutcome>>({ max: CACHED_SEARCHES });
  /** How many listings a search finds, whatever its order and page (paging and sorting ask it again). */
  private readonly counts = new LRUCache<string, Promise<number>>({ max: CACHED_COUNTS });

  constructor(
    private readonly repository: SearchRepository,
    private readonly settings: SettingsService,
    private readonly catalogue: CatalogueVersionService,
  ) {}

  async visibility(): Promise<SearchVisibility> {
    const { hiddenStatus, showUnavailable } = await this.settings.current();
    return { hiddenStatus, showUnavailable };
  }

  /** What the cards' badges depend on: the badge settings and today's date in Belgium. */
  async badgeRules(now = new Date()): Promise<BadgeRules> {
    return badgeRules(await this.settings.current(), now);
  }

  /**
   * The version of everything a search page shows: the catalogue, the visibility settings, the cards' badges (their
   * settings and, while a badge is on, the Belgian day: a badge that ends at midnight leaves no cached page behind)
   * and the Belgian day itself, which "new since N days" counts from (search-criteria.ts listedSince).
   */
  async version(): Promise<string> {
    const [visibility, badges] = await Promise.all([this.visibility(), this.badgeRules()]);
    return createHash('sha1')
      .update(JSON.stringify([this.catalogue.current, [...visibility.hiddenStatus].sort(), visibility.showUnavailable, badgeVersion(badges), belgianDay(new Date())]))
      .digest('base64url')
      .slice(0, 22);
  }

  async search(criteria: SearchCriteria): Promise<SearchOutcome> {
    const version = await this.version();
    const key = `${version}?${toSearchQuery(criteria)}`;
    let outcome = this.results.get(key);
    if (!outcome) {
      outcome = this.runSearch(criteria, `${version}?${toSearchQuery(criteria, { page: false, sort: false })}`);
      this.results.set(key, outcome);
      // A failed search (database away) is not remembered.
      outcome.catch(() => this.results.delete(key));
    }
    return outcome;
  }

  private async runSearch(criteria: SearchCriteria, countKey: string): Promise<SearchOutcome> {
    const visibility = await this.visibility();
    const { cities } = await this.catalogueViews();
    const locations = cities.resolve(criteria.locations);
    const resolved = cities.withResolvedArea(criteria);
    const count = () => {
      let total = this.counts.get(countKey);
      if (!total) {
        total = this.repository.count(resolved, locations, visibility);
        this.counts.set(countKey, total);
        total.catch(() => this.counts.delete(countKey));
      }
      return total;
    };
    const page = await this.repository.page(resolved, locations, visibility, SEARCH_PAGE_SIZE, count);
    return { ...page, visibility };
  }

  async markers(criteria: SearchCriteria): Promise<MarkerRow[]> {
    const visibility = await this.visibility();
    const { cities } = await this.catalogueViews();
    return this.repository.markers(cities.withResolvedArea(criteria), cities.resolve(criteria.locations), visibility);
  }

  async cities(): Promise<CityIndex> {
    return (await this.catalogueViews()).cities;
  }

  async facets(): Promise<readonly FacetRow[]> {
    return (await this.catalogueViews()).facets;
  }

  /** The indexable searches ("houses for sale in Gent"): linked from the home page, listed in the sitemap. */
  async landingPages(): Promise<readonly LandingPage[]> {
    return (await this.catalogueViews()).landingPages;
  }

  private async catalogueViews(): Promise<CatalogueViews> {
    const version = await this.version();
    const cached = this.views ? await this.views.catch(() => undefined) : undefined;
    if (cached?.version === version) return cached;
    const loading = this.loadViews(version);
    this.views = loading;
    return loading;
  }

  private async loadViews(version: string): Promise<CatalogueViews> {
    const visibility = await this.visibility();
    const [cities, facets, candidates] = await Promise.all([
      this.repository.cities(visibility),
      this.repository.facets(visibility),
      this.repository.landingCandidates(visibility),
    ]);
    return { version, cities: new CityIndex(cities), facets, landingPages: selectLandingPages(candidates) };
  }
}
