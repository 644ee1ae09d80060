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
import { MailOutboxService } from '../mail/mail-outbox.service.js';
import { InquiryEntity } from './inquiry.entity.js';
import type { ExtraInfoDto, SendToFriendDto } from './inquiry.dto.js';

/**
 * Stores a visitor's inquiry and queues its mail in one transaction: once the visitor is thanked,
 * both are in the database (the mail leaves through the outbox, with retries).
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

  async submitExtraInfo(dto: ExtraInfoDto, found: FoundEstate, locale: Locale): Promise<string> {
    const t = this.translations.forLocale(locale);
    const title = pickText(found.estate.title, locale) || String(found.estate.id);
    const url = this.details.absoluteUrl(found.paths[locale]);
    return this.dataSource.transaction(async (manager) => {
      const id = randomUUID();
      await manager.insert(InquiryEntity, {
        id,
        kind: 'EXTRA_INFO',
        estateId: found.estate.id,
        locale,
        name: dto.name,
        email: dto.email,
        phone: dto.phone || null,
        message: dto.message,
        friendName: null,
        friendEmail: null,
        privacyConsent: true,
      });
      await this.mail.enqueue(manager, {
        to: this.config.AGENCY_EMAIL,
        replyTo: dto.email,
        subject: t.t('forms.mail.extraInfoSubject', { title, reference: found.estate.reference ?? String(found.estate.id) }),
        text: t.t('forms.mail.extraInfoBody', { name: dto.name, email: dto.email, phone: dto.phone || '-', title, message: dto.message, url }),
        inquiryId: id,
      });
      return id;
    });
  }

  async submitSendToFriend(dto: SendToFriendDto, found: FoundEstate, locale: Locale): Promise<string> {
    const t = this.translations.forLocale(locale);
    const title = pickText(found.estate.title, locale) || String(found.estate.id);
    const url = this.details.absoluteUrl(found.paths[locale]);
    return this.dataSource.transaction(async (manager) => {
      const id = randomUUID();
      await manager.insert(InquiryEntity, {
        id,
        kind: 'SEND_TO_FRIEND',
        estateId: found.estate.id,
        locale,
        name: dto.name,
        email: dto.email,
        phone: null,
        message: dto.message ?? '',
        friendName: dto.friendName,
        friendEmail: dto.friendEmail,
        privacyConsent: false,
      });
      await this.mail.enqueue(manager, {
        to: dto.friendEmail,
        replyTo: dto.email,
        subject: t.t('forms.mail.friendSubject', { name: dto.name, title }),
        text: t.t('forms.mail.friendBody', { friendName: dto.friendName, name: dto.name, title, url, message: dto.message ?? '' }),
        inquiryId: id,
      });
      return id;
    });
  }

  /** Sends the queued mail soon, outside the request. */
  flush(): void {
    this.mail.kick();
  }
}
