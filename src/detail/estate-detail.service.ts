import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { NotFoundError } from '../utils/errors.js';
import { AppConfig } from '../config/config.js';
import { cacheEntries } from '../config/memory-budget.js';
import { ChangeFeedService } from '../database/change-feed.service.js';
import type { Estate } from '../estates/domain/estate.js';
import { estatePath } from '../estates/domain/slug.js';
import { isListed, similarExcludedStatuses, withVisibleUnits } from '../estates/domain/visibility.js';
import { type BadgeRules, badgeRules, type ListingHistoryEvent } from '../estates/display/price-history.js';
import { CatalogueVersionService } from '../estates/persistence/catalogue-version.service.js';
import { EstateRepository } from '../estates/persistence/estate.repository.js';
import { TranslationService } from '../i18n/translation.service.js';
import { LOCALES, type Locale } from '../routing/locales.js';
import { SettingsService } from '../settings/settings.service.js';

const ID = /^[1-9]\d{0,8}$/;

/** How many similar listings the detail page shows. */
export const SIMILAR_ESTATES_SHOWN = 4;

/**
 * A listing as a visitor may reach it: a standalone listing or project, or a unit with its project.
 * Projects carry only the units a visitor may see (domain/visibility.ts), so the page, its JSON and
 * the "from" price agree.
 */
export interface FoundEstate {
  readonly estate: Estate;
  readonly project: Estate | null;
  /** Its canonical path in each locale (the slug is localized). */
  readonly paths: Readonly<Record<Locale, string>>;
  /**
   * Which listing the page is and what it is made of: its id, the content of every listing row it shows and the
   * settings that shape it. The same on every replica, so it makes the page's ETag and its render-cache key.
   */
  readonly version: string;
}

interface CachedLookup {
  readonly found: FoundEstate | null;
  /** The listings this answer was made from: a change to any of them drops it. */
  readonly ids: ReadonlySet<number>;
}

/**
 * Listings kept in memory, most recently asked first, as many as fit in the object caches' share of the memory budget:
 * ~27 KB a listing (the estate with its texts in every language, photos and details, its project's, its paths), so
 * ~1,200 at the default budget of 400 MB (32 MB), ~600 at 320, and at most 5,000 (135 MB) from a budget of ~900 MB.
 * On a catalogue larger than the cache a page that misses it reads its listing from the database (one query).
 */
const LISTING_BYTES = 27 * 1024;
const CACHED_LISTINGS = { min: 100, max: 5_000 };
/**
 * Which listings are similar to which: four ids an entry (the listings themselves are in the listing cache), ~300
 * bytes with its key (the listing's and the catalogue's versions): 5,000 (~1.5 MB) down to a budget of ~250 MB.
 */
const SIMILAR_CHOICE_BYTES = 300;
const CACHED_SIMILAR_CHOICES = { min: 100, max: 5_000 };

@Injectable()
export class EstateDetailService implements OnModuleDestroy {
  /**
   * Listings as pages need them, so a page costs no database round trip once read. A sync drops exactly the
   * listings it changed (their projects and units too), from this replica and from the others (ChangeFeedService);
   * a settings change or a lost feed drops everything.
   */
  private readonly lookups: LRUCache<number, CachedLookup>;
  private readonly unsubscribe: Array<() => void>;
  /**
   * The ids of a listing's similar listings, by the listing's version and the catalogue's: the choice weighs the
   * whole catalogue (a query that sorts it, most of a similar-estates fragment's CPU on the embedded database), so
   * it is made once per catalogue version, which every replica reaches after a sync. Ids, not listings: the
   * listings come from `lookups`, where a sync drops exactly the ones it changed.
   */
  private readonly similarChoices: LRUCache<string, readonly number[]>;
  /** Counts changes, so a read that overlapped one is not cached. */
  private generation = 0;

  constructor(
    private readonly estates: EstateRepository,
    private readonly settings: SettingsService,
    private readonly translations: TranslationService,
    private readonly catalogue: CatalogueVersionService,
    @Inject(AppConfig) private readonly config: AppConfig,
    changes: ChangeFeedService,
  ) {
    this.lookups = new LRUCache<number, CachedLookup>({ max: cacheEntries(config, LISTING_BYTES, CACHED_LISTINGS) });
    this.similarChoices = new LRUCache<string, readonly number[]>({ max: cacheEntries(config, SIMILAR_CHOICE_BYTES, CACHED_SIMILAR_CHOICES) });
    const dropAll = () => {
      this.generation++;
      this.lookups.clear();
    };
    this.unsubscribe = [
      changes.subscribe('estates', ({ ids }) => this.drop(ids)),
      changes.subscribe('settings', dropAll),
      changes.onResync(dropAll),
    ];
  }

