import type { ReactElement } from 'react';
import type { EstateCard as EstateCardModel } from '../../src/estates/display/estate-card.js';
import { Alert } from '../components/alert.js';
import { EstateCard } from '../components/estate-card.js';
import { FavoriteToggle } from '../components/favorite-toggle.js';
import { Field, type FormFieldState } from '../fragments/inquiry-forms.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';
import type { BotCheckView } from '../components/bot-check-field.js';
import { PageForm } from '../components/page-form.js';
import { PrivacyConsentCheck } from '../components/privacy-consent-check.js';

export interface FavoriteItem {
  readonly id: number;
  /** null: no longer visible on the site (sold and hidden, withdrawn). */
  readonly card: EstateCardModel | null;
  readonly toggleAction: string;
}

export interface FavoritesMailFormModel {
  readonly action: string;
  readonly privacyUrl: string;
  readonly email: FormFieldState;
  readonly consentError?: string;
  readonly consentChecked: boolean;
  readonly refused: boolean;
  readonly botCheck: BotCheckView | null;
}

export interface FavoritesPageModel {
  readonly items: readonly FavoriteItem[];
  readonly searchUrl: string;
  readonly mail: FavoritesMailFormModel;
  readonly mailed: boolean;
}

/** "Mail me my favourites": e-mail, consent, bot check (the form pipeline). */
export function FavoritesMailForm({ ctx, model }: { ctx: PageContext; model: FavoritesMailFormModel }): ReactElement {
  const { t } = ctx;
  return (
    <PageForm
      id="favorites-mail"
      className="inquiry-form favorites-mail"
      action={model.action}
      htmx={{ post: model.action, failureText: t('flows.failed') }}
      intro={
        <>
          <h2>{t('flows.favorites.mailHeading')}</h2>
          <p>{t('flows.favorites.mailIntro')}</p>
        </>
      }
      errorSummary={model.refused ? t('forms.errors.summary') : null}
      botCheck={model.botCheck}
    >
      <Field id="favorites-email" name="email" label={t('forms.email')} type="email" autoComplete="email" required state={model.email} requiredText={t('forms.required')} />
      <PrivacyConsentCheck
        id="favorites-privacy"
        errorId="favorites-privacy-error"
        label={t('forms.privacyConsent')}
        linkText={t('forms.privacyLink')}
        privacyUrl={model.privacyUrl}
        checked={model.consentChecked}
        error={model.consentError}
        required
      />
      <button type="submit" className="button">
        {t('flows.favorites.mailSubmit')}
      </button>
    </PageForm>
  );
}

export function FavoritesMailSent({ ctx }: { ctx: PageContext }): ReactElement {
  return (
    <Alert variant="success" id="favorites-mail">
      <p>{ctx.t('flows.favorites.mailSent')}</p>
    </Alert>
  );
}

/** The visitor's favourites as cards; gone listings with a remove button; an empty state that leads to the search. */
export function FavoritesPage({ ctx, model }: { ctx: PageContext; model: FavoritesPageModel }): ReactElement {
  const { t } = ctx;
  const toggle = (item: FavoriteItem) => (
    <FavoriteToggle action={item.toggleAction} estateId={item.id} pressed back={ctx.currentPath} addLabel={t('flows.favorites.add')} removeLabel={t('flows.favorites.remove')} />
  );
  return (
    <Layout
      ctx={ctx}
      title={t('flows.favorites.title')}
      description={t('flows.favorites.description')}
      noindex
    >
      <div className="container flow-page flow-page--wide">
        <h1>{t('flows.favorites.heading')}</h1>
        <p>{t('flows.favorites.intro')}</p>
        {model.items.length === 0 ? (
          <p className="favorites-empty">
            {t('flows.favorites.empty')}{' '}
            <a className="button" href={model.searchUrl}>
              {t('flows.favorites.emptyLink')}
            </a>
          </p>
        ) : (
          <ul className="favorites-list">
            {model.items.map((item) =>
              item.card ? (
                <li key={item.id}>
                  <EstateCard card={item.card} headingLevel={2} favorite={toggle(item)} />
                </li>
              ) : (
                <li key={item.id} className="favorite-item favorite-item--gone">
                  <div className="favorite-item__head">
                    <h2>{t('flows.favorites.unavailable')}</h2>
                    {toggle(item)}
                  </div>
                </li>
              ),
            )}
          </ul>
        )}
        {model.items.some((item) => item.card) && (model.mailed ? <FavoritesMailSent ctx={ctx} /> : <FavoritesMailForm ctx={ctx} model={model.mail} />)}
      </div>
    </Layout>
  );
}
