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

/** An info page whose texts are `pages.<key>.{title,description,heading,text}` (text: paragraphs split on blank lines). */
export interface TextPageModel {
  readonly key: string;
  readonly args?: Readonly<Record<string, string | number>>;
  readonly noindex?: boolean;
  readonly action?: { readonly href: string; readonly labelKey: string };
}

export function TextPage({ ctx, model }: { ctx: PageContext; model: TextPageModel }): ReactElement {
  const text = (name: string) => ctx.t(`pages.${model.key}.${name}`, model.args);
  return InfoPage({
    ctx,
    model: {
      title: text('title'),
      description: text('description'),
      heading: text('heading'),
      paragraphs: text('text').split(/\n\s*\n/),
      noindex: model.noindex,
      action: model.action && { href: model.action.href, label: ctx.t(model.action.labelKey) },
    },
  });
}
