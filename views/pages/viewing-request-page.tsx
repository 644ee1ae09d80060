import type { ReactElement } from 'react';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';
import { ViewingRequestForm, type ViewingFormProps, ViewingRequestThanks } from './estate-detail/viewing-request.js';

export interface ViewingRequestPageModel {
  readonly title: string;
  readonly intro: string;
  readonly listing: {
    readonly title: string;
    readonly typeLabel: string;
    readonly address: string;
    readonly priceText: string;
    readonly url: string;
    readonly backText: string;
  };
  readonly form: ViewingFormProps;
  /** After a request without JavaScript (Post/Redirect/Get): the thanks instead of the form. */
  readonly thanks: string | null;
}

/** A listing's viewing request on a page of its own: what the detail page links to without JavaScript. */
export function ViewingRequestPage({ ctx, model }: { ctx: PageContext; model: ViewingRequestPageModel }): ReactElement {
  const { listing } = model;
  return (
    <Layout ctx={ctx} title={model.title} description={model.intro} noindex>
      <div className="container viewing-page">
        <p className="viewing-page__back">
          <a href={listing.url}>{listing.backText}</a>
        </p>
        <h1>{model.title}</h1>
        <div className="viewing-page__listing">
          <p className="viewing-page__listing-title">
            <a href={listing.url}>{listing.title}</a>
          </p>
          <p>
            {listing.typeLabel} · {listing.address}
          </p>
          {listing.priceText && <p className="viewing-page__price">{listing.priceText}</p>}
        </div>
        <section className="viewing-request viewing-request--page" aria-labelledby="viewing-form-title">
          <h2 id="viewing-form-title" className="visually-hidden">
            {model.title}
          </h2>
          <p>{model.intro}</p>
          {model.thanks ? <ViewingRequestThanks text={model.thanks} backText={listing.backText} backUrl={listing.url} /> : <ViewingRequestForm {...model.form} />}
        </section>
      </div>
    </Layout>
  );
}
