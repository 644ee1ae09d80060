import { Controller, Get, Header, Headers, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { CitySuggestionJson, ResultMarker } from '../../client/islands/search-props.js';
import { CitySuggestions } from '../../views/fragments/city-suggestions.js';
import { SearchResultsFragment } from '../../views/fragments/search-results.js';
import { SearchPage } from '../../views/pages/search-page.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { fragment, type FragmentView, page, type PageView } from '../web/view.js';
import { enumLabel } from '../estates/domain/enum-labels.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { CITY_SUGGESTIONS_LIMIT } from './city-index.js';
import { landingPageFor } from './landing-pages.js';
import { hasFilters, parseSearchQuery, toSearchQuery } from './search-criteria.js';
import { type SearchPageModel, SearchPageModels } from './search-page.model.js';
import { SearchService } from './search.service.js';

/** The longest text the autocomplete looks at. */
const CITY_QUERY_MAX = 50;

function wantsJson(accept: string | undefined): boolean {
  return !!accept && /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

/**
 * The home page is the search: a GET form whose every search has a URL. htmx gets the results fragment of the
 * same URL (the view renderer decides); the autocomplete and the map's markers are ajax endpoints.
 */
@Controller()
export class SearchController {
  constructor(
    private readonly search: SearchService,
    private readonly models: SearchPageModels,
    private readonly translations: TranslationService,
  ) {}

  @Get(routerPaths('home'))
  async home(@RequestLocale() locale: Locale, @Query() query: Record<string, unknown>): Promise<PageView<SearchPageModel>> {
    const criteria = parseSearchQuery(query);
    const [version, landingPages] = await Promise.all([this.search.version(), this.search.landingPages()]);
    // Indexed: the plain home page and the landing searches; other filters, orders and pages are noindex, follow.
    const indexable = hasFilters(criteria) ? landingPageFor(criteria, landingPages) !== undefined : criteria.page === 1 && criteria.sort === 'newest';
    return page(
      SearchPage,
      () => this.models.pageModel(criteria, locale),
      { route: 'home', paths: this.models.paths(criteria), indexable },
      { version, query: toSearchQuery(criteria), fragment: (model, ctx) => SearchResultsFragment({ ctx, results: model.results, form: model.form }) },
    );
  }

  /** The markers of the whole result set of a search (the query string of the search), for the results map. */
  @Get(routerPaths('ajaxSearchMap'))
  @Header('Cache-Control', 'public, max-age=0, must-revalidate, s-maxage=60')
  @Header('X-Robots-Tag', 'noindex')
  async markers(@Query() query: Record<string, unknown>): Promise<ResultMarker[]> {
    return this.search.markers(parseSearchQuery(query));
  }

  /**
   * City autocomplete (SPEC §7 `/ajax/search-city?q=…&transaction=…`): an htmx fragment (the listbox's options), or
   * JSON with `Accept: application/json`.
   */
  @Get(routerPaths('ajaxSearchCity'))
  async cities(
    @RequestLocale() locale: Locale,
    @Query('q') q: unknown,
    @Query('transaction') transaction: unknown,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FragmentView | CitySuggestionJson[]> {
    const t = this.translations.forLocale(locale);
    const text = typeof q === 'string' ? q.slice(0, CITY_QUERY_MAX) : '';
    // Counted as the search being made counts (to buy unless it says to rent): "Gent (9000) 3" finds 3.
    const searched = parseSearchQuery({ transaction }).transaction;
    const suggestions = (await this.search.cities()).suggest(text, locale, CITY_SUGGESTIONS_LIMIT, searched).map((city) => {
      const countryName = city.country === 'BE' ? null : enumLabel(t, 'country', city.country) || city.country;
      return {
        ...city,
        countryName,
        label: `${city.name} (${city.zip})${countryName ? `, ${countryName}` : ''}`,
        countText: t.t('search.autocomplete.listings', { count: city.count }),
      };
    });
    reply.header('X-Robots-Tag', 'noindex');
    if (wantsJson(accept)) {
      // One URL, two shapes: a shared cache keeps them apart by Accept.
      reply.header('Cache-Control', 'public, max-age=0, must-revalidate, s-maxage=60').header('Vary', 'Accept, HX-Request');
      return suggestions;
    }
    // The fragment's Vary would not name Accept: not kept by shared caches, so none answers a JSON request with it.
    return fragment(() => CitySuggestions({ suggestions, noMatches: t.t('search.autocomplete.noMatches') }), { cache: 'no-store' });
  }
}
