import type { EntityManager } from 'typeorm';
import type { JobQueueService } from '../jobs/job-queue.service.js';

/**
 * "Confirmations may be due": a job queued by the appointment sync in the transaction that stores the appointments,
 * whichever process syncs (the web app's scheduled sync or `npm run sync`), and worked by the web app, which has the
 * mail sender. Each job sweeps every due appointment; the sweep's conditional update keeps each mail to one.
 */
export const APPOINTMENT_CONFIRMATION_QUEUE = 'appointment-confirmation';

export interface AppointmentConfirmationJob {
  readonly reason: 'sync' | 'start';
}

/** The same settings in every process that sends to the queue or works it. */
export function defineAppointmentConfirmationQueue(jobs: JobQueueService): Promise<void> {
  // Standard (no singleton): a sweep already queued might start before the caller's transaction commits and miss it.
  return jobs.define(APPOINTMENT_CONFIRMATION_QUEUE, { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300 });
}

/** Queues a sweep; with `manager`, inside that open transaction (it exists only if the transaction commits). */
export function queueAppointmentConfirmations(jobs: JobQueueService, reason: AppointmentConfirmationJob['reason'], manager?: EntityManager): Promise<string | null> {
  return jobs.send<AppointmentConfirmationJob>(APPOINTMENT_CONFIRMATION_QUEUE, { reason }, manager ? { manager } : {});
}
