import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import type { EntityManager } from 'typeorm';
import type { MailSite } from '../../views/mail/mail-layout.js';
import { AssetsService } from '../web/assets.service.js';
import { AppConfig } from '../config/config.js';
import { TranslationService } from '../i18n/translation.service.js';
import { type Job, JobQueueService } from '../jobs/job-queue.service.js';
import { legalIdentity } from '../config/legal-identity.js';
import type { Locale } from '../routing/locales.js';
import { defineMailQueue, MAIL_QUEUE, type MailJob } from './mail-queue.js';
import { renderMail } from './mail-renderer.js';
import type { MailModels, MailTemplateName } from './mail-templates.js';
import { type ClaimedMail, MailRepository } from './mail.repository.js';

/** One mail to queue: who gets it, in which language, and which component renders it with which model. */
export type MailRequest = {
  [K in MailTemplateName]: {
    readonly to: string;
    readonly replyTo?: string;
    /** The recipient's language. */
    readonly locale: Locale;
    readonly template: K;
    readonly model: MailModels[K];
    readonly inquiryId?: string;
    /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on every subscription mail (RFC 8058). */
    readonly headers?: Readonly<Record<string, string>>;
    /** An iCalendar invite (METHOD:REQUEST), sent as a calendar part and an `invite.ics` attachment. */
    readonly calendar?: string;
  };
}[MailTemplateName];

/** How long a claim on a mail lasts: longer than any send (the SMTP timeouts below), shorter than patience. */
const CLAIM_SECONDS = 120;

/** Where mail goes: SMTP when configured, else .eml files (the embedded default), else nowhere yet. */
function outboxDirectory(config: AppConfig): string | null {
  if (config.MAIL_OUTBOX_DIR) return resolve(config.MAIL_OUTBOX_DIR);
  return config.DATA_DIR.startsWith('memory://') ? null : join(resolve(config.DATA_DIR), 'outbox');
}

/** Mails taken per fetch of the queue and sent at once: two per SMTP connection keeps the pool busy. */
const BATCH_PER_CONNECTION = 2;

/**
 * The mail outbox. `queue` renders a mail, stores it and queues its job inside the caller's
 * transaction; a worker in whichever process takes the job claims the row (PENDING → SENDING,
 * atomically, so two processes never both send it), sends it, and marks it SENT. A failed send goes
 * back to PENDING and the job is retried with backoff; after the last attempt the mail stays FAILED,
 * visible, until `npm run mail:retry` queues it again.
 */
