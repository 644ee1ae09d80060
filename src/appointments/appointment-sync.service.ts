import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { AppConfig } from '../config/config.js';
import type { SourceName } from '../estates/domain/estate.js';
import { EstateEntity } from '../estates/persistence/estate.entity.js';
import type { SourceAppointment } from '../estates/sources/appointment-source.port.js';
import { AppointmentEntity } from './appointment.entity.js';

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
 */
@Injectable()
export class AppointmentSyncService {
  private readonly logger = new Logger(AppointmentSyncService.name);
  private readonly listeners: Array<(source: SourceName) => Promise<unknown>> = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /**
   * Runs `listener` after each store has committed (the web app's appointment confirmations; `npm run sync` has
   * none, and the app's next sync sends what it stored). A listener that fails is logged; the sync is not failed.
   */
  afterStore(listener: (source: SourceName) => Promise<unknown>): void {
    this.listeners.push(listener);
  }

  async store(source: SourceName, appointments: readonly SourceAppointment[]): Promise<AppointmentSyncReport> {
    const report = await this.save(source, appointments);
    for (const listener of this.listeners) {
      try {
        await listener(source);
      } catch (error) {
        this.logger.error(`source ${source}: after storing appointments: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return report;
  }

  private save(source: SourceName, appointments: readonly SourceAppointment[]): Promise<AppointmentSyncReport> {
    return this.dataSource.transaction(async (manager) => {
      const listingIds = [...new Set(appointments.map((appointment) => appointment.listingSourceId))];
      const estates = listingIds.length
        ? await manager.find(EstateEntity, { select: { id: true, sourceId: true }, where: { source, sourceId: In(listingIds) } })
        : [];
      const estateBySourceId = new Map(estates.map((estate) => [estate.sourceId, estate.id]));
      const ids = appointments.map((appointment) => appointment.sourceId);
      const known = ids.length ? await manager.find(AppointmentEntity, { where: { source, sourceId: In(ids) } }) : [];
      const bySourceId = new Map(known.map((row) => [row.sourceId, row]));
      let inserted = 0;
      let updated = 0;
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
          await manager.insert(AppointmentEntity, {
            id: randomUUID(),
            publicId: newAppointmentPublicId(),
            source,
            sourceId: appointment.sourceId,
            ...fields,
            status: appointment.cancelled ? 'CANCELLED' : 'PLANNED',
            cancelledAt: appointment.cancelled ? new Date() : null,
            cancelledBy: appointment.cancelled ? 'CRM' : null,
            cancelReason: null,
            // The agency's CRM confirms its appointments itself: the site never does, even if the setting changes later.
            confirmation: this.config.APPOINTMENT_CONFIRMATIONS === 'crm' ? 'CRM' : null,
            confirmationMailId: null,
          });
          inserted++;
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
        await manager.update(AppointmentEntity, { id: row.id }, { ...fields, ...(cancelNow ? { status: 'CANCELLED' as const, cancelledAt: new Date(), cancelledBy: 'CRM' as const } : {}) });
        updated++;
      }
      if (inserted || updated) this.logger.log(`source ${source}: ${inserted} new appointment(s), ${updated} updated`);
      return { inserted, updated };
    });
  }
}
