import type { ReactElement } from 'react';
import { Alert } from '../components/alert.js';
import type { PageContext } from '../page-context.js';
import { Field, type FormFieldState } from './inquiry-forms.js';
import type { BotCheckView } from '../components/bot-check-field.js';
import { PageForm } from '../components/page-form.js';
import { PrivacyConsentCheck } from '../components/privacy-consent-check.js';

export interface ContactFormModel {
  readonly action: string;
  readonly privacyUrl: string;
  readonly fields: Readonly<Record<string, FormFieldState>>;
  readonly consentChecked: boolean;
  readonly botCheck: BotCheckView | null;
  /** The server refused the input: say so above the fields. */
  readonly refused: boolean;
}

/**
 * The contact form (SPEC §7): a plain form (303 to the thanks without JavaScript); htmx posts it and swaps the form
 * for the thanks, or for itself with its messages (422).
 */
export function ContactForm({ ctx, model }: { ctx: PageContext; model: ContactFormModel }): ReactElement {
  const { t } = ctx;
  const { fields } = model;
  const consentError = fields.privacyConsent?.error;
  const required = t('forms.required');
  return (
    <PageForm
      className="inquiry-form contact-form"
      id="contact-form"
      action={model.action}
      htmx={{ post: model.action, failureText: t('flows.failed') }}
      errorSummary={model.refused ? t('forms.errors.summary') : null}
      botCheck={model.botCheck}
    >
      <Field id="contact-name" name="name" label={t('forms.name')} autoComplete="name" required state={fields.name} requiredText={required} />
      <Field id="contact-email" name="email" label={t('forms.email')} type="email" autoComplete="email" required state={fields.email} requiredText={required} />
      <Field id="contact-phone" name="phone" label={t('forms.phone')} type="tel" autoComplete="tel" state={fields.phone} requiredText={required} />
      <Field id="contact-reference" name="reference" label={t('flows.contact.reference')} state={fields.reference} requiredText={required} />
      <Field id="contact-message" name="message" label={t('forms.message')} multiline required state={fields.message} requiredText={required} />
      <PrivacyConsentCheck
        id="contact-privacy"
        errorId="contact-privacy-error"
        label={t('forms.privacyConsent')}
        linkText={t('forms.privacyLink')}
        privacyUrl={model.privacyUrl}
        checked={model.consentChecked}
        error={consentError}
        required
      />
      <button type="submit" className="button">
        {t('forms.submit')}
      </button>
    </PageForm>
  );
}

/** What replaces the form once the message is stored. */
export function ContactThanks({ ctx }: { ctx: PageContext }): ReactElement {
  return (
    <Alert variant="success" id="contact-form">
      <p>{ctx.t('flows.contact.thanks')}</p>
    </Alert>
  );
}