@Injectable()
export class MailOutboxService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailOutboxService.name);
  private readonly transport: Transporter | null;
  private readonly directory: string | null;
  private readonly site: MailSite;
  private readonly from: SendMailOptions['from'];
  /** The last send failed: the next success means SMTP is back, and retries waiting for later are due now. */
  private smtpFailing = false;
  private lastRetriesBroughtForward = 0;

  constructor(
    private readonly mails: MailRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly jobs: JobQueueService,
    private readonly translations: TranslationService,
    assets: AssetsService,
  ) {
    this.directory = config.SMTP_URL ? null : outboxDirectory(config);
    this.transport = config.SMTP_URL
      ? createTransport({
          url: config.SMTP_URL,
          // A few connections kept open and reused: a backlog goes out at the server's speed, not one handshake per mail.
          pool: true,
          maxConnections: config.MAIL_SMTP_CONNECTIONS,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : this.directory
        ? createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
        : null;
    this.site = {
      name: config.AGENCY_NAME,
      // PNG: Gmail and Outlook show no SVG.
      logoUrl: new URL(config.AGENCY_LOGO_URL ?? assets.url('logo.png'), config.PUBLIC_BASE_URL).toString(),
      brandColor: config.BRAND_COLOR,
      siteUrl: new URL('/', config.PUBLIC_BASE_URL).toString(),
      email: config.AGENCY_EMAIL,
      phone: config.AGENCY_PHONE,
      legal: legalIdentity(config),
    };
    // The agency's name, unless MAIL_FROM names its sender itself.
    this.from = config.MAIL_FROM.includes('<') ? config.MAIL_FROM : { name: config.AGENCY_NAME, address: config.MAIL_FROM };
  }

  async onApplicationBootstrap(): Promise<void> {
    await defineMailQueue(this.jobs, this.config);
    if (!this.transport) {
      this.logger.warn('no SMTP_URL and no outbox directory: mails stay queued in the mails table');
      return;
    }
    await this.jobs.work<MailJob>(MAIL_QUEUE, (job) => this.deliver(job), { batchSize: this.config.MAIL_SMTP_CONNECTIONS * BATCH_PER_CONNECTION });
  }

  onApplicationShutdown(): void {
    // After every beforeApplicationShutdown, so after the job queue let its running sends finish.
    this.transport?.close();
  }

  /** Renders the mail and queues it in the caller's transaction: it exists, with its job, only if that commits. */
  async queue(manager: EntityManager, request: MailRequest): Promise<string> {
    const rendered = renderMail(request.template, request.model as never, this.translations.forLocale(request.locale), this.site);
    const id = randomUUID();
    await this.mails.add(manager, {
      id,
      to: request.to,
      replyTo: request.replyTo ?? null,
      locale: request.locale,
      template: request.template,
      ...rendered,
      inquiryId: request.inquiryId ?? null,
      headers: request.headers ? { ...request.headers } : null,
      icalEvent: request.calendar ?? null,
    });
    const jobId = await this.jobs.send<MailJob>(MAIL_QUEUE, { mailId: id }, { manager });
    await this.mails.attachJob(manager, id, jobId);
    return id;
  }

  /** Sends soon, outside the request that queued the mail (call after its transaction committed). */
  kick(): void {
    this.jobs.wake(MAIL_QUEUE);
  }

  private async deliver(job: Job<MailJob>): Promise<void> {
    const mail = await this.mails.claim(job.data.mailId, CLAIM_SECONDS);
    // Sent, failed, or being sent by another worker right now: nothing to do for this job.
    if (!mail) return;
    try {
      await this.send(mail);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.smtpFailing = true;
      const failed = job.lastAttempt;
      await this.mails.markAttemptFailed(mail.id, reason, failed);
      if (!failed) throw error;
      this.logger.error(`mail ${mail.id} FAILED after ${mail.attempts} attempt(s): ${reason}; re-queue it with \`npm run mail:retry -- --id ${mail.id}\``);
      return;
    }
    await this.mails.markSent(mail.id);
    // At most once per first retry delay: a server that refuses some mails (a rate limit) keeps its backoff.
    if (this.smtpFailing && Date.now() - this.lastRetriesBroughtForward >= this.config.MAIL_RETRY_DELAY_SECONDS * 1000) {
      this.smtpFailing = false;
      this.lastRetriesBroughtForward = Date.now();
      await this.retryWaitingNow();
    }
  }

  /**
   * SMTP is back: the mails whose retry was put off (up to MAIL_RETRY_DELAY_MAX_SECONDS) by the outage are sent now,
   * not one backoff later. Their claims still hold each mail to one sender.
   */
  private async retryWaitingNow(): Promise<void> {
    try {
      const count = await this.jobs.retryNow(MAIL_QUEUE);
      if (count > 0) this.logger.log(`SMTP answers again: ${count} mail(s) waiting for a retry are due now`);
    } catch (error) {
      this.logger.warn(`waiting mails not brought forward (they keep their retry time): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async send(mail: ClaimedMail): Promise<void> {
    const info = await this.transport!.sendMail({
      from: this.from,
      to: mail.to_address,
      // Answers to a mail without a reply target of its own reach the agency, never the no-reply sender.
      replyTo: mail.reply_to ?? this.config.AGENCY_EMAIL,
      subject: mail.subject,
      // Mails carried over from the old outbox have text only.
      html: mail.html || undefined,
      text: mail.text,
      headers: { ...mail.headers, 'Content-Language': mail.locale },
      icalEvent: mail.ical_event ? { method: 'REQUEST', filename: 'invite.ics', content: mail.ical_event } : undefined,
      // The same on every attempt, so a receiver that got it already can tell.
      messageId: `<${mail.id}@${new URL(this.config.PUBLIC_BASE_URL).hostname}>`,
    });
    if (this.directory) {
      mkdirSync(this.directory, { recursive: true });
      writeFileSync(join(this.directory, `${mail.id}.eml`), (info as { message: Buffer }).message);
    }
  }
}
