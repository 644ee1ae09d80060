import type { ReactElement } from 'react';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';

export interface InfoPageModel {
  readonly title: string;
  readonly description: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly noindex?: boolean;
  readonly action?: { readonly href: string; readonly label: string };
}

/** A heading and a few paragraphs: legal pages, confirmations, and screens whose tools come later. */
export function InfoPage({ ctx, model }: { ctx: PageContext; model: InfoPageModel }): ReactElement {
  return (
    <Layout ctx={ctx} title={model.title} description={model.description} noindex={model.noindex}>
      <article className="container prose">
        <h1>{model.heading}</h1>
        {model.paragraphs.map((text, index) => (
          <p key={index}>{text}</p>
        ))}
        {model.action && (
          <p>
            <a className="button" href={model.action.href}>
              {model.action.label}
            </a>
          </p>
        )}
      </article>
    </Layout>
  );
}
