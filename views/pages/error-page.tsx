import type { ReactElement } from 'react';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';

interface Link {
  readonly href: string;
  readonly label: string;
}

export interface ErrorPageModel {
  readonly title: string;
  readonly text: string;
  /** A page not found (404) or gone (410): a way on instead of a dead end. */
  readonly wayOn: {
    /** The search of listings like the one a listing page named, when it still says what and where. */
    readonly similar: Link | null;
    /** A GET form to the search: one field, the search page reads it as its place field. */
    readonly search: { readonly action: string; readonly title: string; readonly label: string; readonly hint: string; readonly submit: string };
    readonly shortcuts: readonly Link[];
  } | null;
  readonly home: Link;
}

/** The localized page of an error status. It never shows the URL that was asked for, nor the error. */
export function ErrorPage({ ctx, model }: { ctx: PageContext; model: ErrorPageModel }): ReactElement {
  const { wayOn } = model;
  return (
    <Layout ctx={ctx} title={model.title} description={model.text} noindex>
      <article className="container prose error-page">
        <h1>{model.title}</h1>
        <p>{model.text}</p>
        {wayOn?.similar && (
          <p>
            <a className="button" href={wayOn.similar.href}>
              {wayOn.similar.label}
            </a>
          </p>
        )}
        {wayOn && (
          <div className="error-page__search">
            <h2 id="error-search-title">{wayOn.search.title}</h2>
            <form className="error-page__form" action={wayOn.search.action} method="get" role="search" aria-labelledby="error-search-title">
              <label htmlFor="error-search-location">{wayOn.search.label}</label>
              <div className="error-page__row">
                <input id="error-search-location" name="locations" type="text" autoComplete="off" maxLength={80} aria-describedby="error-search-hint" />
                <button type="submit" className="button">
                  {wayOn.search.submit}
                </button>
              </div>
              <p className="error-page__hint" id="error-search-hint">
                {wayOn.search.hint}
              </p>
            </form>
            <ul className="error-page__shortcuts">
              {wayOn.shortcuts.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <p>
          <a className={wayOn ? undefined : 'button'} href={model.home.href}>
            {model.home.label}
          </a>
        </p>
      </article>
    </Layout>
  );
}
