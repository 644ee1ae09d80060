import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/config.js';
import { UnitOfWorkService } from '../database/unit-of-work.service.js';
import { mailboxLimitKey } from '../forms/email-address.js';
import { RateLimitService } from '../forms/rate-limit.service.js';
import { SubmissionLedgerService } from '../forms/submission-ledger.service.js';
import { TranslationService } from '../i18n/translation.service.js';
import { LeadsService } from '../leads/leads.service.js';
import { MailOutboxService } from '../mail/mail-outbox.service.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import type { DigestFrequency, SubscriptionEntity, StoredCriteria } from './subscription.entity.js';
import { SubscriptionRepository } from './subscription.repository.js';
import { describeCriteria, searchProfileOf } from './subscription-criteria.js';
import { isWellFormedToken } from './subscription-token.js';

const HOUR_MS = 3600_000;
/** Confirmation and update mails one address gets a day at most, whoever posts the form. */
const MAILS_PER_ADDRESS_PER_DAY = 5;
const DAY_MS = 24 * HOUR_MS;

export interface SubscriptionInput {
  readonly email: string;
  readonly name: string;
  readonly locale: Locale;
  readonly frequency: DigestFrequency;
  readonly criteria: StoredCriteria;
}

/** What a link's token leads to: a usable subscription, or why not (404 unknown, 410 expired or unsubscribed). */
export type TokenLookup =
  | { readonly kind: 'ok'; readonly subscription: SubscriptionEntity }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'expired' }
  | { readonly kind: 'unsubscribed' };

/** The three links every subscription mail carries (absolute: mail clients have no base URL). */
export interface SubscriptionLinks {
  readonly confirm: string;
  readonly edit: string;
  readonly unsubscribe: string;
}

/**
 * Keep me informed with double opt-in: a subscription is stored unconfirmed and only a confirmation mail leaves
 * until its link is followed. The form never says whether an address was subscribed: a second post with the same
 * address and search updates the subscription, and the mail (not the page) says so.
 */
@Injectable()
export class SubscriptionService {
  constructor(
    private readonly unitOfWork: UnitOfWorkService,
    private readonly subscriptions: SubscriptionRepository,
    private readonly mail: MailOutboxService,
    private readonly ledger: SubmissionLedgerService,
    private readonly translations: TranslationService,
    private readonly rateLimits: RateLimitService,
    private readonly leads: LeadsService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async subscribe(input: SubscriptionInput): Promise<void> {
    const email = input.email.toLowerCase();
    // The form mails an address anyone can type: it must not become a way to flood one, under any plus-address.
    await this.rateLimits.consume({ name: 'subscribe-recipient', points: MAILS_PER_ADDRESS_PER_DAY, durationSeconds: 24 * 3600 }, mailboxLimitKey(email));
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.config.SUBSCRIPTION_CONFIRM_HOURS * HOUR_MS);
    const queued = await this.unitOfWork.run(async (manager) => {
      if (!(await this.ledger.claim(manager, 'subscribe', { ...input, email }))) return false;
      const same = await this.subscriptions.findSame(manager, email, input.criteria);
      const fields = { name: input.name, locale: input.locale, frequency: input.frequency, updatedAt: now };
      if (same?.status === 'active') {
        await this.subscriptions.update(same.id, fields, manager);
        await this.queueMail(manager, { ...same, ...fields }, 'subscription-updated');
        return true;
      }
      if (same) {
        // Still unconfirmed: a new confirmation mail, and the window starts again.
        await this.subscriptions.update(same.id, { ...fields, expiresAt }, manager);
        await this.queueMail(manager, { ...same, ...fields, expiresAt }, 'subscription-confirm', { again: true });
        return true;
      }
      const created: SubscriptionEntity = {
        id: randomUUID(),
        email,
        ...fields,
        criteria: input.criteria,
        status: 'unconfirmed',
        expiresAt,
        createdAt: now,
        confirmedAt: null,
        unsubscribedAt: null,
        anonymizedAt: null,
        lastDigestAt: null,
      };
      await this.subscriptions.add(manager, created);
      await this.queueMail(manager, created, 'subscription-confirm', { again: false });
      return true;
    });
    if (queued) this.mail.kick();
  }

  async lookup(token: string, now = new Date()): Promise<TokenLookup> {
    if (!isWellFormedToken(token)) return { kind: 'unknown' };
    const subscription = await this.subscriptions.findByToken(token);
    if (!subscription || subscription.anonymizedAt) return { kind: 'unknown' };
    if (subscription.status === 'unsubscribed') return { kind: 'unsubscribed' };
    if (subscription.status === 'unconfirmed' && subscription.expiresAt && subscription.expiresAt < now) return { kind: 'expired' };
    return { kind: 'ok', subscription };
  }

