import { Inject, Injectable } from '@nestjs/common';
import type { EditSubscriptionPageModel, SubscriptionFormModel } from '../../views/pages/subscription-pages.js';
import { AppConfig } from '../config/config.js';
import { TranslationService } from '../i18n/translation.service.js';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { SearchPageModels } from '../search/search-page.model.js';
import { type StoredCriteria, DIGEST_FREQUENCIES, type SubscriptionEntity } from './subscription.entity.js';
import { criteriaFormValues, describeCriteria, searchCriteriaOf, storedCriteria } from './subscription-criteria.js';

type Values = Readonly<Record<string, string | readonly string[]>>;

/** Builds the view models of the subscription pages (option lists, texts that need a translator). */
@Injectable()
export class SubscriptionPageModels {
  constructor(
    private readonly translations: TranslationService,
    private readonly search: SearchPageModels,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** A new subscription's form: the search's query pre-fills it, the page's language and the default frequency. */
  initialValues(locale: Locale, criteria: StoredCriteria): Values {
    return { ...criteriaFormValues(criteria), language: locale, frequency: this.config.DIGEST_DEFAULT_FREQUENCY };
  }

  storedValues(subscription: SubscriptionEntity): Values {
    return { ...criteriaFormValues(subscription.criteria), language: subscription.locale, frequency: subscription.frequency };
  }

  /** The form with `values` (typed, or stored): the search part is the home search's own form model. */
  async form(mode: 'subscribe' | 'edit', locale: Locale, action: string, values: Values, errors: Readonly<Record<string, string>> = {}): Promise<SubscriptionFormModel> {
    const t = this.translations.forLocale(locale);
    return {
      mode,
      action,
      values,
      errors,
      search: await this.search.form(searchCriteriaOf(storedCriteria(values)), locale),
      languages: LOCALES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] })),
      frequencies: DIGEST_FREQUENCIES.map((frequency) => ({ value: frequency, label: t.t(`subscriptions.form.frequencies.${frequency}`) })),
      privacyUrl: urlFor('privacy', locale),
      botCheck: this.config.botCheckClient,
    };
  }

  /**
   * The edit page: its form, the address the subscription is for (in full: only the holder of the link mailed to
   * that address gets here, and it tells a visitor with several addresses which one this is), the unsubscribe
   * link and the address's other subscriptions.
   */
  editPage(subscription: SubscriptionEntity, others: readonly SubscriptionEntity[], locale: Locale, token: string, form: SubscriptionFormModel, saved: boolean): EditSubscriptionPageModel {
    return {
      form,
      saved,
      email: subscription.email,
      unconfirmed: subscription.status === 'unconfirmed',
      unsubscribeUrl: urlFor('unsubscribe', locale, { token }),
      others: others.map((other) => ({ summary: this.summary(other.criteria, locale), unconfirmed: other.status === 'unconfirmed' })),
    };
  }

  summary(criteria: StoredCriteria, locale: Locale): string[] {
    return describeCriteria(criteria, this.translations.forLocale(locale));
  }
}
