import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../utils/errors.js';
import { AppConfig } from '../config/config.js';
import type { FoundEstate } from '../detail/estate-detail.service.js';
import { EstateDetailService } from '../detail/estate-detail.service.js';
import { pickText } from '../i18n/localized-text.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { type MailRequest, MailOutboxService } from '../mail/mail-outbox.service.js';
import type { LeadKind } from '../leads/lead.entity.js';
import { LeadsService } from '../leads/leads.service.js';
import { EstateRepository } from '../estates/persistence/estate.repository.js';
import { UnitOfWorkService } from '../database/unit-of-work.service.js';
import type { InquiryEntity } from './inquiry.entity.js';
import { InquiryRepository } from './inquiry.repository.js';
import type { ContactDto, ExtraInfoDto, SendToFriendDto } from './inquiry.dto.js';
import { mailboxLimitKey } from '../forms/email-address.js';
import { RateLimitService } from '../forms/rate-limit.service.js';
import { SubmissionLedgerService } from '../forms/submission-ledger.service.js';

const DAY_SECONDS = 24 * 3600;
const HOUR_SECONDS = 3600;

/**
 * Stores a visitor's inquiry and queues its mail in one transaction: once the visitor is thanked, both are in
 * the database (the mail, with its job, leaves through the outbox with retries). A repeated identical submission stores
 * nothing new and is thanked the same way.
 */
@Injectable()
export class InquiryService {
  constructor(
    private readonly unitOfWork: UnitOfWorkService,
    private readonly inquiries: InquiryRepository,
    private readonly estates: EstateRepository,
    private readonly mail: MailOutboxService,
    private readonly details: EstateDetailService,
    private readonly translations: TranslationService,
    private readonly ledger: SubmissionLedgerService,
    private readonly rateLimits: RateLimitService,
    private readonly leads: LeadsService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async submitExtraInfo(dto: ExtraInfoDto, locale: Locale): Promise<FoundEstate> {
    const found = await this.listing(dto.estateId);
    const { title, url } = this.describe(found, locale);
    // In the agency's language; the visitor's language is named in it, so the agency can answer in that.
    const agency = this.config.AGENCY_LOCALE;
    await this.store(
      'extra-info',
      found.estate.id,
      locale,
      { kind: 'EXTRA_INFO', name: dto.name, email: dto.email, phone: dto.phone || null, message: dto.message, friendName: null, friendEmail: null, privacyConsent: true, reference: null },
      {
        to: this.config.AGENCY_EMAIL,
        replyTo: dto.email,
        locale: agency,
        template: 'extra-info',
        model: {
          listing: { title, reference: found.estate.reference ?? String(found.estate.id), url },
          visitor: this.visitorForAgency(dto, locale),
        },
      },
    );
    return found;
  }

  /**
   * Mails a listing to an address the visitor chooses: limited per recipient and site-wide per hour, so the
   * form cannot be used to mail anyone at volume; the mail says a visitor wrote the message.
   */
  async submitSendToFriend(dto: SendToFriendDto, locale: Locale): Promise<FoundEstate> {
    const found = await this.listing(dto.estateId);
    // Counted per mailbox: `victim+1@…` is `victim@…`.
    const recipient = mailboxLimitKey(dto.friendEmail);
    await this.rateLimits.consume({ name: 'friend-recipient', points: this.config.SEND_TO_FRIEND_PER_RECIPIENT_PER_DAY, durationSeconds: DAY_SECONDS }, recipient);
    await this.rateLimits.consume({ name: 'friend-site', points: this.config.SEND_TO_FRIEND_PER_HOUR, durationSeconds: HOUR_SECONDS }, 'all');
    const { title, url } = this.describe(found, locale);
    await this.store(
      'send-to-friend',
      found.estate.id,
      locale,
      { kind: 'SEND_TO_FRIEND', name: dto.name, email: dto.email, phone: null, message: dto.message ?? '', friendName: dto.friendName, friendEmail: dto.friendEmail, privacyConsent: false, reference: null },
      {
        to: dto.friendEmail,
        replyTo: dto.email,
        // The friend most likely reads the language the visitor chose.
        locale,
        template: 'send-to-friend',
        model: { listing: { title, url }, senderName: dto.name, friendName: dto.friendName, message: dto.message ?? '' },
      },
    );
    return found;
  }

  private async listing(id: number): Promise<FoundEstate> {
    const found = await this.details.find(id);
    if (!found) throw new NotFoundError();
    return found;
  }

  private describe(found: FoundEstate, locale: Locale): { title: string; url: string } {
    return { title: pickText(found.estate.title, locale) || String(found.estate.id), url: this.details.absoluteUrl(found.paths[locale]) };
  }

  /**
   * A contact message (SPEC §7, the contact page): to the agency, about no listing or about the one whose reference
   * the visitor typed (which then decides the CRM its lead goes to).
   */
  async submitContact(dto: ContactDto, locale: Locale): Promise<void> {
    const estateId = dto.reference ? await this.estates.findIdByReference(dto.reference) : null;
    const agency = this.config.AGENCY_LOCALE;
    const inquiry = { kind: 'CONTACT' as const, name: dto.name, email: dto.email, phone: dto.phone || null, message: dto.message, friendName: null, friendEmail: null, privacyConsent: true, reference: dto.reference ?? null };
    await this.store('contact', estateId, locale, inquiry, {
      to: this.config.AGENCY_EMAIL,
      replyTo: dto.email,
      locale: agency,
      template: 'contact',
      model: {
        reference: dto.reference ?? null,
        visitor: this.visitorForAgency(dto, locale),
      },
    });
  }

  /** The visitor as a mail to the agency shows them: in the agency's language, which names the visitor's. */
  private visitorForAgency(dto: ExtraInfoDto | ContactDto, locale: Locale) {
    const language = this.translations.forLocale(this.config.AGENCY_LOCALE).t(`mail.languages.${locale}`);
    return { name: dto.name, email: dto.email, phone: dto.phone || null, language, message: dto.message };
  }

  /**
   * The inquiry, its mail and its lead for the CRM in one transaction (PGlite is one session: only `manager` inside).
   * The lead is the visitor's own contact data (for send-to-a-friend: the sender, never the friend).
   */
  private async store(
    form: LeadKind,
    estateId: number | null,
    locale: Locale,
    inquiry: Omit<InquiryEntity, 'id' | 'estateId' | 'locale' | 'createdAt'>,
    mail: MailRequest,
  ): Promise<void> {
    const stored = await this.unitOfWork.run(async (manager) => {
      if (!(await this.ledger.claim(manager, form, { estateId, ...inquiry, email: inquiry.email.toLowerCase() }))) return false;
      const id = await this.inquiries.add(manager, { ...inquiry, estateId, locale });
      await this.mail.queue(manager, { ...mail, inquiryId: id });
      await this.leads.record(form, { estateId, locale, name: inquiry.name, email: inquiry.email, phone: inquiry.phone, message: inquiry.message }, manager);
      return true;
    });
    if (stored) {
      this.mail.kick();
      this.leads.kick();
    }
  }
}
