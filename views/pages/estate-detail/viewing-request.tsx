import type { ReactElement } from 'react';
import { Alert } from '../../components/alert.js';
import type { BotCheckView } from '../../components/bot-check-field.js';
import type { ErrorSummaryItem } from '../../components/error-summary.js';
import { PageForm } from '../../components/page-form.js';
import { PrivacyConsentCheck } from '../../components/privacy-consent-check.js';
import { Field } from '../../fragments/inquiry-forms.js';
import type { EstateDisplayModel } from '../../../src/estates/display/estate-display.js';
import { urlFor } from '../../../src/routing/routes.js';
import type { PageContext } from '../../page-context.js';

export interface ViewingSlotOption {
  /** `2026-12-01-am`: the checkbox's value. */
  readonly id: string;
  /** "Voormiddag" */
  readonly label: string;
  /** "9–12 u" */
  readonly hours: string;
  readonly checked: boolean;
}

export interface ViewingDayOption {
  readonly date: string;
  /** "Dinsdag" */
  readonly weekday: string;
  /** "1 december" */
  readonly dayMonth: string;
  readonly slots: readonly ViewingSlotOption[];
}

export interface ViewingFormTexts {
  readonly slotsLegend: string;
  readonly slotsHint: string;
  readonly noSlots: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly message: string;
  readonly privacyConsent: string;
  readonly privacyLink: string;
  readonly required: string;
  readonly submit: string;
  readonly failed: string;
}

export interface ViewingFormProps {
  readonly action: string;
  readonly estateId: number;
  readonly days: readonly ViewingDayOption[];
  readonly texts: ViewingFormTexts;
  readonly values: Readonly<Record<string, string>>;
  /** Field → localized message. */
  readonly errors: Readonly<Record<string, string>>;
  readonly errorSummary?: string;
  readonly privacyUrl: string;
  readonly botCheck: BotCheckView | null;
  /** Loaded into the detail page by htmx: the first half-day takes the focus (the link that loaded it is gone). */
  readonly autoFocus?: boolean;
}

/** Where a refused request lands: the action's fragment without JavaScript, the focus after an htmx swap. */
export const VIEWING_ERRORS_ID = 'viewing-errors';
const FIELD_IDS = { slots: 'viewing-slots', name: 'viewing-name', email: 'viewing-email', phone: 'viewing-phone', message: 'viewing-message', privacyConsent: 'viewing-privacy' } as const;

function errorItems(props: ViewingFormProps): ErrorSummaryItem[] {
  const firstSlot = props.days[0]?.slots[0]?.id;
  return (Object.keys(FIELD_IDS) as Array<keyof typeof FIELD_IDS>)
    .filter((field) => props.errors[field])
    .map((field) => ({
      fieldId: field === 'slots' && firstSlot ? `viewing-slot-${firstSlot}` : FIELD_IDS[field],
      label: field === 'slots' ? props.texts.slotsLegend : field === 'privacyConsent' ? props.texts.privacyLink : props.texts[field],
      message: props.errors[field]!,
    }));
}

/**
 * The viewing request: up to three half-days grouped by day (a fieldset per day, checkboxes a keyboard reaches in
 * order), the visitor's contact details and the privacy consent. A real form (Post/Redirect/Get without JavaScript);
 * the page-form island posts it with htmx and swaps the thanks, or the form again with what to correct, in place.
 */
