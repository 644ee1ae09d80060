import type { ReactElement } from 'react';
import type { SearchFormModel } from '../../src/search/search-page.model.js';
import { FeatureFields, PriceFields, RadiusFields, SubTypesField } from '../components/search-form.js';
import type { PageContext } from '../page-context.js';
import type { BotCheckView } from '../components/bot-check-field.js';
import { PageForm } from '../components/page-form.js';
import { PrivacyConsentCheck } from '../components/privacy-consent-check.js';

type Translate = PageContext['t'];

export interface SubscriptionFormOption {
  readonly value: string;
  readonly label: string;
}

export interface SubscriptionFormProps {
  /** `subscribe`: the whole form; `edit`: the search, language and frequency of an existing subscription. */
  readonly mode: 'subscribe' | 'edit';
  readonly action: string;
  /** As typed or stored: strings, or lists for the repeated fields (headTypes). */
  readonly values: Readonly<Record<string, string | readonly string[]>>;
  /** Field name → i18n key of its message. */
  readonly errors: Readonly<Record<string, string>>;
  /** The home search's form model: its option lists (types, price steps, bedrooms) with the search selected. */
  readonly search: SearchFormModel;
  readonly languages: readonly SubscriptionFormOption[];
  readonly frequencies: readonly SubscriptionFormOption[];
  readonly privacyUrl: string;
  readonly botCheck: BotCheckView | null;
  readonly ctx: PageContext;
}

const first = (value: string | readonly string[] | undefined): string => (typeof value === 'string' ? value : (value?.[0] ?? ''));

function invalidProps(name: string, errors: SubscriptionFormProps['errors']) {
  return errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `subscription-${name}-error` } : {};
}

function FieldError({ name, errors, t }: { name: string; errors: SubscriptionFormProps['errors']; t: Translate }): ReactElement | null {
  return errors[name] ? (
    <p className="form-field__error" id={`subscription-${name}-error`}>
      {t(errors[name])}
    </p>
  ) : null;
}

function Label({ id, text, required, t }: { id: string; text: string; required?: boolean; t: Translate }): ReactElement {
  return (
    <label htmlFor={id}>
      {text}
      {required && <span className="form-field__required" aria-hidden="true"> *</span>}
      {required && <span className="visually-hidden"> ({t('subscriptions.form.required')})</span>}
    </label>
  );
}

