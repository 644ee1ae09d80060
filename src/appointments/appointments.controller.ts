import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { type CancelAppointmentModel, CancelAppointmentOutcome } from '../../views/pages/cancel-appointment-page.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { type PageView, submitted, type SubmittedView } from '../web/view.js';
import { FormHandler } from '../forms/form.decorator.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';
import { AppointmentCancellationService } from './appointment-cancellation.service.js';
import { CancelAppointmentFormView, CancelAppointmentPageModels } from './cancel-appointment-page.model.js';
import { CancelAppointmentDto } from './cancel-appointment.dto.js';

/**
 * The link in the visitor's appointment mail: the visit, the listing's card and one button. The post goes through
 * the form pipeline; cancelling twice (or a visit already past) changes nothing and shows what it is.
 */
@Controller()
export class AppointmentsController {
  constructor(
    private readonly appointments: AppointmentCancellationService,
    private readonly pages: CancelAppointmentPageModels,
  ) {}

  @Get(routerPaths('cancelAppointment'))
  async show(@RequestLocale() locale: Locale, @Param('appointmentId') appointmentId: string): Promise<PageView<CancelAppointmentModel>> {
    return this.pages.view(await this.appointments.find(appointmentId), locale);
  }

  @Post(routerPaths('cancelAppointment'))
  @FormHandler({ name: 'cancel-appointment', view: CancelAppointmentFormView })
  async cancel(@RequestLocale() locale: Locale, @Param('appointmentId') appointmentId: string, @Body() dto: CancelAppointmentDto): Promise<SubmittedView> {
    const outcome = await this.appointments.cancel(appointmentId, dto.reason ?? null, locale);
    const location = urlFor('cancelAppointment', locale, { appointmentId });
    // Cancelled now, already cancelled or past: the form becomes what the page now says, its intro too.
    const model = this.pages.model(await this.appointments.find(appointmentId), locale);
    return submitted(location, (ctx) => CancelAppointmentOutcome({ ctx, model, done: outcome === 'cancelled' }));
  }
}
