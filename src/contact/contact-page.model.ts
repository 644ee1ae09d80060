import { Inject, Injectable } from '@nestjs/common';
import type { ContactPageModel } from '../../views/pages/contact-page.js';
import type { ContactFormModel } from '../../views/fragments/contact-form.js';
import { AppConfig } from '../config/config.js';
import type { FormState } from '../forms/form-view.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';

const FIELDS = ['name', 'email', 'phone', 'reference', 'message', 'privacyConsent'] as const;

/** The contact page's and form's models, empty or as the visitor sent them back. */
@Injectable()
export class ContactPageModels {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly translations: TranslationService,
  ) {}

  form(locale: Locale, state?: FormState): ContactFormModel {
    const t = this.translations.forLocale(locale);
    const value = (name: string): string => {
      const typed = state?.values[name];
      return typeof typed === 'string' ? typed : '';
    };
    const fields = Object.fromEntries(
      FIELDS.map((name) => [name, { value: value(name), error: state?.errors[name] ? t.t(state.errors[name]!) : undefined }]),
    );
    return {
      action: urlFor('ajaxContactForm', locale),
      privacyUrl: urlFor('privacy', locale),
      fields,
      consentChecked: ['on', 'true', '1'].includes(value('privacyConsent')),
      botCheck: this.config.botCheckClient,
      refused: Boolean(state),
    };
  }

  page(locale: Locale, sent: boolean, state?: FormState): ContactPageModel {
    return { form: this.form(locale, state), sent };
  }
}
