import type { ReactElement } from 'react';
import { Alert } from '../components/alert.js';
import { Icon } from '../components/icon.js';
import { SubscriptionForm, type SubscriptionFormProps } from '../fragments/subscription-form.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';

export type SubscriptionFormModel = Omit<SubscriptionFormProps, 'ctx'>;

export interface SubscribePageModel {
  readonly form: SubscriptionFormModel;
}

/** Keep me informed: the search to follow, where to mail, and the consent. */
export function SubscribePage({ ctx, model }: { ctx: PageContext; model: SubscribePageModel }): ReactElement {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('subscriptions.form.title')} description={t('subscriptions.form.description')}>
      <article className="container subscription-page">
        <h1>{t('subscriptions.form.heading')}</h1>
        <p className="subscription-page__intro">{t('subscriptions.form.intro')}</p>
        <SubscriptionForm {...model.form} ctx={ctx} />
      </article>
    </Layout>
  );
}

export interface SubscriptionNoticeModel {
  /** i18n keys under `subscriptions.` */
  readonly titleKey: string;
  readonly headingKey: string;
  readonly textKey: string;
  /** The subscription's search in words, when the page is about one. */
  readonly summary?: readonly string[];
  /** One button that posts (confirm, unsubscribe): a GET never changes anything. */
  readonly button?: { readonly action: string; readonly labelKey: string };
  readonly link?: { readonly href: string; readonly labelKey: string };
  readonly variant?: 'success' | 'info';
}

/** The pages behind the mails' links and their outcomes: a heading, a sentence, perhaps one button. */
export function SubscriptionNoticePage({ ctx, model }: { ctx: PageContext; model: SubscriptionNoticeModel }): ReactElement {
  const t = (key: string) => ctx.t(`subscriptions.${key}`);
  return (
    <Layout ctx={ctx} title={t(model.titleKey)} description={t(model.textKey)} noindex>
      <article className="container subscription-page subscription-notice">
        <h1>{t(model.headingKey)}</h1>
        {model.variant ? (
          <Alert variant={model.variant}>
            <p>{t(model.textKey)}</p>
          </Alert>
        ) : (
          <p>{t(model.textKey)}</p>
        )}
        {model.summary && model.summary.length > 0 && (
          <ul className="subscription-summary">
            {model.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {model.button && (
          <form method="post" action={model.button.action} className="subscription-notice__action">
            <button type="submit" className="button">
              {t(model.button.labelKey)}
            </button>
          </form>
        )}
        {model.link && (
          <p>
            <a className="button button--ghost" href={model.link.href}>
              {t(model.link.labelKey)}
            </a>
          </p>
        )}
      </article>
    </Layout>
  );
}

export interface EditSubscriptionPageModel {
  readonly form: SubscriptionFormModel;
  readonly saved: boolean;
  /** The address the subscription is for (null only once erased, which no link reaches). */
  readonly email: string | null;
  readonly unconfirmed: boolean;
  readonly unsubscribeUrl: string;
  /** The address's other subscriptions: their search in words. */
  readonly others: ReadonlyArray<{ readonly summary: readonly string[]; readonly unconfirmed: boolean }>;
}

/** The edit page: the stored search pre-filled, and the address's other subscriptions. */
export function EditSubscriptionPage({ ctx, model }: { ctx: PageContext; model: EditSubscriptionPageModel }): ReactElement {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('subscriptions.edit.title')} description={t('subscriptions.edit.intro')} noindex>
      <article className="container subscription-page">
        <h1>{t('subscriptions.edit.heading')}</h1>
        {model.saved && (
          <Alert variant="success">
            <p>{t('subscriptions.edit.saved')}</p>
          </Alert>
        )}
        {model.email && (
          <p className="subscription-page__address">
            <Icon name="mail" /> {t('subscriptions.edit.address', { email: model.email })}
          </p>
        )}
        <p className="subscription-page__intro">{t('subscriptions.edit.intro')}</p>
        <SubscriptionForm {...model.form} ctx={ctx} />
        <p>
          <a href={model.unsubscribeUrl}>{t('subscriptions.edit.unsubscribeLink')}</a>
        </p>
        {model.others.length > 0 && (
          <section className="subscription-others" aria-labelledby="subscription-others-title">
            <h2 id="subscription-others-title">{t('subscriptions.edit.others')}</h2>
            <ul>
              {model.others.map((other, index) => (
                <li key={index}>
                  {other.summary.join(' · ')}
                  {other.unconfirmed ? ` (${t('subscriptions.edit.unconfirmed')})` : ''}
                </li>
              ))}
            </ul>
            <p className="subscription-others__note">{t('subscriptions.edit.manage')}</p>
          </section>
        )}
      </article>
    </Layout>
  );
}

/** The answer to a mail client's one-click unsubscribe: no page, one sentence. */
export function OneClickAnswer({ text }: { text: string }): ReactElement {
  return <p>{text}</p>;
}