function Select({ name, label, options, selected, props }: { name: string; label: string; options: readonly SubscriptionFormOption[]; selected?: string; props: SubscriptionFormProps }): ReactElement {
  const id = `subscription-${name}`;
  return (
    <div className={`form-field${props.errors[name] ? ' form-field--invalid' : ''}`}>
      <Label id={id} text={label} t={props.ctx.t} />
      <select id={id} name={name} defaultValue={selected ?? first(props.values[name])} {...invalidProps(name, props.errors)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError name={name} errors={props.errors} t={props.ctx.t} />
    </div>
  );
}

function Input({ name, label, type = 'text', required, autoComplete, props }: {
  name: string;
  label: string;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  props: SubscriptionFormProps;
}): ReactElement {
  const id = `subscription-${name}`;
  return (
    <div className={`form-field${props.errors[name] ? ' form-field--invalid' : ''}`}>
      <Label id={id} text={label} required={required} t={props.ctx.t} />
      <input id={id} name={name} type={type} required={required} autoComplete={autoComplete} defaultValue={first(props.values[name])} maxLength={200} {...invalidProps(name, props.errors)} />
      <FieldError name={name} errors={props.errors} t={props.ctx.t} />
    </div>
  );
}

/** The area the alerts follow: the radius control, or the area drawn on the map kept as it was (hidden fields). */
function AreaCriteria(props: SubscriptionFormProps): ReactElement {
  const { ctx, search, errors } = props;
  const { t } = ctx;
  const { area } = search;
  const errorName = ['polygon', 'circle', 'within', 'near'].find((name) => errors[name]);
  return (
    <fieldset className={`subscription-form__choices area-fields${errorName ? ' form-field--invalid' : ''}`} aria-describedby={errorName ? `subscription-${errorName}-error` : undefined}>
      <legend>{t('area.form.legend')}</legend>
      {area.drawn ? (
        <p className="area-fields__drawn-text">
          <span className="area-fields__icon" aria-hidden="true" />
          {area.drawn.text}
          {area.drawn.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </p>
      ) : (
        <div className="area-fields__row">
          <RadiusFields area={area} idPrefix="subscription" fieldClassName="form-field" t={t} />
        </div>
      )}
      {errorName && <FieldError name={errorName} errors={errors} t={t} />}
    </fieldset>
  );
}

/** The search part: the home search's own controls and option lists, under the same field names. */
function CriteriaFields(props: SubscriptionFormProps): ReactElement {
  const { ctx, search } = props;
  const { t } = ctx;
  return (
    <fieldset className="subscription-form__group">
      <legend>{t('subscriptions.form.criteriaLegend')}</legend>
      <fieldset className="subscription-form__choices">
        <legend>{t('search.form.transaction')}</legend>
        {search.transactions.map((choice) => (
          <label key={choice.value || 'any'} className="form-check">
            <input type="radio" name="transaction" value={choice.value} defaultChecked={choice.selected} /> {choice.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="subscription-form__choices">
        <legend>{t('search.form.headTypes')}</legend>
        {search.headTypes.map((choice) => (
          <label key={choice.value} className="form-check">
            <input type="checkbox" name="headTypes" value={choice.value} defaultChecked={choice.selected} /> {choice.label}
          </label>
        ))}
      </fieldset>
      <SubTypesField ctx={ctx} form={search} />
      <div className="form-field">
        <label htmlFor="subscription-locations">{t('search.form.location')}</label>
        <input id="subscription-locations" name="locations" type="text" defaultValue={search.locationsText} maxLength={200} aria-describedby="subscription-locations-hint" />
        <p id="subscription-locations-hint" className="search-form__hint">
          {t('search.form.locationHint')}
        </p>
      </div>
      <AreaCriteria {...props} />
      <PriceFields ctx={ctx} form={search} />
      <Select name="bedroomsMin" label={t('search.form.bedroomsMin')} options={search.bedrooms} selected={search.bedrooms.find((choice) => choice.selected)?.value ?? ''} props={props} />
      <FeatureFields ctx={ctx} form={search} idPrefix="subscription" fieldClassName="form-field" groupClassName="subscription-form__choices" />
    </fieldset>
  );
}

/**
 * Keep me informed: a real form (Post/Redirect/Get without JavaScript) that the subscription-form island posts with
 * htmx, adding the bot-check token. The edit page shows the same form without the address, name and consent.
 */
export function SubscriptionForm(props: SubscriptionFormProps): ReactElement {
  const { errors, values, mode } = props;
  const { t } = props.ctx;
  const consentError = errors.privacyConsent;
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <PageForm
      className="subscription-form"
      id="subscription-form"
      action={props.action}
      htmx={{ post: props.action, failureText: t('subscriptions.form.failure') }}
      errorSummary={hasErrors ? t('subscriptions.form.errorSummary') : null}
      botCheck={props.botCheck}
    >
      <CriteriaFields {...props} />
      <fieldset className="subscription-form__group">
        <legend>{t('subscriptions.form.personalLegend')}</legend>
        {mode === 'subscribe' && (
          <>
            <Input name="email" label={t('subscriptions.form.email')} type="email" required autoComplete="email" props={props} />
            <Input name="name" label={t('subscriptions.form.name')} required autoComplete="name" props={props} />
          </>
        )}
        <Select name="language" label={t('subscriptions.form.language')} options={props.languages} props={props} />
        <Select name="frequency" label={t('subscriptions.form.frequency')} options={props.frequencies} props={props} />
      </fieldset>
      {mode === 'subscribe' && (
        <PrivacyConsentCheck
          id="subscription-privacy"
          errorId="subscription-privacyConsent-error"
          label={t('subscriptions.form.privacyConsent')}
          linkText={t('subscriptions.form.privacyLink')}
          privacyUrl={props.privacyUrl}
          checked={first(values.privacyConsent) === 'on'}
          error={consentError ? t('subscriptions.form.privacyError') : null}
        />
      )}
      <button type="submit" className="button">
        {t(mode === 'subscribe' ? 'subscriptions.form.submit' : 'subscriptions.edit.save')}
      </button>
    </PageForm>
  );
}
