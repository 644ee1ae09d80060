import type { ReactElement } from 'react';

export interface PrivacyConsentCheckProps {
  /** The checkbox's id; its label points to it. */
  readonly id: string;
  /** The id of the error line, which the invalid checkbox names as its description. */
  readonly errorId: string;
  readonly label: string;
  readonly linkText: string;
  readonly privacyUrl: string;
  readonly checked: boolean;
  /** Shown under the checkbox, which is then marked invalid; nothing when empty. */
  readonly error: string | null | undefined;
  /** Whether the browser may refuse the form unticked (false where the form also saves without consent). */
  readonly required?: boolean;
}

/** A form's privacy consent: the checkbox, a link to the privacy page, and the server's error under it. */
export function PrivacyConsentCheck({ id, errorId, label, linkText, privacyUrl, checked, error, required }: PrivacyConsentCheckProps): ReactElement {
  return (
    <div className={`form-check${error ? ' form-field--invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        name="privacyConsent"
        value="on"
        required={required}
        defaultChecked={checked}
        {...(error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {})}
      />
      <label htmlFor={id}>
        {label} <a href={privacyUrl}>{linkText}</a>
      </label>
      {error && (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
