import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { AppConfig } from '../config/config.js';
import { cacheEntries } from '../config/memory-budget.js';
import type { Estate } from '../estates/domain/estate.js';
import { type BadgeRules, badgeRules, badgeVersion, belgianDay } from '../estates/display/price-history.js';
import { CatalogueVersionService } from '../estates/persistence/catalogue-version.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { CityIndex } from './city-index.js';
import { type LandingPage, selectLandingPages } from './landing-pages.js';
import { type SearchCriteria, toSearchQuery } from './search-criteria.js';
import { type MarkerRow, SearchIndex, type SearchVisibility } from './search-index.js';
import { type FacetRow, SearchRepository } from './search.repository.js';

/** Results per page: three rows of four on a desktop. */
export const SEARCH_PAGE_SIZE = 12;
/**
 * Recent searches' results kept in memory: a page and its htmx fragment, Back and reloads ask the same search
 * again (the render cache keeps the finished pages besides). The listings in them are the documents below.
 */
const CACHED_SEARCHES = 100;
/**
 * Listings' documents kept per catalogue version for the results' cards, as many as fit in an object cache's share
 * of the memory budget (config/memory-budget.ts; ~20 KB a document as objects): with the index in memory, a search
 * whose listings were shown before needs no query at all.
 */
const DOCUMENT_BYTES = 20 * 1024;
const CACHED_DOCUMENTS = { min: 100, max: 5_000 };

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
  /** The catalogue's search columns: what a search, its count and its markers are computed from. */
  readonly index: SearchIndex;
  /** Documents of this version's listings, read when a page first shows them (without units). */
  readonly documents: LRUCache<number, Estate>;
  /** Projects with their units a visitor may see, composed from those documents. */
  readonly projects: LRUCache<number, Estate>;
}

/**
 * The search over the cached listings, in memory: the index of every listing's search columns (search-index.ts) and
 * the documents of the listings shown are kept per catalogue version, so a search asks the database only for
 * listings no page of this version has shown yet. Results are versioned by the catalogue and the settings that decide what
 * a visitor may see, so pages get ETags (304) and the render cache keeps their HTML until a sync or a setting
 * changes them. Cities, type options and landing pages are kept per version.
 */
@Injectable()
export class SearchService {
  private views?: Promise<CatalogueViews>;
  /** Keyed by the version and the search's query: a sync or a setting change makes every key new. */
  private readonly results = new LRUCache<string, Promise<SearchOutcome>>({ max: CACHED_SEARCHES });

  constructor(
    private readonly repository: SearchRepository,
    private readonly settings: SettingsService,
    private readonly catalogue: CatalogueVersionService,
    @Inject(AppConfig) private readonly config: AppConfig,
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
      outcome = this.runSearch(criteria);
      this.results.set(key, outcome);
      // A failed search (database away) is not remembered.
      outcome.catch(() => this.results.delete(key));
    }
    return outcome;
  }

  private async runSearch(criteria: SearchCriteria): Promise<SearchOutcome> {
    const visibility = await this.visibility();
    const views = await this.catalogueViews();
    const { ids, total } = views.index.page(views.cities.withResolvedArea(criteria), views.cities.resolve(criteria.locations), visibility, SEARCH_PAGE_SIZE);
    // A project's card shows its units a visitor may see (not hidden; sold ones too, marked so).
    const hidden = new Set(visibility.hiddenStatus);
    const unitsOf = (id: number) => views.index.unitsOf(id).filter((unit) => !hidden.has(unit.status)).map((unit) => unit.id);
    const documents = await this.documents(views, [...ids, ...ids.flatMap(unitsOf)]);
    // The same objects for the same listings while the version lasts (a project with its units composed once), so
    // what is derived from a listing (its card: search-page.model.ts) can be kept beside it.
    const estates = ids.flatMap((id) => {
      const estate = documents.get(id);
      if (!estate?.isProject) return estate ?? [];
      let project = views.projects.get(id);
      if (!project) {
        project = { ...estate, children: unitsOf(id).flatMap((unit) => documents.get(unit) ?? []) };
        views.projects.set(id, project);
      }
      return project;
    });
    return { estates, total, visibility };
  }

  /** Every listing a search finds (top-level ones, in its order): the whole result set, not a page of it. */
  async matchingIds(criteria: SearchCriteria): Promise<number[]> {
    const visibility = await this.visibility();
    const { cities, index } = await this.catalogueViews();
    return index.matches(cities.withResolvedArea(criteria), cities.resolve(criteria.locations), visibility).map((listing) => listing.id);
  }

  /** The listings' documents, from this version's cache or (those not in it) in one query. */
  private async documents(views: CatalogueViews, ids: readonly number[]): Promise<Map<number, Estate>> {
    const found = new Map<number, Estate>();
    const missing: number[] = [];
    for (const id of ids) {
      const cached = views.documents.get(id);
      if (cached) found.set(id, cached);
      else missing.push(id);
    }
    for (const [id, estate] of await this.repository.documents(missing)) {
      views.documents.set(id, estate);
      found.set(id, estate);
    }
    return found;
  }

  async markers(criteria: SearchCriteria): Promise<MarkerRow[]> {
    const visibility = await this.visibility();
    const { cities, index } = await this.catalogueViews();
    return index.markers(cities.withResolvedArea(criteria), cities.resolve(criteria.locations), visibility);
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
    const [cities, facets, candidates, listings] = await Promise.all([
      this.repository.cities(visibility),
      this.repository.facets(visibility),
      this.repository.landingCandidates(visibility),
      this.repository.indexedListings(),
    ]);
    return {
      version,
      cities: new CityIndex(cities),
      facets,
      landingPages: selectLandingPages(candidates),
      index: new SearchIndex(listings),
      documents: new LRUCache({ max: cacheEntries(this.config, DOCUMENT_BYTES, CACHED_DOCUMENTS) }),
      projects: new LRUCache({ max: cacheEntries(this.config, DOCUMENT_BYTES, CACHED_DOCUMENTS) }),
    };
  }
}
