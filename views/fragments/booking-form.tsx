import type { ReactElement } from 'react';
import { Alert } from '../components/alert.js';
import type { BotCheckView } from '../components/bot-check-field.js';
import type { ErrorSummaryItem } from '../components/error-summary.js';
import { PageForm } from '../components/page-form.js';
import { PrivacyConsentCheck } from '../components/privacy-consent-check.js';

export interface QuoteView {
  readonly lines: ReadonlyArray<{ readonly label: string; readonly amount: string }>;
  readonly total: string;
  readonly deposit: string;
  readonly note: string;
}

export interface BookingFormTexts {
  readonly title: string;
  readonly intro: string;
  readonly arrival: string;
  readonly departure: string;
  readonly guests: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly message: string;
  readonly privacyConsent: string;
  readonly privacyLink: string;
  readonly required: string;
  readonly calculate: string;
  readonly submit: string;
  readonly quoteTitle: string;
  readonly quoteTotal: string;
  readonly quoteDeposit: string;
  readonly quoteEmpty: string;
  /** Said above the button when a request is refused for another reason than its input (403, 429, 5xx). */
  readonly failed: string;
}

export interface BookingFormProps {
  readonly action: string;
  /** The unit page itself: "calculate the price" without JavaScript reloads it with the dates in the query. */
  readonly pageUrl: string;
  readonly quoteUrl: string;
  readonly privacyUrl: string;
  readonly maxGuests: number;
  readonly minDate: string;
  readonly maxDate: string;
  readonly texts: BookingFormTexts;
  readonly values: Readonly<Record<string, string>>;
  /** Field → localized message. */
  readonly errors: Readonly<Record<string, string>>;
  readonly errorSummary?: string;
  readonly quote: QuoteView | null;
  /** Why no price can be shown yet (the dates' problem), when dates were given. */
  readonly quoteProblem?: string;
  readonly sent?: string;
  readonly botCheck: BotCheckView | null;
}

