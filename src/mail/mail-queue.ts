import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import type { JobQueueService } from '../jobs/job-queue.service.js';
import { MailRepository } from './mail.repository.js';

export const MAIL_QUEUE = 'mail';

export interface MailJob {
  readonly mailId: string;
}

/**
 * One job per mail, retried with a doubling delay: with the defaults (12 attempts, 1 minute doubling
 * up to an hour) a mail keeps trying for about six hours of SMTP outage before it is marked FAILED.
 */
export function defineMailQueue(jobs: JobQueueService, config: AppConfig): Promise<void> {
  return jobs.define(MAIL_QUEUE, {
    retryLimit: config.MAIL_MAX_ATTEMPTS - 1,
    retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMaxSeconds: config.MAIL_RETRY_DELAY_MAX_SECONDS,
    expireInSeconds: 120,
  });
}

/**
 * Queues mails again (`npm run mail:retry`): the given ones that are not sent (nor being sent), or else every FAILED
 * mail and every PENDING one without a job (queued before mails had jobs). Each gets a new job and a
 * full set of attempts; the attempts column keeps counting. Returns the ids re-queued.
 */
export async function requeueMails(dataSource: DataSource, jobs: JobQueueService, config: AppConfig, ids?: readonly string[]): Promise<string[]> {
  await defineMailQueue(jobs, config);
  const mails = new MailRepository(dataSource);
  return dataSource.transaction(async (manager) => {
    const requeueable = await mails.lockRequeueable(manager, ids);
    for (const id of requeueable) {
      const jobId = await jobs.send<MailJob>(MAIL_QUEUE, { mailId: id }, { manager });
      await mails.requeue(manager, id, jobId);
    }
    return requeueable;
  });
}
