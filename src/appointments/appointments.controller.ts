import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Repository } from 'typeorm';
import { NotFoundError } from '../common/errors.js';
import { RequestLocale } from '../common/locale.decorator.js';
import { PageResponder } from '../common/page-responder.service.js';
import { formatDate, formatTime } from '../common/format-date.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { AppointmentEntity } from './appointment.entity.js';

@Controller()
export class AppointmentsController {
  constructor(
    private readonly pages: PageResponder,
    @InjectRepository(AppointmentEntity) private readonly appointments: Repository<AppointmentEntity>,
  ) {}

  @Get(routerPaths('cancelAppointment'))
  async cancel(
    @RequestLocale() locale: Locale,
    @Param('appointmentId') appointmentId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const appointment = isUUID(appointmentId) ? await this.appointments.findOneBy({ id: appointmentId }) : null;
    if (!appointment) throw new NotFoundError();
    return this.pages.info(
      request,
      reply,
      locale,
      { route: 'cancelAppointment', params: { appointmentId }, indexable: false },
      appointment.cancelledAt ? 'appointmentCancelled' : 'cancelAppointment',
      { args: { date: formatDate(appointment.startsAt), time: formatTime(appointment.startsAt), location: appointment.location } },
    );
  }
}
