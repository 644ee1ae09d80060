import type { ReactElement } from 'react';
import type { SearchFormModel, SearchResultsModel } from '../../src/search/search-page.model.js';
import { EstateCard } from '../components/estate-card.js';
import { favoriteToggleFor } from '../components/favorite-toggle.js';
import { AreaFields, PriceFields, SEARCH_RESULTS_ID, SEARCH_STATUS_ID, SubTypesField } from '../components/search-form.js';
import type { PageContext } from '../page-context.js';

const HEADING_ID = 'search-results-heading';
const FILTERS_COUNT_ID = 'search-filters-count';
/** Cards whose photo may be the largest paint: loaded eagerly. */
const EAGER_CARDS = 2;

function Pagination({ ctx, results }: { ctx: PageContext; results: SearchResultsModel }): ReactElement | null {
  if (results.pageCount <= 1) return null;
  const { t } = ctx;
  // Links work without JavaScript; with htmx they swap the results only and push the URL.
  const htmx = { 'hx-target': `#${SEARCH_RESULTS_ID}`, 'hx-swap': `outerHTML show:#${SEARCH_RESULTS_ID}:top`, 'hx-push-url': 'true' };
  return (
    <nav className="pagination" aria-label={t('search.results.pagination')}>
      <ul>
        {results.previousHref && (
          <li>
            <a href={results.previousHref} rel="prev" hx-get={results.previousHref} {...htmx}>
              {t('search.results.previous')}
            </a>
          </li>
        )}
        {results.pages.map((link, index) => (
          <li key={link.page}>
            {index > 0 && link.page - results.pages[index - 1]!.page > 1 && <span className="pagination__gap" aria-hidden="true">…</span>}
            {link.current ? (
              <a href={link.href} aria-current="page" aria-label={t('search.results.currentPage', { page: link.page })}>
                {link.page}
              </a>
            ) : (
              <a href={link.href} hx-get={link.href} aria-label={t('search.results.page', { page: link.page })} {...htmx}>
                {link.page}
              </a>
            )}
          </li>
        ))}
        {results.nextHref && (
          <li>
            <a href={results.nextHref} rel="next" hx-get={results.nextHref} {...htmx}>
              {t('search.results.next')}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The results: the same component for the whole page and for the htmx update. */
export function SearchResults({ ctx, results }: { ctx: PageContext; results: SearchResultsModel }): ReactElement {
  const { t } = ctx;
  return (
    <section id={SEARCH_RESULTS_ID} className="search-results" aria-labelledby={HEADING_ID} data-total={results.total}>
      <div className="search-results__header">
        <h2 id={HEADING_ID} className="search-results__count">
          {results.countText}
        </h2>
        {results.map && (
          <div className="results-map" data-island="results-map" data-props={JSON.stringify(results.map)}>
            <button type="button" className="button button--ghost button--small results-map__toggle" aria-expanded="false" hidden>
              {t('search.map.show')}
            </button>
          </div>
        )}
      </div>
      {results.showsUnavailable && results.total > 0 && <p className="search-results__note">{t('search.results.unavailableNote')}</p>}
      {results.cards.length > 0 && (
        <ol className="search-results__list">
          {results.cards.map((card, index) => (
            <li key={card.id}>
              <EstateCard
                card={card}
                eager={index < EAGER_CARDS}
                favorite={favoriteToggleFor(ctx, card.id)}
              />
            </li>
          ))}
        </ol>
      )}
      {results.keepInformedHref && (
        <div className="search-empty">
          <h3>{t('search.results.emptyTitle')}</h3>
          <p>{t('search.results.emptyText')}</p>
          <p>
            <a className="button" href={results.keepInformedHref}>
              {t('search.results.keepInformed')}
            </a>
          </p>
        </div>
      )}
      <Pagination ctx={ctx} results={results} />
    </section>
  );
}

/**
 * How many filters are set, on the phone's "Filters" control: a badge (its number seen, its words heard), swapped
 * out of band with each htmx search so it follows the form.
 */
export function FiltersCount({ form, oob = false }: { form: SearchFormModel; oob?: boolean }): ReactElement {
  const { count, countText } = form.toggle;
  return (
    <span id={FILTERS_COUNT_ID} className="search-filters__count" hx-swap-oob={oob ? 'true' : undefined}>
      {count > 0 && (
        <>
          <span aria-hidden="true">{count}</span>
          <span className="visually-hidden">{countText}</span>
        </>
      )}
    </span>
  );
}

/** The polite live region that tells screen-reader users how many results the new search has. */
export function SearchStatus({ text }: { text: string }): ReactElement {
  return (
    <p id={SEARCH_STATUS_ID} className="visually-hidden" role="status">
      {text}
    </p>
  );
}

/**
 * What an htmx search gets: the results, plus the form parts that depend on the criteria (sub types of the chosen
 * head types, price steps of the chosen transaction) and the count for screen readers, swapped out of band.
 */
export function SearchResultsFragment({ ctx, results, form }: { ctx: PageContext; results: SearchResultsModel; form: SearchFormModel }): ReactElement {
  return (
    <>
      <SearchResults ctx={ctx} results={results} />
      <SubTypesField ctx={ctx} form={form} oob />
      <PriceFields ctx={ctx} form={form} oob />
      <AreaFields ctx={ctx} form={form} oob />
      <FiltersCount form={form} oob />
      <p id={SEARCH_STATUS_ID} className="visually-hidden" role="status" hx-swap-oob="innerHTML">
        {results.countText}
      </p>
    </>
  );
}