  onModuleDestroy(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }

  /** null for an unknown id, a hidden status (settings.hiddenStatus), or a unit of a hidden project. */
  async find(id: number): Promise<FoundEstate | null> {
    const cached = this.lookups.get(id);
    if (cached) return cached.found;
    const started = this.generation;
    const settings = await this.settings.current();
    const family = await this.estates.findFamily(id);
    const lookup = this.resolve(family, settings);
    // A change that arrived while this read ran may have come after the row was read: not kept, then.
    if (this.generation === started) this.lookups.set(id, lookup);
    return lookup.found;
  }

  /** The listing at an id from a URL; anything else (malformed, unknown, hidden) is the localized 404. */
  async findOrThrow(id: string): Promise<FoundEstate> {
    const found = ID.test(id) ? await this.find(Number(id)) : null;
    if (!found) throw new NotFoundError();
    return found;
  }

  async hiddenTabs(): Promise<readonly string[]> {
    return (await this.settings.current()).hiddenTabs;
  }

  /**
   * The listing's recorded changes, newest first. Every event comes with a sync that changed the listing's row in the
   * same transaction (listing-events.ts records only changed rows), so the listing's version changes with its history.
   */
  history(found: FoundEstate): Promise<ListingHistoryEvent[]> {
    return this.estates.findListingEvents(found.estate.id);
  }

  /** What the cards' badges depend on: the badge settings and today's date in Belgium. */
  async badgeRules(now = new Date()): Promise<BadgeRules> {
    return badgeRules(await this.settings.current(), now);
  }

  /** Similar listings the visitor may see (see EstateRepository.findSimilar for "similar"), nearest first. */
  async similar(found: FoundEstate): Promise<Estate[]> {
    const { hiddenStatus } = await this.settings.current();
    // The listing's version names the settings too (hiddenStatus decides which listings qualify).
    const key = `${found.version}\u0000${this.catalogue.current}`;
    const chosen = this.similarChoices.get(key);
    if (!chosen) {
      const estates = await this.estates.findSimilar(found.estate, hiddenStatus, SIMILAR_ESTATES_SHOWN);
      this.similarChoices.set(key, estates.map((estate) => estate.id));
      return estates;
    }
    const excluded = similarExcludedStatuses(hiddenStatus);
    const listings = await Promise.all(chosen.map((id) => this.find(id)));
    // A listing a sync just hid or sold, before the catalogue's new version is known: left out, as the query would.
    return listings.filter((listing): listing is FoundEstate => listing !== null && !excluded.includes(listing.estate.transaction.status)).map((listing) => listing.estate);
  }

  private resolve(
    family: Awaited<ReturnType<EstateRepository['findFamily']>>,
    { hiddenStatus, hiddenTabs }: { hiddenStatus: readonly string[]; hiddenTabs: readonly string[] },
  ): CachedLookup {
    if (!family) return { found: null, ids: new Set() };
    const ids = new Set<number>([family.estate.id, ...family.estate.children.map((unit) => unit.id)]);
    if (family.project) [family.project.id, ...family.project.children.map((unit) => unit.id)].forEach((unitId) => ids.add(unitId));
    if (!isListed(family.estate, hiddenStatus)) return { found: null, ids };
    const estate = withVisibleUnits(family.estate, hiddenStatus);
    let project: Estate | null = null;
    if (estate.parentId !== null) {
      if (!family.project || !isListed(family.project, hiddenStatus)) return { found: null, ids };
      project = withVisibleUnits(family.project, hiddenStatus);
    }
    const paths = Object.fromEntries(
      LOCALES.map((locale) => [locale, estatePath(estate, this.translations.forLocale(locale), project ?? undefined)]),
    ) as Record<Locale, string>;
    // The listing's own id first: a project and its units are made of the same rows (so a change to any of them
    // changes all their versions) but each is its own page, page model and render-cache entry.
    const version = createHash('sha1')
      .update(JSON.stringify([estate.id, [...family.contentHashes].sort(), hiddenStatus, hiddenTabs]))
      .digest('base64url');
    return { found: { estate, project, paths, version }, ids };
  }

  private drop(changed: readonly number[]): void {
    this.generation++;
    const ids = new Set(changed);
    for (const [key, lookup] of this.lookups.entries()) {
      if (ids.has(key) || [...lookup.ids].some((id) => ids.has(id))) this.lookups.delete(key);
    }
  }

  absoluteUrl(path: string): string {
    return new URL(path, this.config.PUBLIC_BASE_URL).toString();
  }
}