/** The stay's price, or why there is none. Its own fragment: htmx refreshes it when dates or guests change. */
export function BookingQuote({ quote, problem, texts }: { quote: QuoteView | null; problem?: string; texts: BookingFormTexts }): ReactElement {
  return (
    <div className="booking-quote" id="booking-quote" aria-live="polite">
      <h3>{texts.quoteTitle}</h3>
      {quote ? (
        <>
          <table className="booking-quote__table">
            <tbody>
              {quote.lines.map((line) => (
                <tr key={line.label}>
                  <th scope="row">{line.label}</th>
                  <td>{line.amount}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{texts.quoteTotal}</th>
                <td data-quote-total="">{quote.total}</td>
              </tr>
            </tfoot>
          </table>
          <p className="booking-quote__note">
            {texts.quoteDeposit} {quote.deposit}. {quote.note}
          </p>
        </>
      ) : (
        <p className={problem ? 'booking-quote__problem' : undefined}>{problem ?? texts.quoteEmpty}</p>
      )}
    </div>
  );
}

function Field(props: {
  id: string;
  name: string;
  label: string;
  type?: string;
  required?: boolean;
  value?: string;
  error?: string;
  requiredText: string;
  autoComplete?: string;
  min?: string | number;
  max?: string | number;
  multiline?: boolean;
}): ReactElement {
  const errorId = `${props.id}-error`;
  const invalid = props.error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  return (
    <div className={`form-field${props.error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={props.id}>
        {props.label}
        {props.required && <span className="form-field__required" aria-hidden="true"> *</span>}
        {props.required && <span className="visually-hidden"> ({props.requiredText})</span>}
      </label>
      {props.multiline ? (
        <textarea id={props.id} name={props.name} rows={4} maxLength={2000} defaultValue={props.value ?? ''} {...invalid} />
      ) : (
        <input
          id={props.id}
          name={props.name}
          type={props.type ?? 'text'}
          required={props.required}
          autoComplete={props.autoComplete}
          min={props.min}
          max={props.max}
          maxLength={props.type === 'date' || props.type === 'number' ? undefined : 200}
          defaultValue={props.value ?? ''}
          {...invalid}
        />
      )}
      {props.error && (
        <p className="form-field__error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * The booking request: a real form (Post/Redirect/Get without JavaScript). The price shows before sending:
 * htmx asks for it as the dates or guests are typed; without JavaScript "calculate the price" reloads the page
 * with them.
 */
/** The form's fields in the order shown: the error summary lists its links in that order. */
const FIELD_IDS = {
  arrival: 'booking-arrival',
  departure: 'booking-departure',
  guests: 'booking-guests',
  name: 'booking-name',
  email: 'booking-email',
  phone: 'booking-phone',
  message: 'booking-message',
  privacyConsent: 'booking-privacy',
} as const;

/** Where a refused request lands: the action's fragment without JavaScript, the focus after an htmx swap. */
export const BOOKING_ERRORS_ID = 'booking-errors';

function errorItems(texts: BookingFormTexts, errors: Readonly<Record<string, string>>): ErrorSummaryItem[] {
  return (Object.keys(FIELD_IDS) as Array<keyof typeof FIELD_IDS>)
    .filter((field) => errors[field])
    .map((field) => ({ fieldId: FIELD_IDS[field], label: field === 'privacyConsent' ? texts.privacyLink : texts[field], message: errors[field]! }));
}

export function BookingForm(props: BookingFormProps): ReactElement {
  const { texts, values, errors } = props;
  const consentError = errors.privacyConsent;
  // Without JavaScript the refused request's page (422) opens at the summary; a sent one redirects to its own anchor.
  const action = `${props.action}#${BOOKING_ERRORS_ID}`;
  return (
    <section className="booking" id="booking" aria-labelledby="booking-title">
      <h2 id="booking-title">{texts.title}</h2>
      <p>{texts.intro}</p>
      {props.sent && (
        <Alert variant="success">
          <p>{props.sent}</p>
        </Alert>
      )}
      <PageForm
        className="booking-form"
        id="booking-form"
        action={action}
        htmx={{ post: props.action, select: '#booking-form', disinherit: '*', failureText: texts.failed }}
        errorSummary={props.errorSummary}
        errorLinks={{ id: BOOKING_ERRORS_ID, items: errorItems(texts, errors) }}
        botCheck={props.botCheck}
      >
        {/*
          The quote follows the typing (a pause of 400 ms after a changed value; a change, a picked date or a blur, at
          once), so the price shown is the one the request will carry, not the one before the last keystroke. One
          quote request at a time, then the newest: a slower earlier answer never replaces the quote for what the
          visitor typed last.
        */}
        <fieldset className="booking-form__stay" hx-get={props.quoteUrl} hx-trigger="input changed delay:400ms, change" hx-sync="this:queue last" hx-include="closest fieldset" hx-target="#booking-quote" hx-swap="outerHTML">
          <legend className="visually-hidden">{texts.title}</legend>
          <Field id="booking-arrival" name="arrival" label={texts.arrival} type="date" required min={props.minDate} max={props.maxDate} value={values.arrival} error={errors.arrival} requiredText={texts.required} />
          <Field id="booking-departure" name="departure" label={texts.departure} type="date" required min={props.minDate} max={props.maxDate} value={values.departure} error={errors.departure} requiredText={texts.required} />
          <Field id="booking-guests" name="guests" label={texts.guests} type="number" required min={1} max={props.maxGuests} value={values.guests} error={errors.guests} requiredText={texts.required} />
        </fieldset>
        <BookingQuote quote={props.quote} problem={props.quoteProblem} texts={texts} />
        <p>
          <button type="submit" className="button button--ghost" formAction={`${props.pageUrl}#booking`} formMethod="get" formNoValidate>
            {texts.calculate}
          </button>
        </p>
        <Field id="booking-name" name="name" label={texts.name} required autoComplete="name" value={values.name} error={errors.name} requiredText={texts.required} />
        <Field id="booking-email" name="email" label={texts.email} type="email" required autoComplete="email" value={values.email} error={errors.email} requiredText={texts.required} />
        <Field id="booking-phone" name="phone" label={texts.phone} type="tel" autoComplete="tel" value={values.phone} error={errors.phone} requiredText={texts.required} />
        <Field id="booking-message" name="message" label={texts.message} multiline value={values.message} error={errors.message} requiredText={texts.required} />
        <PrivacyConsentCheck
          id="booking-privacy"
          errorId="booking-privacy-error"
          label={texts.privacyConsent}
          linkText={texts.privacyLink}
          privacyUrl={props.privacyUrl}
          checked={values.privacyConsent === 'on'}
          error={consentError}
          required
        />
        <button type="submit" className="button">
          {texts.submit}
        </button>
      </PageForm>
    </section>
  );
}
