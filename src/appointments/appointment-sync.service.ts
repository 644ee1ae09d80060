import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { AppConfig } from '../config/config.js';
import { UnitOfWorkService } from '../database/unit-of-work.service.js';
import type { SourceName } from '../estates/domain/estate.js';
import type { AppointmentStore } from '../estates/persistence/appointment-store.port.js';
import type { SourceAppointment } from '../estates/sources/appointment-source.port.js';
import { JobQueueService } from '../jobs/job-queue.service.js';
import { AppointmentRepository } from './appointment.repository.js';
import { APPOINTMENT_CONFIRMATION_QUEUE, defineAppointmentConfirmationQueue, queueAppointmentConfirmations } from './appointment-confirmation-queue.js';

/**
 * Whether the appointments of `source` must never be confirmed: a demo source (fixtures/) on a site whose mails
 * leave the machine (SMTP_URL). Without SMTP_URL every mail is only written to the outbox (files in DATA_DIR, or the
 * table), where the demo shows its confirmations and cancel links to whoever tries it, and reaches no one.
 */
export function demoVisitorsNeverMailed(config: AppConfig, source: SourceName): boolean {
  return !!config.SMTP_URL && config.demoSources.some((entry) => entry.source === source);
}

/** 256 random bits, URL-safe: the only way to an appointment's page. */
export function newAppointmentPublicId(): string {
  return randomBytes(32).toString('base64url');
}

export interface AppointmentSyncReport {
  readonly inserted: number;
  readonly updated: number;
}

/**
 * Makes the appointments of one source equal to what its CRM lists: new ones get a fresh public id, known ones are
 * updated (time, visitor, agent, listing). A cancellation stays, whichever side made it: the CRM learns of a visitor's
 * cancellation through its lead, and may list the visit as planned until then.
 *
 * When a stored appointment may need the site's confirmation, a confirmation job is queued in the same transaction,
 * whichever process syncs (the web app, or `npm run sync` beside it): the web app works it within a poll
 * (JOBS_POLL_INTERVAL_SECONDS) and mails the visitor, once (see AppointmentConfirmationService).
 */
@Injectable()
export class AppointmentSyncService implements AppointmentStore {
  private readonly logger = new Logger(AppointmentSyncService.name);
  private queueDefined?: Promise<void>;

  constructor(
    private readonly unitOfWork: UnitOfWorkService,
    private readonly appointments: AppointmentRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly jobs: JobQueueService,
  ) {}

  async store(source: SourceName, appointments: readonly SourceAppointment[]): Promise<AppointmentSyncReport> {
    const confirmBySite = this.config.APPOINTMENT_CONFIRMATIONS === 'site';
    // Before the transaction: on the embedded database the queue's lookup beside an open transaction waits for it.
    if (confirmBySite) await this.confirmationQueue();
    const report = await this.save(source, appointments, confirmBySite);
    // This process's worker, if it has one (the web app), looks at once; other processes' workers at their next poll.
    if (report.confirmationQueued) this.jobs.wake(APPOINTMENT_CONFIRMATION_QUEUE);
    return { inserted: report.inserted, updated: report.updated };
  }

  private confirmationQueue(): Promise<void> {
    this.queueDefined ??= defineAppointmentConfirmationQueue(this.jobs).catch((error: unknown) => {
      this.queueDefined = undefined;
      throw error;
    });
    return this.queueDefined;
  }

  private save(
    source: SourceName,
    appointments: readonly SourceAppointment[],
    confirmBySite: boolean,
  ): Promise<AppointmentSyncReport & { confirmationQueued: boolean }> {
    return this.unitOfWork.run(async (manager) => {
      const estateBySourceId = await this.appointments.listingIds(manager, source, [...new Set(appointments.map((appointment) => appointment.listingSourceId))]);
      const known = await this.appointments.findBySourceIds(manager, source, appointments.map((appointment) => appointment.sourceId));
      const bySourceId = new Map(known.map((row) => [row.sourceId, row]));
      let inserted = 0;
      let updated = 0;
      /** Stored rows the site may have to confirm now: planned and not confirmed yet (the sweep checks the rest). */
      let unconfirmed = 0;
      // A demo source's visitors are fictitious (fixtures/), but their addresses may exist: once mails can leave the
      // machine (SMTP_URL), they are never confirmed (see demoVisitorsNeverMailed). The agency's CRM confirms its
      // appointments itself: the site never does, even if the setting changes later.
      const demo = demoVisitorsNeverMailed(this.config, source);
      for (const appointment of appointments) {
        const fields = {
          estateId: estateBySourceId.get(appointment.listingSourceId) ?? null,
          startsAt: appointment.startsAt,
          visitorName: appointment.visitor.name,
          visitorEmail: appointment.visitor.email,
          visitorPhone: appointment.visitor.phone,
          visitorLocale: appointment.visitor.locale,
          agentName: appointment.agent.name,
          agentEmail: appointment.agent.email,
        };
        const row = bySourceId.get(appointment.sourceId);
        if (!row) {
          await this.appointments.add(manager, {
            id: randomUUID(),
            publicId: newAppointmentPublicId(),
            source,
            sourceId: appointment.sourceId,
            ...fields,
            status: appointment.cancelled ? 'CANCELLED' : 'PLANNED',
            cancelledAt: appointment.cancelled ? new Date() : null,
            cancelledBy: appointment.cancelled ? 'CRM' : null,
            cancelReason: null,
            confirmation: demo ? 'NONE' : this.config.APPOINTMENT_CONFIRMATIONS === 'crm' ? 'CRM' : null,
            confirmationMailId: null,
          });
          inserted++;
          if (!appointment.cancelled && !demo) unconfirmed++;
          continue;
        }
        // An appointment erased for privacy (GDPR) stays erased, even while its CRM still lists it.
        if (row.visitorEmail === '') continue;
        const cancelNow = appointment.cancelled && row.status !== 'CANCELLED';
        const changed =
          cancelNow ||
          row.estateId !== fields.estateId ||
          row.startsAt.getTime() !== fields.startsAt.getTime() ||
          row.visitorName !== fields.visitorName ||
          row.visitorEmail !== fields.visitorEmail ||
          row.visitorPhone !== fields.visitorPhone ||
          row.visitorLocale !== fields.visitorLocale ||
          row.agentName !== fields.agentName ||
          row.agentEmail !== fields.agentEmail;
        if (!changed) continue;
        await this.appointments.update(manager, row.id, { ...fields, ...(cancelNow ? { status: 'CANCELLED' as const, cancelledAt: new Date(), cancelledBy: 'CRM' as const } : {}) });
        updated++;
        if (!appointment.cancelled && row.status === 'PLANNED' && row.confirmation === null) unconfirmed++;
      }
      if (inserted || updated) this.logger.log(`source ${source}: ${inserted} new appointment(s), ${updated} updated`);
      // Committed with the appointments, by whichever process stores them: none is lost between the two.
      const confirmationQueued = confirmBySite && unconfirmed > 0 && (await queueAppointmentConfirmations(this.jobs, 'sync', manager)) !== null;
      return { inserted, updated, confirmationQueued };
    });
  }
}
