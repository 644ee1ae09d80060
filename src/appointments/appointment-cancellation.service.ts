import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { NotFoundError } from '../utils/errors.js';
import { AppConfig } from '../config/config.js';
import { UnitOfWorkService } from '../database/unit-of-work.service.js';
import { EstateDetailService, type FoundEstate } from '../detail/estate-detail.service.js';
import { pickText } from '../i18n/localized-text.js';
import { LeadsService } from '../leads/leads.service.js';
import { MailOutboxService } from '../mail/mail-outbox.service.js';
import type { Locale } from '../routing/locales.js';
import type { AppointmentEntity } from './appointment.entity.js';
import { AppointmentRepository } from './appointment.repository.js';
import { appointmentTime } from './appointment-time.js';

/** A public id as newAppointmentPublicId makes them (anything else is not looked up). */
const PUBLIC_ID = /^[A-Za-z0-9_-]{43}$/;

export interface FoundAppointment {
  readonly appointment: AppointmentEntity;
  /** The listing visited, when it is still on the site. */
  readonly listing: FoundEstate | null;
}

export type CancelOutcome = 'cancelled' | 'already-cancelled' | 'past';

/**
 * The visitor's side of an appointment: find it by its public id, and cancel it once. The cancellation, the mails
 * to the visitor and the agent, and the lead for the CRM are one transaction; a second cancel changes nothing.
 */
@Injectable()
export class AppointmentCancellationService {
  constructor(
    private readonly unitOfWork: UnitOfWorkService,
    private readonly appointments: AppointmentRepository,
    private readonly details: EstateDetailService,
    private readonly mail: MailOutboxService,
    private readonly leads: LeadsService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async find(publicId: string): Promise<FoundAppointment> {
    const appointment = PUBLIC_ID.test(publicId) ? await this.appointments.findByPublicId(publicId) : null;
    // An erased appointment (GDPR) is no longer anyone's.
    if (!appointment || appointment.visitorEmail === '') throw new NotFoundError();
    const listing = appointment.estateId === null ? null : await this.details.find(appointment.estateId);
    return { appointment, listing };
  }

  async cancel(publicId: string, reason: string | null, locale: Locale): Promise<CancelOutcome> {
    const { listing } = await this.find(publicId);
    const outcome = await this.unitOfWork.run(async (manager): Promise<CancelOutcome> => {
      // Of two cancels at once, only one changes the row (and mails).
      const cancelled = await this.appointments.cancelByVisitor(manager, publicId, reason);
      const current = await this.appointments.getByPublicId(manager, publicId);
      if (!cancelled) return current.status === 'CANCELLED' ? 'already-cancelled' : 'past';
      await this.notify(manager, current, listing, reason, locale);
      return 'cancelled';
    });
    if (outcome === 'cancelled') {
      this.mail.kick();
      this.leads.kick();
    }
    return outcome;
  }

  private async notify(
    manager: EntityManager,
    appointment: AppointmentEntity,
    listing: FoundEstate | null,
    reason: string | null,
    locale: Locale,
  ): Promise<void> {
    const agency = this.config.AGENCY_LOCALE;
    const describe = (mailLocale: Locale) => ({
      listing: {
        title: listing ? pickText(listing.estate.title, mailLocale) || String(listing.estate.id) : `#${appointment.sourceId}`,
        url: listing ? this.details.absoluteUrl(listing.paths[mailLocale]) : null,
      },
      ...appointmentTime(appointment.startsAt, mailLocale),
      visitor: { name: appointment.visitorName, email: appointment.visitorEmail, phone: appointment.visitorPhone },
      reason,
    });
    await this.mail.queue(manager, { to: appointment.visitorEmail, locale, template: 'appointment-cancelled', model: { audience: 'visitor', ...describe(locale) } });
    await this.mail.queue(manager, {
      to: appointment.agentEmail ?? this.config.AGENCY_EMAIL,
      replyTo: appointment.visitorEmail,
      locale: agency,
      template: 'appointment-cancelled',
      model: { audience: 'agent', ...describe(agency) },
    });
    const when = appointmentTime(appointment.startsAt, agency);
    await this.leads.record(
      'cancellation',
      {
        estateId: appointment.estateId,
        locale,
        name: appointment.visitorName,
        email: appointment.visitorEmail,
        phone: appointment.visitorPhone,
        message: [`${appointment.source}:${appointment.sourceId} ${when.date} ${when.time}`, reason].filter(Boolean).join('\n'),
      },
      manager,
    );
  }
}
