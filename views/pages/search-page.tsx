import type { ReactElement } from 'react';
import type { SearchPageModel } from '../../src/search/search-page.model.js';
import { cachedSection } from '../cached-sections.js';
import { Icon } from '../components/icon.js';
import { SearchForm } from '../components/search-form.js';
import { FiltersCount, SearchResults, SearchStatus } from '../fragments/search-results.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';

/**
 * The home page: the search form, its results (with the map on demand) and the landing searches.
 *
 * Results first on a phone: the form is folded in a `<details>` whose summary ("Filters", with how many are set)
 * sits above the count and the cards, closed as rendered, so it works without JavaScript. From 960 px the form is a
 * sidebar: the summary is hidden and the closed details' content shown (search.css, `::details-content`); where a
 * browser lacks that, the summary stays and the search form's island opens the details on a wide screen.
 *
 * Kept sections (views/cached-sections.tsx), besides each result card's: the landing searches' links (a function of
 * the catalogue and the locale), and the form of an indexed search, the home page's or a landing page's (one of a
 * few, named by its canonical address); any other search's form is rendered with it, so a visitor's own searches
 * never fill the store.
 */
export function SearchPage({ ctx, model }: { ctx: PageContext; model: SearchPageModel }): ReactElement {
  const { t } = ctx;
  const { results } = model;
  const form = () => <SearchForm ctx={ctx} form={model.form} />;
  return (
    <Layout
      ctx={ctx}
      title={model.title}
      description={model.description}
      noindex={!model.indexable}
      robots="noindex, follow"
      head={
        <>
          {results.previousHref && <link rel="prev" href={results.previousHref} />}
          {results.nextHref && <link rel="next" href={results.nextHref} />}
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: model.jsonLd }} />
        </>
      }
    >
      <div className="container search-page">
        <header className="search-page__header">
          <h1>{model.heading}</h1>
          <p className="search-page__intro">{model.intro}</p>
        </header>
        <div className="search-page__body">
          <aside className="search-page__filters" aria-label={model.form.toggle.label}>
            <details className="search-filters">
              <summary className="search-filters__toggle">
                <Icon name="sliders" />
                <span>{model.form.toggle.label}</span>
                <FiltersCount form={model.form} />
              </summary>
              {model.indexable ? cachedSection(`form ${ctx.canonicalUrl}`, form) : form()}
            </details>
          </aside>
          <div className="search-page__results">
            <SearchStatus text="" />
            <SearchResults ctx={ctx} results={results} />
          </div>
        </div>
        {model.landingLinks.length > 0 &&
          cachedSection('landing-links', () => (
            <nav className="landing-links" aria-labelledby="landing-links-heading">
              <h2 id="landing-links-heading">{t('search.landing.heading')}</h2>
              <ul>
                {model.landingLinks.map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
      </div>
    </Layout>
  );
}
