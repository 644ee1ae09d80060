import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CancelAppointmentForm, type CancelAppointmentModel, CancelAppointmentPage } from '../../views/pages/cancel-appointment-page.js';
import { fragment, type FragmentView, page, type PageView } from '../web/view.js';
import { AppConfig } from '../config/config.js';
import { toEstateCard } from '../estates/display/estate-card.js';
import type { FormState, FormView } from '../forms/form-view.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { AppointmentCancellationService, type FoundAppointment } from './appointment-cancellation.service.js';
import { appointmentState, appointmentTime } from './appointment-time.js';

/** The cancel page and its model. */
@Injectable()
export class CancelAppointmentPageModels {
  constructor(
    private readonly appointments: AppointmentCancellationService,
    private readonly translations: TranslationService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  model(found: FoundAppointment, locale: Locale, state?: FormState): CancelAppointmentModel {
    const { appointment, listing } = found;
    const t = this.translations.forLocale(locale);
    const reason = state?.values.reason;
    return {
      state: appointmentState(appointment, new Date()),
      ...appointmentTime(appointment.startsAt, locale),
      cancelledOn: appointment.cancelledAt ? appointmentTime(appointment.cancelledAt, locale).date : null,
      visitorName: appointment.visitorName,
      agentName: appointment.agentName,
      card: listing ? toEstateCard(listing.estate, t, listing.paths[locale]) : null,
      form: {
        action: urlFor('cancelAppointment', locale, { appointmentId: appointment.publicId }),
        reason: { value: typeof reason === 'string' ? reason : '', error: state?.errors.reason ? t.t(state.errors.reason) : undefined },
        refused: Boolean(state),
        botCheck: this.config.botCheckClient,
      },
    };
  }

  view(found: FoundAppointment, locale: Locale, state?: FormState): PageView<CancelAppointmentModel> {
    const model = this.model(found, locale, state);
    return page(
      CancelAppointmentPage,
      model,
      { route: 'cancelAppointment', params: { appointmentId: found.appointment.publicId }, indexable: false },
      { cache: 'no-store', ...(state ? { status: 422 } : {}) },
    );
  }
}

/** The cancel form again when its input was refused (a reason too long). */
@Injectable()
export class CancelAppointmentFormView implements FormView {
  constructor(
    private readonly appointments: AppointmentCancellationService,
    private readonly pages: CancelAppointmentPageModels,
  ) {}

  async fragment(request: FastifyRequest, locale: Locale, state: FormState): Promise<FragmentView> {
    const model = this.pages.model(await this.appointments.find(publicIdOf(request)), locale, state);
    return fragment((ctx) => CancelAppointmentForm({ ctx, model }), { status: 422, cache: 'no-store' });
  }

  async page(request: FastifyRequest, locale: Locale, state: FormState): Promise<PageView<CancelAppointmentModel>> {
    return this.pages.view(await this.appointments.find(publicIdOf(request)), locale, state);
  }
}

function publicIdOf(request: FastifyRequest): string {
  return String((request.params as Record<string, unknown>).appointmentId ?? '');
}
