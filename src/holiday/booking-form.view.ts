import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { BookingForm } from '../../views/fragments/booking-form.js';
import { HolidayUnitPage } from '../../views/pages/holiday-unit-page.js';
import { NotFoundError } from '../utils/errors.js';
import { fragment, type FragmentView, page, type View } from '../web/view.js';
import type { FormState, FormView } from '../forms/form-view.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import type { AvailabilityRange, HolidayUnit } from './domain/holiday-unit.js';
import { todayInBelgium } from './domain/stay.js';
import { type BookingFormState, HolidayPageModels } from './holiday-page.model.js';
import { HolidayRepository } from './persistence/holiday.repository.js';

/** Messages are i18n keys from the DTO's checks, or sentences the service already wrote in the visitor's language. */
const MESSAGE_KEY = /^(forms|holiday)\.errors\.\w+$/;

/** The booking form shown again with its messages: the form for htmx, the unit page without JavaScript (422). */
@Injectable()
export class BookingFormView implements FormView {
  constructor(
    private readonly repository: HolidayRepository,
    private readonly pages: HolidayPageModels,
    private readonly translations: TranslationService,
  ) {}

  private async load(request: FastifyRequest, locale: Locale, state: FormState) {
    const id = Number((request.params as Record<string, string>).rentalUnitId);
    const found = Number.isInteger(id) && id > 0 ? await this.repository.find(id) : null;
    if (!found) throw new NotFoundError();
    const t = this.translations.forLocale(locale).t;
    const values = Object.fromEntries(Object.entries(state.values).map(([key, value]) => [key, typeof value === 'string' ? value : (value[0] ?? '')]));
    const errors = Object.fromEntries(Object.entries(state.errors).map(([field, message]) => [field, MESSAGE_KEY.test(message) ? t(message) : message]));
    const formState: BookingFormState = { values, errors, errorSummary: t('holiday.booking.errorSummary') };
    return { found, ranges: await this.repository.ranges(id), formState };
  }

  async fragment(request: FastifyRequest, locale: Locale, state: FormState): Promise<FragmentView> {
    const { found, ranges, formState } = await this.load(request, locale, state);
    const props = this.pages.bookingForm(found.unit, ranges, locale, todayInBelgium(), formState);
    return fragment(() => BookingForm(props), { status: 422, cache: 'no-store' });
  }

  async page(request: FastifyRequest, locale: Locale, state: FormState): Promise<View> {
    const { found, ranges, formState } = await this.load(request, locale, state);
    return this.unitPage(found.unit, ranges, locale, formState, 422);
  }

  /** A request refused as a whole (the bot check, too many requests): the unit page with what was typed, and why. */
  async refused(request: FastifyRequest, locale: Locale, state: FormState, message: string, status: number): Promise<View> {
    const { found, ranges, formState } = await this.load(request, locale, state);
    return this.unitPage(found.unit, ranges, locale, { ...formState, errorSummary: message }, status);
  }

  private unitPage(unit: HolidayUnit, ranges: readonly AvailabilityRange[], locale: Locale, formState: BookingFormState, status: number): View {
    const model = this.pages.pageModel(unit, ranges, locale, todayInBelgium(), formState);
    return page(HolidayUnitPage, model, { route: 'holiday', params: { rentalUnitId: unit.id }, indexable: false }, { status, cache: 'no-store' });
  }
}
