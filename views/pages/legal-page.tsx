import type { ReactElement } from 'react';
import { LegalIdentityBlock } from '../components/legal-identity-block.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';

export interface LegalSection {
  readonly id: string;
  /** A link under the section's text (the cookie settings page under "cookies"). */
  readonly link?: { readonly href: string; readonly labelKey: string };
  /** The agency's legal identity under the section's text (the controller's section). */
  readonly identity?: boolean;
}

/** The privacy statement or the terms of use: texts under `legal.<kind>.*` with the arguments the controller read from config. */
export interface LegalPageModel {
  readonly kind: 'privacy' | 'terms';
  readonly sections: readonly LegalSection[];
  readonly args: Readonly<Record<string, string | number>>;
}

/** Paragraphs split on blank lines; a paragraph whose lines all start with "- " is a list. React escapes every word. */
function Prose({ text }: { text: string }): ReactElement {
  const blocks = text.split(/\n\s*\n/);
  return (
    <>
      {blocks.map((block, index) => {
        const lines = block.split('\n');
        if (lines.every((line) => line.startsWith('- '))) {
          return (
            <ul key={index}>
              {lines.map((line, item) => (
                <li key={item}>{line.slice(2)}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{block}</p>;
      })}
    </>
  );
}

export function LegalPage({ ctx, model }: { ctx: PageContext; model: LegalPageModel }): ReactElement {
  const t = (key: string) => ctx.t(`legal.${model.kind}.${key}`, model.args);
  const tocId = `${model.kind}-toc`;
  return (
    <Layout ctx={ctx} title={t('title')} description={t('description')}>
      <article className="container prose legal-page">
        <h1>{t('heading')}</h1>
        <p className="legal-page__intro">{t('intro')}</p>
        <nav className="legal-page__toc" aria-labelledby={tocId}>
          <h2 id={tocId}>{ctx.t('legal.toc')}</h2>
          <ol>
            {model.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{t(`${section.id}.heading`)}</a>
              </li>
            ))}
          </ol>
        </nav>
        {model.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="legal-page__section">
            <h2 id={`${section.id}-heading`}>{t(`${section.id}.heading`)}</h2>
            <Prose text={t(`${section.id}.text`)} />
            {section.identity && <LegalIdentityBlock ctx={ctx} className="legal-page__identity" />}
            {section.link && (
              <p>
                <a className="button" href={section.link.href}>
                  {ctx.t(section.link.labelKey)}
                </a>
              </p>
            )}
          </section>
        ))}
        <p className="legal-page__updated">{ctx.t('legal.updated')}</p>
      </article>
    </Layout>
  );
}
