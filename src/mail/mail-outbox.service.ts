import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { DataSource, type EntityManager, LessThanOrEqual } from 'typeorm';
import { AppConfig } from '../config/config.js';
import { MailOutboxEntity } from './mail-outbox.entity.js';

export interface OutgoingMail {
  readonly to: string;
  readonly replyTo?: string;
  readonly subject: string;
  readonly text: string;
  readonly inquiryId?: string;
}

/** After this many failed attempts a mail is marked FAILED and left for an operator. */
export const MAX_MAIL_ATTEMPTS = 6;
const BATCH = 20;
const FIRST_RETRY_MS = 30_000;

/** Where mail goes: SMTP when configured, else .eml files (the embedded default), else nowhere yet. */
function outboxDirectory(config: AppConfig): string | null {
  if (config.MAIL_OUTBOX_DIR) return resolve(config.MAIL_OUTBOX_DIR);
  return config.DATA_DIR.startsWith('memory://') ? null : join(resolve(config.DATA_DIR), 'outbox');
}

/**
 * The mail queue. `enqueue` writes inside the caller's transaction; the dispatcher sends due mails
 * right after, every MAIL_DISPATCH_INTERVAL_SECONDS, and retries failures with exponential backoff.
 */
@Injectable()
export class MailOutboxService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailOutboxService.name);
  private readonly transport: Transporter | null;
  private readonly directory: string | null;
  private timer?: NodeJS.Timeout;
  private running: Promise<number> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {
    this.directory = config.SMTP_URL ? null : outboxDirectory(config);
    this.transport = config.SMTP_URL
      ? createTransport(config.SMTP_URL)
      : this.directory
        ? createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
        : null;
  }

  onApplicationBootstrap(): void {
    if (!this.transport) this.logger.warn('no SMTP_URL and no outbox directory: mails stay queued in mail_outbox');
    const seconds = this.config.MAIL_DISPATCH_INTERVAL_SECONDS;
    if (seconds > 0 && this.transport) {
      this.timer = setInterval(() => void this.dispatchDue(), seconds * 1000);
      this.timer.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async enqueue(manager: EntityManager, mail: OutgoingMail): Promise<string> {
    const id = randomUUID();
    await manager.insert(MailOutboxEntity, {
      id,
      to: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      status: 'PENDING',
      attempts: 0,
      nextAttemptAt: new Date(),
      inquiryId: mail.inquiryId ?? null,
      lastError: null,
      sentAt: null,
    });
    return id;
  }

  /** Sends soon, outside the request that queued the mail. */
  kick(): void {
    if (this.transport) setImmediate(() => void this.dispatchDue());
  }

  /** Sends every due mail once; returns how many were sent. Runs never overlap. */
  dispatchDue(): Promise<number> {
    this.running ??= this.sendDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendDue(): Promise<number> {
    if (!this.transport) return 0;
    const outbox = this.dataSource.getRepository(MailOutboxEntity);
    let due: MailOutboxEntity[];
    try {
      due = await outbox.find({ where: { status: 'PENDING', nextAttemptAt: LessThanOrEqual(new Date()) }, order: { createdAt: 'ASC' }, take: BATCH });
    } catch (error) {
      this.logger.error(`mail outbox unreadable: ${String(error)}`);
      return 0;
    }
    let sent = 0;
    for (const mail of due) {
      try {
        const info = await this.transport.sendMail({ from: this.config.MAIL_FROM, to: mail.to, replyTo: mail.replyTo ?? undefined, subject: mail.subject, text: mail.text });
        if (this.directory) {
          mkdirSync(this.directory, { recursive: true });
          writeFileSync(join(this.directory, `${mail.id}.eml`), (info as { message: Buffer }).message);
        }
        await outbox.update({ id: mail.id }, { status: 'SENT', attempts: mail.attempts + 1, sentAt: new Date(), lastError: null });
        sent++;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const failed = attempts >= MAX_MAIL_ATTEMPTS;
        await outbox.update(
          { id: mail.id },
          {
            status: failed ? 'FAILED' : 'PENDING',
            attempts,
            lastError: error instanceof Error ? error.message : String(error),
            nextAttemptAt: new Date(Date.now() + FIRST_RETRY_MS * 2 ** (attempts - 1)),
          },
        );
        this.logger.warn(`mail ${mail.id} not sent (attempt ${attempts}${failed ? ', giving up' : ''}): ${String(error)}`);
      }
    }
    return sent;
  }
}
