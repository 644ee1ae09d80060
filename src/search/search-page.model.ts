import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { CityComboboxProps, ResultsMapProps } from '../../client/islands/search-props.js';
import { AppConfig } from '../config/config.js';
import { enumLabel, subTypeLabel } from '../estates/domain/enum-labels.js';
import { type Estate, HEAD_TYPES, STATUSES } from '../estates/domain/estate.js';
import { formatArea, formatNumber } from '../estates/domain/format.js';
import { EPC_LABELS } from '../estates/domain/listing-features.js';
import { type EstateCard, listingCard } from '../estates/display/estate-card.js';
import { type BadgeRules, badgeVersion } from '../estates/display/price-history.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Translator } from '../i18n/translator.js';
import { LOCALES, type Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { jsonForScript } from '../seo/structured-data.js';
import { type LandingPage, landingPageFor } from './landing-pages.js';
import { hasFeatureFilters, hasFilters, normalizeName, type SearchCriteria, toSearchQuery } from './search-criteria.js';
import { AREA_RADII_KM, areaParams, DEFAULT_RADIUS_KM } from './search-area.js';
import { describeArea } from './search-area-text.js';
import { FACADES, NEW_SINCE_DAYS, SORT_ORDERS } from './search-criteria.dto.js';
import { SEARCH_PAGE_SIZE, SearchService } from './search.service.js';
import { searchTitle } from './search-title.js';
import { activeFilterCount } from './active-filters.js';

export interface Choice {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

/** Search by area in the form: the radius control, or the area drawn on the map with a way to remove it. */
export interface AreaFormModel {
  readonly radii: readonly Choice[];
  /** The catalogue's places, after an empty "any place" choice. */
  readonly places: readonly Choice[];
  /** An area drawn on the map (or a radius around a point): its words, its hidden fields and the search without it. */
  readonly drawn: { readonly text: string; readonly fields: ReadonlyArray<readonly [string, string]>; readonly removeHref: string } | null;
}

export interface SearchFormModel {
  readonly action: string;
  readonly transactions: readonly Choice[];
  readonly headTypes: readonly Choice[];
  /** Sub types of the chosen head types only (empty until a head type is chosen). */
  readonly subTypes: readonly Choice[];
  readonly locationsText: string;
  readonly priceMin: readonly Choice[];
  readonly priceMax: readonly Choice[];
  readonly bedrooms: readonly Choice[];
  readonly reference: string;
  /** What the listing has (issue 38): minimum areas, EPC label, facades, how recent, and yes/no features. */
  readonly livingAreaMin: readonly Choice[];
  readonly plotAreaMin: readonly Choice[];
  readonly epc: readonly Choice[];
  readonly facadesMin: readonly Choice[];
  readonly newSince: readonly Choice[];
  /** Checkboxes, each its own query field (`garden=1`). */
  readonly features: ReadonlyArray<{ readonly name: FeatureName; readonly label: string; readonly checked: boolean }>;
  /** The secondary filters (price, bedrooms, reference, what the listing has) start folded unless one of them is set. */
  readonly moreOpen: boolean;
  readonly sorts: readonly Choice[];
  readonly resetHref: string;
  readonly combobox: CityComboboxProps;
  readonly area: AreaFormModel;
  /** The phone's control that folds the form away: "Filters", with how many are set (0: none shown). */
  readonly toggle: { readonly label: string; readonly count: number; readonly countText: string };
}

export interface PageLink {
  readonly page: number;
  readonly href: string;
  readonly current: boolean;
}

export interface SearchResultsModel {
  readonly cards: readonly EstateCard[];
  readonly total: number;
  readonly countText: string;
  readonly page: number;
  readonly pageCount: number;
  readonly pages: readonly PageLink[];
  readonly previousHref: string | null;
  readonly nextHref: string | null;
  /** Set when nothing matched: where to be kept informed of exactly this search. */
  readonly keepInformedHref: string | null;
  /** Sold and rented listings are shown (last). */
  readonly showsUnavailable: boolean;
  readonly map: ResultsMapProps | null;
}

export interface SearchPageModel {
  readonly title: string;
  readonly description: string;
  readonly heading: string;
  readonly intro: string;
  /** Only the home page and the landing pages are indexed; other searches are `noindex, follow`. */
  readonly indexable: boolean;
  readonly jsonLd: string;
  readonly form: SearchFormModel;
  readonly results: SearchResultsModel;
  readonly landingLinks: ReadonlyArray<{ readonly href: string; readonly label: string }>;
}

/** Price steps of the range selects: sales and rents differ by three orders of magnitude. */
export const SALE_PRICES = [100_000, 150_000, 200_000, 250_000, 300_000, 350_000, 400_000, 500_000, 600_000, 750_000, 1_000_000, 1_500_000];
export const RENT_PRICES = [500, 600, 750, 900, 1_000, 1_250, 1_500, 2_000, 2_500, 3_000];
const BEDROOMS = [1, 2, 3, 4, 5];
/** Steps of the minimum areas, in m². */
export const LIVING_AREAS = [50, 75, 100, 125, 150, 200, 250, 300];
export const PLOT_AREAS = [100, 250, 500, 750, 1_000, 2_000, 5_000];
/** The yes/no filters, in the form's order. */
export const FEATURE_NAMES = ['garden', 'terrace', 'parking', 'newBuild'] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
/** The sort control's texts ("recently reduced" with the price history's texts). */
const SORT_LABELS: Readonly<Record<(typeof SORT_ORDERS)[number], string>> = {
  newest: 'search.sort.newest',
  'price-asc': 'search.sort.price-asc',
  'price-desc': 'search.sort.price-desc',
  'price-per-m2': 'search.sort.price-per-m2',
  'area-desc': 'search.sort.area-desc',
  distance: 'search.sort.distance',
  reduced: 'history.sort.reduced',
};
/** Page links around the current page (and always the first and last). */
const PAGE_LINKS_AROUND = 2;
/** Search page models kept (a few KB each: the cards are shared with the listings'), like the searches' results. */
const BUILT_MODELS = 100;

function priceChoices(criteria: SearchCriteria, selected: number | null, emptyLabel: string): Choice[] {
  const steps = criteria.transaction === 'rent' ? RENT_PRICES : SALE_PRICES;
  const values = selected !== null && !steps.includes(selected) ? [...steps, selected].sort((a, b) => a - b) : steps;
  return [
    { value: '', label: emptyLabel, selected: selected === null },
    ...values.map((value) => ({ value: String(value), label: `€ ${formatNumber(value)}`, selected: value === selected })),
  ];
}

/** A minimum's select: "no minimum", then the steps (and a value typed in a URL that is no step). */
function minimumChoices(steps: readonly number[], selected: number | null, emptyLabel: string, label: (value: number) => string): Choice[] {
  const values = selected !== null && !steps.includes(selected) ? [...steps, selected].sort((a, b) => a - b) : steps;
  return [{ value: '', label: emptyLabel, selected: selected === null }, ...values.map((value) => ({ value: String(value), label: label(value), selected: value === selected }))];
}

/** Whether the folded filters hold anything (they then start open). */
function moreFiltersSet(criteria: SearchCriteria): boolean {
  return (
    criteria.priceMin !== null ||
    criteria.priceMax !== null ||
    criteria.bedroomsMin !== null ||
    criteria.reference !== null ||
    hasFeatureFilters(criteria) ||
    criteria.newSince !== null
  );
}

function pageNumbers(page: number, pageCount: number): number[] {
  const pages = new Set<number>([1, pageCount]);
  for (let n = page - PAGE_LINKS_AROUND; n <= page + PAGE_LINKS_AROUND; n++) if (n >= 1 && n <= pageCount) pages.add(n);
  return [...pages].sort((a, b) => a - b);
}

/** `/nl` or `/nl?transaction=buy…` */
export function searchHref(locale: Locale, query: string): string {
  return query ? `${urlFor('home', locale)}?${query}` : urlFor('home', locale);
}

/** The search page and its results fragment, decided and formatted; views only lay them out. */
@Injectable()
export class SearchPageModels {
  /**
   * A search page's model is a pure function of the search, the locale and the version of what a search shows
   * (catalogue and visibility settings), like the detail page's of its listing's version: built once per version,
   * so a page the render cache no longer holds is only rendered again.
   */
  private readonly built = new LRUCache<string, Promise<SearchPageModel>>({ max: BUILT_MODELS });
  /**
   * Each listing's card by locale and badge version, kept as long as the listing object is (search.service.ts hands
   * out the same object for a listing while the catalogue version lasts): a new search showing listings shown
   * before builds no card again.
   */
  private readonly cards = new WeakMap<Estate, Map<string, EstateCard>>();

  constructor(
    private readonly search: SearchService,
    private readonly translations: TranslationService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Each locale's URL of this search (the query is the same in every language). */
  paths(criteria: SearchCriteria): Record<Locale, string> {
    const query = toSearchQuery(criteria);
    return Object.fromEntries(LOCALES.map((locale) => [locale, searchHref(locale, query)])) as Record<Locale, string>;
  }

  async pageModel(criteria: SearchCriteria, locale: Locale): Promise<SearchPageModel> {
    const key = `${await this.search.version()}\u0000${locale}\u0000${toSearchQuery(criteria)}`;
    let model = this.built.get(key);
    if (!model) {
      model = this.buildPageModel(criteria, locale);
      this.built.set(key, model);
      // A failed build (database away) is not remembered.
      model.catch(() => this.built.delete(key));
    }
    return model;
  }

  private async buildPageModel(criteria: SearchCriteria, locale: Locale): Promise<SearchPageModel> {
    const t = this.translations.forLocale(locale);
    const [results, form, landingPages, cities] = await Promise.all([
      this.results(criteria, locale),
      this.form(criteria, locale),
      this.search.landingPages(),
      this.search.cities(),
    ]);
    const landing = landingPageFor(criteria, landingPages);
    const landingTitle = (page: LandingPage) => t.t(`search.landing.${page.headType}-${page.transaction}`, { city: cities.localName(page.city, locale) });
    // A filtered search says what it is (title and h1); only the plain home page keeps the site's own.
    const named = landing ? landingTitle(landing) : hasFilters(criteria) ? searchTitle(criteria, t, (place) => cities.localName(place, locale)) : null;
    const baseTitle = named ?? t.t('search.metaTitle');
    const title = criteria.page > 1 ? t.t('search.pageTitle', { title: baseTitle, page: criteria.page }) : baseTitle;
    return {
      title,
      description: named ? t.t('search.landing.description', { title: baseTitle }) : t.t('search.metaDescription'),
      heading: named ?? t.t('search.heading'),
      intro: t.t('search.intro'),
      indexable: !hasFilters(criteria) ? criteria.page === 1 && criteria.sort === 'newest' : landing !== undefined,
      jsonLd: this.itemList(results.cards, title),
      form,
      results,
      landingLinks: landingPages.map((page) => ({ href: searchHref(locale, page.query), label: landingTitle(page) })),
    };
  }

  private card(estate: Estate, t: Translator, badges: BadgeRules): EstateCard {
    let byLocale = this.cards.get(estate);
    if (!byLocale) {
      byLocale = new Map();
      this.cards.set(estate, byLocale);
    }
    const key = `${t.locale}\u0000${badgeVersion(badges)}`;
    let card = byLocale.get(key);
    if (!card) {
      card = listingCard(estate, t, badges);
      byLocale.set(key, card);
    }
    return card;
  }

  async results(criteria: SearchCriteria, locale: Locale): Promise<SearchResultsModel> {
    const t = this.translations.forLocale(locale);
    const [{ estates, total, visibility }, badges] = await Promise.all([this.search.search(criteria), this.search.badgeRules()]);
    const pageCount = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
    const page = criteria.page;
    const hrefOf = (n: number) => searchHref(locale, toSearchQuery({ ...criteria, page: n }));
    const query = toSearchQuery(criteria, { page: false });
    const saved = toSearchQuery(criteria, { page: false, sort: false });
    return {
      cards: estates.map((estate) => this.card(estate, t, badges)),
      total,
      countText: t.t('search.results.count', { count: total }),
      page,
      pageCount,
      pages: total === 0 ? [] : pageNumbers(page, pageCount).map((n) => ({ page: n, href: hrefOf(n), current: n === page })),
      previousHref: page > 1 && page <= pageCount ? hrefOf(page - 1) : null,
      nextHref: page < pageCount ? hrefOf(page + 1) : null,
      keepInformedHref: total === 0 ? (saved ? `${urlFor('subscribe', locale)}?${saved}` : urlFor('subscribe', locale)) : null,
      showsUnavailable: visibility.showUnavailable,
      map:
        total === 0 && !criteria.area
          ? null
          : {
              markersUrl: query ? `${urlFor('ajaxSearchMap', locale)}?${query}` : urlFor('ajaxSearchMap', locale),
              estateUrl: urlFor('ajaxEstate', locale, { estateId: '<estateId>' }).replace('%3CestateId%3E', '<estateId>'),
              tileUrl: this.config.MAP_TILE_URL,
              attribution: this.config.MAP_TILE_ATTRIBUTION,
              label: t.t('search.map.label'),
              zoomInTitle: t.t('detail.map.zoomIn'),
              zoomOutTitle: t.t('detail.map.zoomOut'),
              hideText: t.t('search.map.hide'),
              openText: t.t('search.map.open'),
              area: await this.areaShape(criteria),
              draw: {
                formId: 'search-form',
                drawText: t.t('area.map.draw'),
                finishText: t.t('area.map.finish'),
                cancelText: t.t('area.map.cancel'),
                undoText: t.t('area.map.undo'),
                hintText: t.t('area.map.drawHint'),
                countTexts: { one: t.t('area.map.drawing', { count: 1 }), other: t.t('area.map.drawing', { count: '{count}' }) },
              },
              markerTexts: {
                types: Object.fromEntries(HEAD_TYPES.map((type) => [type, enumLabel(t, 'headType', type)])),
                statuses: Object.fromEntries(STATUSES.map((status) => [status, enumLabel(t, 'status', status)])),
                // A cluster holds two or more: the plural form, its count filled in by the island.
                cluster: t.t('area.map.cluster', { count: '{count}' }),
              },
            },
    };
  }

  /** The area with coordinates, for the map to show (a radius around a place as a circle around its point). */
  private async areaShape(criteria: SearchCriteria): Promise<ResultsMapProps['area']> {
    if (!criteria.area) return null;
    const area = (await this.search.cities()).withResolvedArea(criteria).area;
    if (!area || area.kind === 'near') return null;
    return area.kind === 'circle' ? { kind: 'circle', lat: area.center.lat, lon: area.center.lon, radiusKm: area.radiusKm } : { kind: 'polygon', points: area.points.map((point) => [point.lat, point.lon] as const) };
  }

  private async areaForm(criteria: SearchCriteria, locale: Locale): Promise<AreaFormModel> {
    const t = this.translations.forLocale(locale);
    const { area } = criteria;
    const cities = await this.search.cities();
    const near = area?.kind === 'near' ? area : null;
    const radius = near?.radiusKm ?? DEFAULT_RADIUS_KM;
    const radii = (AREA_RADII_KM as readonly number[]).includes(radius) ? [...AREA_RADII_KM] : [...AREA_RADII_KM, radius].sort((a, b) => a - b);
    const places = cities.places(locale);
    const nearKey = near ? normalizeName(near.place) : null;
    const chosen = nearKey ? places.find((place) => normalizeName(place.value) === nearKey || cities.localName(place.value, locale) === cities.localName(near!.place, locale)) : undefined;
    const placeChoices = near && !chosen ? [...places, { value: near.place, label: near.place }] : places;
    return {
      radii: radii.map((value) => ({ value: String(value), label: `${formatNumber(value)} km`, selected: value === radius })),
      places: [
        { value: '', label: t.t('area.form.anyPlace'), selected: !near },
        ...placeChoices.map((place) => ({ ...place, selected: !!near && (place === chosen || (!chosen && place.value === near.place)) })),
      ],
      drawn:
        area && area.kind !== 'near'
          ? { text: describeArea(area, t), fields: areaParams(area), removeHref: searchHref(locale, toSearchQuery({ ...criteria, area: null }, { page: false })) }
          : null,
    };
  }

  async form(criteria: SearchCriteria, locale: Locale): Promise<SearchFormModel> {
    const t = this.translations.forLocale(locale);
    const facets = await this.search.facets();
    const offered = facets.filter((facet) => criteria.transaction === null || facet.forRent === (criteria.transaction === 'rent'));
    const headTypes = HEAD_TYPES.filter((type) => offered.some((facet) => facet.headType === type) || criteria.headTypes.includes(type));
    const subTypes = [
      ...new Map(
        offered
          .filter((facet) => facet.subType !== null && criteria.headTypes.includes(facet.headType as never))
          .map((facet) => [facet.subType!, subTypeLabel(t, facet.headType, facet.subType) || facet.subType!] as const),
      ),
    ].sort((a, b) => a[1].localeCompare(b[1], locale));
    const area = await this.areaForm(criteria, locale);
    const filterCount = activeFilterCount(criteria);
    return {
      area,
      toggle: { label: t.t('search.filters.toggle'), count: filterCount, countText: t.t('search.filters.active', { count: filterCount }) },
      action: urlFor('home', locale),
      transactions: [
        { value: 'buy', label: t.t('search.form.buy'), selected: criteria.transaction === 'buy' },
        { value: 'rent', label: t.t('search.form.rent'), selected: criteria.transaction === 'rent' },
      ],
      headTypes: headTypes.map((type) => ({ value: type, label: enumLabel(t, 'headType', type), selected: criteria.headTypes.includes(type) })),
      subTypes: subTypes.map(([value, label]) => ({ value, label, selected: criteria.subTypes.includes(value) })),
      locationsText: criteria.locations.join(', '),
      priceMin: priceChoices(criteria, criteria.priceMin, t.t('search.form.noMin')),
      priceMax: priceChoices(criteria, criteria.priceMax, t.t('search.form.noMax')),
      bedrooms: [
        { value: '', label: t.t('search.form.bedroomsAny'), selected: criteria.bedroomsMin === null },
        ...BEDROOMS.map((n) => ({ value: String(n), label: `${n}+`, selected: criteria.bedroomsMin === n })),
      ],
      reference: criteria.reference ?? '',
      livingAreaMin: minimumChoices(LIVING_AREAS, criteria.livingAreaMin, t.t('search.form.areaAny'), (value) => t.t('search.form.areaAtLeast', { area: formatArea(value) })),
      plotAreaMin: minimumChoices(PLOT_AREAS, criteria.plotAreaMin, t.t('search.form.areaAny'), (value) => t.t('search.form.areaAtLeast', { area: formatArea(value) })),
      epc: [
        { value: '', label: t.t('search.form.epcAny'), selected: criteria.epc === null },
        // "G or better" is every label: no choice.
        ...EPC_LABELS.filter((label) => label !== 'G').map((label) => ({ value: label, label: t.t('search.form.epcAtLeast', { label }), selected: criteria.epc === label })),
      ],
      facadesMin: [
        { value: '', label: t.t('search.form.facadesAny'), selected: criteria.facadesMin === null },
        ...FACADES.map((count) => ({ value: String(count), label: t.t(`search.form.facades.${count}`), selected: criteria.facadesMin === count })),
      ],
      newSince: [
        { value: '', label: t.t('search.form.newSinceAny'), selected: criteria.newSince === null },
        ...NEW_SINCE_DAYS.map((days) => ({ value: String(days), label: t.t(`search.form.newSinceDays.${days}`), selected: criteria.newSince === days })),
      ],
      features: FEATURE_NAMES.map((name) => ({ name, label: t.t(`search.form.features.${name}`), checked: criteria[name] })),
      moreOpen: moreFiltersSet(criteria),
      // "Nearest first" needs a centre: offered with a radius (around a place or a point), or when the URL asks it.
      sorts: SORT_ORDERS.filter((sort) => sort !== 'distance' || criteria.sort === 'distance' || criteria.area?.kind === 'near' || criteria.area?.kind === 'circle').map((sort) => ({
        value: sort,
        label: t.t(SORT_LABELS[sort]),
        selected: criteria.sort === sort,
      })),
      resetHref: urlFor('home', locale),
      combobox: {
        url: urlFor('ajaxSearchCity', locale),
        listLabel: t.t('search.autocomplete.listLabel'),
        noMatches: t.t('search.autocomplete.noMatches'),
        countTexts: {
          zero: t.t('search.autocomplete.suggestions', { count: 0 }),
          one: t.t('search.autocomplete.suggestions', { count: 1 }),
          other: t.t('search.autocomplete.suggestions', { count: '{count}' }),
        },
      },
    };
  }

  /** ItemList JSON-LD of the results on the page (their canonical URLs). */
  private itemList(cards: readonly EstateCard[], name: string): string {
    return jsonForScript({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name,
      numberOfItems: cards.length,
      itemListElement: cards.map((card, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: new URL(card.path, this.config.PUBLIC_BASE_URL).toString(),
        name: card.title,
      })),
    });
  }
}
