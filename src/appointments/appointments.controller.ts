import { Controller, Get, Param } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { Repository } from 'typeorm';
import { NotFoundError } from '../common/errors.js';
import { RequestLocale } from '../common/locale.decorator.js';
import { page, type PageView } from '../common/rendering/view.js';
import { TextPage, type TextPageModel } from '../../views/pages/info-page.js';
import { formatDate, formatTime } from '../common/format-date.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { AppointmentEntity } from './appointment.entity.js';

@Controller()
export class AppointmentsController {
  constructor(
    @InjectRepository(AppointmentEntity) private readonly appointments: Repository<AppointmentEntity>,
  ) {}

  @Get(routerPaths('cancelAppointment'))
  async cancel(
    @RequestLocale() locale: Locale,
    @Param('appointmentId') appointmentId: string,
  ): Promise<PageView<TextPageModel>> {
    const appointment = isUUID(appointmentId) ? await this.appointments.findOneBy({ id: appointmentId }) : null;
    if (!appointment) throw new NotFoundError();
    return page(
      TextPage,
      {
        key: appointment.cancelledAt ? 'appointmentCancelled' : 'cancelAppointment',
        noindex: true,
        args: { date: formatDate(appointment.startsAt), time: formatTime(appointment.startsAt), location: appointment.location },
      },
      { route: 'cancelAppointment', params: { appointmentId }, indexable: false },
      { cache: 'no-store' },
    );
  }
}
