import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config.js';
import type { FoundEstate } from '../detail/estate-detail.service.js';
import { EstateDetailService } from '../detail/estate-detail.service.js';
import { pickText } from '../i18n/localized-text.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { type MailRequest, MailOutboxService } from '../mail/mail-outbox.service.js';
import { InquiryEntity } from './inquiry.entity.js';
import type { ExtraInfoDto, SendToFriendDto } from './inquiry.dto.js';

/**
 * Stores a visitor's inquiry and queues its mail in one transaction: once the visitor is thanked,
 * both are in the database, the mail with its job (it leaves through the outbox, with retries).
 */
@Injectable()
export class InquiryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailOutboxService,
    private readonly details: EstateDetailService,
    private readonly translations: TranslationService,
    private readonly config: AppConfig,
  ) {}

  submitExtraInfo(dto: ExtraInfoDto, found: FoundEstate, locale: Locale): Promise<string> {
    const { title, url } = this.listing(found, locale);
    // In the agency's language; the visitor's language is named in it, so the agency can answer in that.
    const agency = this.config.AGENCY_LOCALE;
    return this.store(
      found,
      locale,
      { kind: 'EXTRA_INFO', name: dto.name, email: dto.email, phone: dto.phone || null, message: dto.message, friendName: null, friendEmail: null, privacyConsent: true },
      {
        to: this.config.AGENCY_EMAIL,
        replyTo: dto.email,
        locale: agency,
        template: 'extra-info',
        model: {
          listing: { title, reference: found.estate.reference ?? String(found.estate.id), url },
          visitor: {
            name: dto.name,
            email: dto.email,
            phone: dto.phone || null,
            language: this.translations.forLocale(agency).t(`mail.languages.${locale}`),
            message: dto.message,
          },
        },
      },
    );
  }

  submitSendToFriend(dto: SendToFriendDto, found: FoundEstate, locale: Locale): Promise<string> {
    const { title, url } = this.listing(found, locale);
    return this.store(
      found,
      locale,
      { kind: 'SEND_TO_FRIEND', name: dto.name, email: dto.email, phone: null, message: dto.message ?? '', friendName: dto.friendName, friendEmail: dto.friendEmail, privacyConsent: false },
      {
        to: dto.friendEmail,
        replyTo: dto.email,
        // The friend most likely reads the language the visitor chose.
        locale,
        template: 'send-to-friend',
        model: { listing: { title, url }, senderName: dto.name, friendName: dto.friendName, message: dto.message ?? '' },
      },
    );
  }

  private listing(found: FoundEstate, locale: Locale): { title: string; url: string } {
    return { title: pickText(found.estate.title, locale) || String(found.estate.id), url: this.details.absoluteUrl(found.paths[locale]) };
  }

  /** The inquiry and its mail in one transaction (PGlite is one session: only `manager` inside). */
  private store(
    found: FoundEstate,
    locale: Locale,
    inquiry: Omit<InquiryEntity, 'id' | 'estateId' | 'locale' | 'createdAt'>,
    mail: MailRequest,
  ): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const id = randomUUID();
      await manager.insert(InquiryEntity, { ...inquiry, id, estateId: found.estate.id, locale });
      await this.mail.queue(manager, { ...mail, inquiryId: id });
      return id;
    });
  }

  /** Sends the queued mail soon, outside the request. */
  flush(): void {
    this.mail.kick();
  }
}
