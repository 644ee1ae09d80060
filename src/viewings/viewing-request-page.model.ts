import { Inject, Injectable } from '@nestjs/common';
import type { ViewingDayOption, ViewingFormProps } from '../../views/pages/estate-detail/viewing-request.js';
import type { ViewingRequestPageModel } from '../../views/pages/viewing-request-page.js';
import { AppConfig } from '../config/config.js';
import { EstateDetailPageModels } from '../detail/estate-detail-page.model.js';
import type { FoundEstate } from '../detail/estate-detail.service.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { offeredDays, type ViewingDay } from './viewing-slots.js';

/** The form as the visitor sent it back: values as typed (the slots as a list) and localized messages. */
export interface ViewingFormState {
  readonly values: Readonly<Record<string, string | readonly string[]>>;
  readonly errors: Readonly<Record<string, string>>;
  readonly errorSummary?: string;
}

const EMPTY: ViewingFormState = { values: {}, errors: {} };

function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** Builds the viewing request's page and form from the listing, the offered half-days and the visitor's input. */
@Injectable()
export class ViewingRequestPageModels {
  constructor(
    private readonly details: EstateDetailPageModels,
    private readonly translations: TranslationService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async pageModel(found: FoundEstate, locale: Locale, now: Date, options: { thanks?: boolean; state?: ViewingFormState; autoFocus?: boolean } = {}): Promise<ViewingRequestPageModel> {
    const { t } = this.translations.forLocale(locale);
    const display = await this.details.displayModel(found, locale);
    return {
      title: t('viewings.page.title', { title: display.title }),
      intro: t('viewings.page.intro'),
      listing: {
        title: display.title,
        typeLabel: display.typeLabel,
        address: display.address.lines.join(', '),
        priceText: display.priceText,
        url: found.paths[locale],
        backText: t('viewings.page.back'),
      },
      form: this.form(found, locale, now, options.state ?? EMPTY, options.autoFocus),
      thanks: options.thanks ? t('viewings.thanks') : null,
    };
  }

  form(found: FoundEstate, locale: Locale, now: Date, state: ViewingFormState = EMPTY, autoFocus = false): ViewingFormProps {
    const { t } = this.translations.forLocale(locale);
    const text = (name: string): string => {
      const value = state.values[name];
      return typeof value === 'string' ? value : '';
    };
    const posted = state.values.slots;
    const chosen = new Set(typeof posted === 'string' ? [posted] : (posted ?? []));
    return {
      action: urlFor('viewingRequest', locale, { estateId: found.estate.id }),
      estateId: found.estate.id,
      days: offeredDays(now, this.config.openingDays).map((day) => this.day(day, locale, chosen)),
      texts: {
        slotsLegend: t('viewings.form.slotsLegend'),
        slotsHint: t('viewings.form.slotsHint'),
        noSlots: t('viewings.form.noSlots'),
        name: t('forms.name'),
        email: t('forms.email'),
        phone: t('forms.phone'),
        message: t('viewings.form.message'),
        privacyConsent: t('forms.privacyConsent'),
        privacyLink: t('forms.privacyLink'),
        required: t('forms.required'),
        submit: t('viewings.form.submit'),
        failed: t('detail.modal.failed'),
      },
      values: { name: text('name'), email: text('email'), phone: text('phone'), message: text('message'), privacyConsent: text('privacyConsent') },
      errors: state.errors,
      errorSummary: state.errorSummary,
      privacyUrl: urlFor('privacy', locale),
      botCheck: this.config.botCheckClient,
      autoFocus,
    };
  }

  private day(day: ViewingDay, locale: Locale, chosen: ReadonlySet<string>): ViewingDayOption {
    const { t } = this.translations.forLocale(locale);
    const [year, month, date] = day.date.split('-').map(Number) as [number, number, number];
    const noon = new Date(Date.UTC(year, month - 1, date, 12));
    const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : `${locale}-BE`, { ...options, timeZone: 'UTC' }).format(noon);
    return {
      date: day.date,
      weekday: capitalized(format({ weekday: 'long' })),
      dayMonth: format({ day: 'numeric', month: 'long' }),
      slots: day.slots.map((slot) => ({ id: slot.id, label: t(`viewings.form.halfDayName.${slot.halfDay}`), hours: t(`viewings.form.halfDayHours.${slot.halfDay}`), checked: chosen.has(slot.id) })),
    };
  }
}
