import type { ReactElement } from 'react';
import { ContactForm, type ContactFormModel, ContactThanks } from '../fragments/contact-form.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';

export interface ContactPageModel {
  readonly form: ContactFormModel;
  /** Back after a post without JavaScript: thank instead of showing the form. */
  readonly sent: boolean;
}

/** The agency's address and the contact form. */
export function ContactPage({ ctx, model }: { ctx: PageContext; model: ContactPageModel }): ReactElement {
  const { t, site } = ctx;
  return (
    <Layout
      ctx={ctx}
      title={t('flows.contact.title')}
      description={t('flows.contact.description')}
    >
      <div className="container flow-page">
        <h1>{t('flows.contact.heading')}</h1>
        <p>{t('flows.contact.intro', { name: site.name })}</p>
        <p>
          <a href={`mailto:${site.email}`}>{site.email}</a> · <a href={site.phoneHref}>{site.phone}</a>
        </p>
        {model.sent ? <ContactThanks ctx={ctx} /> : <ContactForm ctx={ctx} model={model.form} />}
      </div>
    </Layout>
  );
}
