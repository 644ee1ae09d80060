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

/** "Compare": a GET form whose checkboxes sit on the cards (`form` attribute: the hearts are forms of their own). */
export interface FavoritesCompareModel {
  readonly action: string;
  /** The status line for 0, 1, 2, … ticked listings (the page script shows it and enables the button). */
  readonly statusTexts: readonly string[];
  /** How many listings a comparison takes. */
  readonly min: number;
  readonly max: number;
}

export interface FavoritesPageModel {
  readonly items: readonly FavoriteItem[];
  /** null with fewer than two listings to compare. */
  readonly compare: FavoritesCompareModel | null;
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

const COMPARE_FORM = 'favorites-compare';

/** The tick box on a card that puts the listing in the comparison. */
function CompareCheck({ ctx, item }: { ctx: PageContext; item: FavoriteItem & { card: EstateCardModel } }): ReactElement {
  return (
    <label className="favorite-item__compare">
      <input type="checkbox" name="ids" value={item.id} form={COMPARE_FORM} data-compare-pick="" />
      <span>
        {ctx.t('compare.picker.select')}
        <span className="visually-hidden" lang={item.card.titleLang}>
          {': '}
          {item.card.title}
        </span>
      </span>
    </label>
  );
}

/** The comparison's form: the tick boxes on the cards belong to it; without JavaScript the server checks the count. */
function CompareForm({ ctx, model }: { ctx: PageContext; model: FavoritesCompareModel }): ReactElement {
  const { t } = ctx;
  return (
    <form id={COMPARE_FORM} className="favorites-compare" method="get" action={model.action} data-compare-status={JSON.stringify(model.statusTexts)}
      data-compare-min={model.min}
      data-compare-max={model.max}
    >
      <h2>{t('compare.picker.heading')}</h2>
      <p>{t('compare.picker.intro')}</p>
      <div className="favorites-compare__actions">
        <button type="submit" className="button">
          {t('compare.picker.submit')}
        </button>
        <p className="favorites-compare__status" role="status" data-compare-status-line="" />
      </div>
    </form>
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
                <li key={item.id} className="favorites-list__item">
                  <EstateCard card={item.card} headingLevel={2} favorite={toggle(item)} />
                  {model.compare && <CompareCheck ctx={ctx} item={{ ...item, card: item.card }} />}
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
        {model.compare && <CompareForm ctx={ctx} model={model.compare} />}
        {model.items.some((item) => item.card) && (model.mailed ? <FavoritesMailSent ctx={ctx} /> : <FavoritesMailForm ctx={ctx} model={model.mail} />)}
      </div>
    </Layout>
  );
}