export function ViewingRequestForm(props: ViewingFormProps): ReactElement {
  const { texts, values, errors } = props;
  const slotsError = errors.slots;
  const autoFocusId = props.autoFocus ? props.days[0]?.slots[0]?.id : undefined;
  return (
    <PageForm
      className="viewing-form"
      id="viewing-form"
      action={`${props.action}#${VIEWING_ERRORS_ID}`}
      htmx={{ post: props.action, failureText: texts.failed }}
      errorSummary={props.errorSummary}
      errorLinks={{ id: VIEWING_ERRORS_ID, items: errorItems(props) }}
      botCheck={props.botCheck}
    >
      <input type="hidden" name="estateId" value={props.estateId} />
      <fieldset className={`viewing-slots${slotsError ? ' form-field--invalid' : ''}`} id={FIELD_IDS.slots} aria-describedby={slotsError ? 'viewing-slots-hint viewing-slots-error' : 'viewing-slots-hint'}>
        <legend className="viewing-slots__legend">
          {texts.slotsLegend}
          <span className="form-field__required" aria-hidden="true"> *</span>
          <span className="visually-hidden"> ({texts.required})</span>
        </legend>
        <p className="viewing-slots__hint" id="viewing-slots-hint">
          {props.days.length > 0 ? texts.slotsHint : texts.noSlots}
        </p>
        {slotsError && (
          <p className="form-field__error" id="viewing-slots-error">
            {slotsError}
          </p>
        )}
        <div className="viewing-slots__days">
          {props.days.map((day) => (
            <fieldset className="viewing-day" key={day.date}>
              <legend className="viewing-day__legend">
                <span className="viewing-day__weekday">{day.weekday}</span> <span className="viewing-day__date">{day.dayMonth}</span>
              </legend>
              {day.slots.map((slot) => (
                <div className="viewing-slot" key={slot.id}>
                  <input
                    type="checkbox"
                    id={`viewing-slot-${slot.id}`}
                    name="slots"
                    value={slot.id}
                    defaultChecked={slot.checked}
                    autoFocus={slot.id === autoFocusId}
                    {...(slotsError ? { 'aria-invalid': true as const } : {})}
                  />
                  <label htmlFor={`viewing-slot-${slot.id}`}>
                    <span className="viewing-slot__name">{slot.label}</span> <span className="viewing-slot__hours">{slot.hours}</span>
                  </label>
                </div>
              ))}
            </fieldset>
          ))}
        </div>
      </fieldset>
      <div className="viewing-form__contact">
        <Field id={FIELD_IDS.name} name="name" label={texts.name} autoComplete="name" required state={{ value: values.name ?? '', error: errors.name }} requiredText={texts.required} />
        <Field id={FIELD_IDS.email} name="email" label={texts.email} type="email" autoComplete="email" required state={{ value: values.email ?? '', error: errors.email }} requiredText={texts.required} />
        <Field id={FIELD_IDS.phone} name="phone" label={texts.phone} type="tel" autoComplete="tel" state={{ value: values.phone ?? '', error: errors.phone }} requiredText={texts.required} />
      </div>
      <Field id={FIELD_IDS.message} name="message" label={texts.message} multiline state={{ value: values.message ?? '', error: errors.message }} requiredText={texts.required} />
      <PrivacyConsentCheck
        id={FIELD_IDS.privacyConsent}
        errorId="viewing-privacy-error"
        label={texts.privacyConsent}
        linkText={texts.privacyLink}
        privacyUrl={props.privacyUrl}
        checked={values.privacyConsent === 'on'}
        error={errors.privacyConsent}
        required
      />
      <button type="submit" className="button">
        {texts.submit}
      </button>
    </PageForm>
  );
}

/** What replaces the form once the request is stored: the agency will confirm, nothing is booked yet. */
export function ViewingRequestThanks({ text, backText, backUrl }: { text: string; backText?: string; backUrl?: string }): ReactElement {
  return (
    <div className="viewing-thanks" id="viewing-form">
      <Alert variant="success">
        <p>{text}</p>
      </Alert>
      {backText && backUrl && (
        <p>
          <a href={backUrl}>{backText}</a>
        </p>
      )}
    </div>
  );
}

/**
 * The detail page's invitation: without JavaScript a link to the request's own page; with htmx the same link loads
 * the form in place. The form is not part of the detail page, so the page's cache never holds yesterday's slots.
 * Offered where the display model says the listing is available (for sale or for rent) and is not a project as a
 * whole (its units each have their own page and request); the server checks the same (acceptsViewingRequests).
 */
export function ViewingRequestTeaser({ display, ctx }: { display: Pick<EstateDisplayModel, 'id' | 'available' | 'isProject'>; ctx: PageContext }): ReactElement | null {
  if (!display.available || display.isProject) return null;
  const url = urlFor('viewingRequest', ctx.locale, { estateId: display.id });
  return (
    <section className="viewing-request" id="viewing-request" aria-labelledby="viewing-request-title">
      <h2 id="viewing-request-title">{ctx.t('viewings.teaser.title')}</h2>
      <div id="viewing-request-body" className="viewing-request__body">
        <p>{ctx.t('viewings.teaser.intro')}</p>
        <a className="button" href={url} hx-get={url} hx-target="#viewing-request-body" hx-swap="innerHTML">
          {ctx.t('viewings.teaser.open')}
        </a>
      </div>
    </section>
  );
}