  /**
   * unconfirmed → active; an active one stays as it is ('already'). Nothing is mailed. The confirmed subscription is
   * a lead for the agency's CRM (only once the address is proven: an unconfirmed one may be anyone's typing).
   */
  async confirm(token: string): Promise<TokenLookup & { readonly already?: boolean }> {
    const found = await this.lookup(token);
    if (found.kind !== 'ok') return found;
    const result = await this.unitOfWork.run(async (manager) => {
      const row = await this.subscriptions.lock(manager, found.subscription.id);
      if (!row || row.status === 'unsubscribed') return { kind: 'unsubscribed' } as const;
      if (row.status === 'active') return { kind: 'ok', subscription: row, already: true } as const;
      const now = new Date();
      await this.subscriptions.update(row.id, { status: 'active', confirmedAt: now, expiresAt: null, updatedAt: now }, manager);
      const search = describeCriteria(row.criteria, this.translations.forLocale(this.config.AGENCY_LOCALE));
      await this.leads.record(
        'subscription',
        { locale: row.locale, name: row.name ?? '', email: row.email ?? '', message: search.join('\n'), searchProfile: searchProfileOf(row.criteria) },
        manager,
      );
      return { kind: 'ok', subscription: { ...row, status: 'active', confirmedAt: now, expiresAt: null } } as const;
    });
    if (result.kind === 'ok' && !result.already) this.leads.kick();
    return result;
  }

  /** The edit page's save: the search, language and frequency. */
  async update(token: string, changes: Omit<SubscriptionInput, 'email' | 'name'>): Promise<TokenLookup> {
    const found = await this.lookup(token);
    if (found.kind !== 'ok') return found;
    const now = new Date();
    await this.subscriptions.update(found.subscription.id, { ...changes, updatedAt: now });
    return { kind: 'ok', subscription: { ...found.subscription, ...changes, updatedAt: now } };
  }

  /** Stops the mails. A second time finds it unsubscribed already (the one-click POST treats that as done). */
  async unsubscribe(token: string): Promise<TokenLookup> {
    const found = await this.lookup(token);
    if (found.kind !== 'ok') return found;
    return this.unitOfWork.run(async (manager) => {
      const row = await this.subscriptions.lock(manager, found.subscription.id);
      if (!row || row.status === 'unsubscribed') return { kind: 'unsubscribed' } as const;
      const now = new Date();
      await this.subscriptions.update(row.id, { status: 'unsubscribed', unsubscribedAt: now, expiresAt: null, updatedAt: now }, manager);
      return { kind: 'ok', subscription: { ...row, status: 'unsubscribed', unsubscribedAt: now } } as const;
    });
  }

  others(subscription: SubscriptionEntity): Promise<SubscriptionEntity[]> {
    return this.subscriptions.othersOf(subscription);
  }

  /** Unconfirmed past their window are deleted; unsubscribed past SUBSCRIPTION_ANONYMIZE_DAYS are anonymized. */
  async housekeeping(now = new Date()): Promise<{ expired: number; anonymized: number }> {
    const expired = await this.subscriptions.deleteExpired(now);
    const anonymized = await this.subscriptions.anonymizeUnsubscribed(new Date(now.getTime() - this.config.SUBSCRIPTION_ANONYMIZE_DAYS * DAY_MS), now);
    return { expired, anonymized };
  }

  /** A fresh token and the links built on it, for one mail. */
  async links(manager: EntityManager, subscription: Pick<SubscriptionEntity, 'id' | 'locale'>): Promise<SubscriptionLinks> {
    const token = await this.subscriptions.issueToken(manager, subscription.id);
    const locale = subscription.locale as Locale;
    const absolute = (route: string) => new URL(urlFor(route, locale, { token }), this.config.PUBLIC_BASE_URL).toString();
    return { confirm: absolute('confirmSubscription'), edit: absolute('editSubscriptions'), unsubscribe: absolute('unsubscribe') };
  }

  /** RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs to the link, no page needed. */
  static listUnsubscribeHeaders(links: SubscriptionLinks): Record<string, string> {
    return { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }

  private async queueMail(
    manager: EntityManager,
    subscription: SubscriptionEntity,
    template: 'subscription-confirm' | 'subscription-updated',
    options: { again?: boolean } = {},
  ): Promise<void> {
    const links = await this.links(manager, subscription);
    const common = {
      to: subscription.email!,
      locale: subscription.locale as Locale,
      headers: SubscriptionService.listUnsubscribeHeaders(links),
    };
    const summary = describeCriteria(subscription.criteria, this.translations.forLocale(common.locale));
    const model = { name: subscription.name ?? '', summary, links };
    if (template === 'subscription-confirm') {
      await this.mail.queue(manager, { ...common, template, model: { ...model, again: options.again ?? false, confirmHours: this.config.SUBSCRIPTION_CONFIRM_HOURS } });
    }
    else await this.mail.queue(manager, { ...common, template, model });
  }
}
