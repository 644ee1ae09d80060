import type { ReactElement } from 'react';
import type { BotCheckView } from '../components/bot-check-field.js';
import { PageForm } from '../components/page-form.js';

/** A field's value as typed and its localized error, if any. */
export interface FormFieldState {
  readonly value: string;
  readonly error?: string;
}

export interface InquiryFormTexts {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly message: string;
  readonly friendName: string;
  readonly friendEmail: string;
  readonly privacyConsent: string;
  readonly privacyLink: string;
  readonly privacyError: string;
  readonly submit: string;
  readonly required: string;
  /** The page's own messages for the browser's checks, instead of its bubbles in the browser's language. */
  readonly validation: ValidationTexts;
}

/** One message per kind of check the fields use (the modal-form island sets them with setCustomValidity). */
export interface ValidationTexts {
  readonly required: string;
  readonly email: string;
  readonly tooLong: string;
  readonly pattern: string;
  readonly checkbox: string;
}

export interface InquiryFormProps {
  readonly kind: 'extra-info' | 'send-to-friend';
  readonly action: string;
  readonly estateId: number;
  readonly privacyUrl: string;
  readonly texts: InquiryFormTexts;
  readonly fields?: Readonly<Record<string, FormFieldState>>;
  readonly consentChecked?: boolean;
  readonly botCheck: BotCheckView | null;
  /** Said above the fields when the server refused the input: what went wrong, not only which fields. */
  readonly errorSummary?: string;
}

export function Field({
  id,
  name,
  label,
  type = 'text',
  autoComplete,
  required,
  state,
  requiredText,
  multiline,
}: {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  state?: FormFieldState;
  requiredText: string;
  multiline?: boolean;
}): ReactElement {
  const errorId = `${id}-error`;
  const invalid = state?.error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  return (
    <div className={`form-field${state?.error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span className="form-field__required" aria-hidden="true"> *</span>}
        {required && <span className="visually-hidden"> ({requiredText})</span>}
      </label>
      {multiline ? (
        <textarea id={id} name={name} rows={4} required={required} defaultValue={state?.value ?? ''} maxLength={2000} {...invalid} />
      ) : (
        <input id={id} name={name} type={type} autoComplete={autoComplete} required={required} defaultValue={state?.value ?? ''} maxLength={200} {...invalid} />
      )}
      {state?.error && (
        <p className="form-field__error" id={errorId}>
          {state.error}
        </p>
      )}
    </div>
  );
}

/**
 * The extra-information and send-to-a-friend forms: real forms that work without JavaScript
 * (Post/Redirect/Get); the modal-form island posts them with htmx (SPEC §4, §5, §7).
 */
export function InquiryForm({ kind, action, estateId, privacyUrl, texts, fields = {}, consentChecked, botCheck, errorSummary }: InquiryFormProps): ReactElement {
  const prefix = kind === 'extra-info' ? 'extra-info' : 'send-to-friend';
  const consentError = fields.privacyConsent?.error;
  return (
    <PageForm
      className="inquiry-form"
      action={action}
      data={{
        'validation-required': texts.validation.required,
        'validation-email': texts.validation.email,
        'validation-too-long': texts.validation.tooLong,
        'validation-pattern': texts.validation.pattern,
        'validation-checkbox': texts.validation.checkbox,
      }}
      errorSummary={errorSummary}
      botCheck={botCheck}
    >
      <input type="hidden" name="estateId" value={estateId} />
      <Field id={`${prefix}-name`} name="name" label={texts.name} autoComplete="name" required state={fields.name} requiredText={texts.required} />
      <Field id={`${prefix}-email`} name="email" label={texts.email} type="email" autoComplete="email" required state={fields.email} requiredText={texts.required} />
      {kind === 'extra-info' ? (
        <Field id={`${prefix}-phone`} name="phone" label={texts.phone} type="tel" autoComplete="tel" state={fields.phone} requiredText={texts.required} />
      ) : (
        <>
          <Field id={`${prefix}-friend-name`} name="friendName" label={texts.friendName} required state={fields.friendName} requiredText={texts.required} />
          <Field id={`${prefix}-friend-email`} name="friendEmail" label={texts.friendEmail} type="email" required state={fields.friendEmail} requiredText={texts.required} />
        </>
      )}
      <Field id={`${prefix}-message`} name="message" label={texts.message} multiline required={kind === 'extra-info'} state={fields.message} requiredText={texts.required} />
      {kind === 'extra-info' && (
        <div className={`form-check${consentError ? ' form-field--invalid' : ''}`}>
          <input
            id={`${prefix}-privacy`}
            type="checkbox"
            name="privacyConsent"
            value="on"
            data-privacy-consent=""
            defaultChecked={consentChecked}
            {...(consentError ? { 'aria-invalid': true as const, 'aria-describedby': `${prefix}-privacy-error` } : {})}
          />
          <label htmlFor={`${prefix}-privacy`} className={consentError ? 'is-invalid' : undefined}>
            {texts.privacyConsent} <a href={privacyUrl}>{texts.privacyLink}</a>
          </label>
          <p className="form-field__error" id={`${prefix}-privacy-error`} data-privacy-error="" hidden={!consentError}>
            {texts.privacyError}
          </p>
        </div>
      )}
      <button type="submit" className="button">
        {texts.submit}
      </button>
    </PageForm>
  );
}
