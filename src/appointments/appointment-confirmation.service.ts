import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/config.js';
import { UnitOfWorkService } from '../database/unit-of-work.service.js';
import { EstateDetailService, type FoundEstate } from '../detail/estate-detail.service.js';
import type { SourceName } from '../estates/domain/estate.js';
import { pickText } from '../i18n/localized-text.js';
import { TranslationService } from '../i18n/translation.service.js';
import { JobQueueService } from '../jobs/job-queue.service.js';
import { MailOutboxService } from '../mail/mail-outbox.service.js';
import { defineMailQueue } from '../mail/mail-queue.js';
import { isLocale, type Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import type { AppointmentEntity } from './appointment.entity.js';
import { AppointmentRepository } from './appointment.repository.js';
import { appointmentInvite } from './appointment-invite.js';
import {
  APPOINTMENT_CONFIRMATION_QUEUE,
  type AppointmentConfirmationJob,
  defineAppointmentConfirmationQueue,
  queueAppointmentConfirmations,
} from './appointment-confirmation-queue.js';
import { appointmentTime } from './appointment-time.js';
import { demoVisitorsNeverMailed } from './appointment-sync.service.js';

/** The street line of a visible address, else the city only (as the listing shows it). */
function locationOf(listing: FoundEstate | null, locale: Locale): string | null {
  if (!listing) return null;
  const { address } = listing.estate;
  const city = `${address.city.zip} ${pickText(address.city.alias, locale) || address.city.name}`.trim();
  const street = address.visible ? [pickText(address.street, locale), address.number].filter(Boolean).join(' ') : '';
  return [street, city].filter(Boolean).join(', ') || null;
}

/**
 * Tells the visitor of a planned appointment from a CRM, once: when and where, whom to ask, an .ics invite, and the
 * link to cancel (the only way to the appointment's page). Runs as a job (`appointment-confirmation`) that the
 * appointment sync queues in its own transaction, whichever process synced (this app's scheduled sync or `npm run
 * sync`), and once at start (for what was stored while no app ran). The mail is queued in the transaction that marks
 * the appointment confirmed, so it is queued once whatever the number of syncs, jobs or replicas. With
 * APPOINTMENT_CONFIRMATIONS=crm the CRM sends its own and the sync marks the appointment so.
 */
@Injectable()
export class AppointmentConfirmationService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AppointmentConfirmationService.name);

  constructor(
    private readonly unitOfWork: UnitOfWorkService,
    private readonly appointments: AppointmentRepository,
    private readonly details: EstateDetailService,
    private readonly mail: MailOutboxService,
    private readonly jobs: JobQueueService,
    private readonly translations: TranslationService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // A sweep queues mails: their queue is defined before the first sweep can run (hooks of one module run at once).
    await defineMailQueue(this.jobs, this.config);
    await defineAppointmentConfirmationQueue(this.jobs);
    await this.jobs.work<AppointmentConfirmationJob>(APPOINTMENT_CONFIRMATION_QUEUE, async () => {
      await this.confirmDue();
    });
    if (this.config.APPOINTMENT_CONFIRMATIONS !== 'site') return;
    // What a sync stored while no app was running (or before confirmations were queued as jobs).
    if (await queueAppointmentConfirmations(this.jobs, 'start')) this.jobs.wake(APPOINTMENT_CONFIRMATION_QUEUE);
  }

  /** Queues the confirmation of every planned, future appointment with an address that has none yet; how many. */
  async confirmDue(source?: SourceName): Promise<number> {
    if (this.config.APPOINTMENT_CONFIRMATIONS !== 'site') return 0;
    // A demo source's appointments are stored as never to confirm once mails leave the machine; this keeps one stored
    // before (in a demo without SMTP_URL) unmailed too.
    const due = (await this.appointments.findUnconfirmed(source)).filter((appointment) => !demoVisitorsNeverMailed(this.config, appointment.source));
    let queued = 0;
    for (const appointment of due) {
      // Read before the transaction: on the embedded database a read beside an open transaction waits for it.
      const listing = appointment.estateId === null ? null : await this.details.find(appointment.estateId);
      if (await this.confirm(appointment, listing)) queued++;
    }
    if (queued) {
      this.logger.log(`${queued} appointment confirmation(s) queued`);
      this.mail.kick();
    }
    return queued;
  }

  private confirm(appointment: AppointmentEntity, listing: FoundEstate | null): Promise<boolean> {
    const locale: Locale = isLocale(appointment.visitorLocale) ? appointment.visitorLocale : this.config.AGENCY_LOCALE;
    const title = listing ? pickText(listing.estate.title, locale) || String(listing.estate.id) : `#${appointment.sourceId}`;
    const listingUrl = listing ? this.details.absoluteUrl(listing.paths[locale]) : null;
    const cancelUrl = this.details.absoluteUrl(urlFor('cancelAppointment', locale, { appointmentId: appointment.publicId }));
    const when = appointmentTime(appointment.startsAt, locale);
    const { t } = this.translations.forLocale(locale);
    return this.unitOfWork.run(async (manager) => {
      // Of two processes (or a cancel meanwhile), only one confirms, and only a planned visit.
      if (!(await this.appointments.claimSiteConfirmation(manager, appointment.id))) return false;
      const mailId = await this.mail.queue(manager, {
        to: appointment.visitorEmail,
        // Answers go to the agent who receives the visitor (else, by default, the agency).
        ...(appointment.agentEmail ? { replyTo: appointment.agentEmail } : {}),
        locale,
        template: 'appointment-confirmation',
        model: { visitorName: appointment.visitorName, listing: { title, url: listingUrl }, ...when, agent: { name: appointment.agentName, email: appointment.agentEmail }, cancelUrl },
        calendar: appointmentInvite(
          {
            uid: `${appointment.id}@${new URL(this.config.PUBLIC_BASE_URL).hostname}`,
            startsAt: appointment.startsAt,
            summary: t('flows.mail.appointment.inviteSummary', { title }),
            description: [listingUrl, `${t('flows.mail.appointment.cancel')}: ${cancelUrl}`].filter(Boolean).join('\n'),
            location: locationOf(listing, locale),
            url: listingUrl,
            organizer: { name: this.config.AGENCY_NAME, email: appointment.agentEmail ?? this.config.AGENCY_EMAIL },
            attendee: { name: appointment.visitorName, email: appointment.visitorEmail },
          },
          this.config.AGENCY_NAME,
        ),
      });
      await this.appointments.setConfirmationMail(manager, appointment.id, mailId);
      return true;
    });
  }
}
