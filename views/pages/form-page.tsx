import type { ReactElement } from 'react';
import { InquiryForm, type InquiryFormProps } from '../fragments/inquiry-forms.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';

export interface FormPageModel {
  readonly title: string;
  readonly heading: string;
  readonly listingTitle: string;
  readonly backHref: string;
  readonly backLabel: string;
  readonly form: InquiryFormProps;
}

/** A form sent without JavaScript that needs corrections: shown again on its own page, with what was typed. */
export function FormPage({ ctx, model }: { ctx: PageContext; model: FormPageModel }): ReactElement {
  return (
    <Layout ctx={ctx} title={model.title} description={model.heading} noindex>
      <article className="container form-page">
        <p>
          <a href={model.backHref}>← {model.backLabel}</a>
        </p>
        <h1>{model.heading}</h1>
        <p className="form-page__listing">{model.listingTitle}</p>
        <InquiryForm {...model.form} />
      </article>
    </Layout>
  );
}
