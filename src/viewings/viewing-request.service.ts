import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/config.js';
import { UnitOfWorkService } from '../database/unit-of-work.service.js';
import type { FoundEstate } from '../detail/estate-detail.service.js';
import { EstateDetailService } from '../detail/estate-detail.service.js';
import { isAvailable } from '../estates/domain/availability.js';
import type { ViewingSlotPayload } from '../estates/sources/lead-sink.port.js';
import { FormValidationError } from '../forms/form-validation.error.js';
import { mailboxLimitKey } from '../forms/email-address.js';
import { RateLimitService } from '../forms/rate-limit.service.js';
import { SubmissionLedgerService } from '../forms/submission-ledger.service.js';
import { pickText } from '../i18n/localized-text.js';
import { TranslationService } from '../i18n/translation.service.js';
import { LeadsService } from '../leads/leads.service.js';
import { MailOutboxService } from '../mail/mail-outbox.service.js';
import type { Locale } from '../routing/locales.js';
import { NotFoundError } from '../utils/errors.js';
import type { ViewingRequestMailModel } from '../../views/mail/viewing-request-mails.js';
import { ViewingClock } from './viewing-clock.js';
import type { ViewingRequestDto } from './viewing-request.dto.js';
import { ViewingRequestRepository } from './viewing-request.repository.js';
import { checkSlots, type HalfDay, slotInWords, slotTimes, type ViewingSlot } from './viewing-slots.js';

const DAY_SECONDS = 24 * 3600;

/** What the visitor sent, as the form shows it again. */
export function viewingValues(dto: ViewingRequestDto): Record<string, string | readonly string[]> {
  return {
    estateId: String(dto.estateId),
    slots: dto.slots ?? [],
    name: dto.name,
    email: dto.email,
    phone: dto.phone ?? '',
    message: dto.message ?? '',
    privacyConsent: dto.privacyConsent,
  };
}

/** A listing a visitor can ask to view: for sale or for rent (not sold, rented or withdrawn), and not a project as a whole (its units are). */
export function acceptsViewingRequests(found: FoundEstate): boolean {
  return isAvailable(found.estate) && !found.estate.isProject;
}

/**
 * A viewing request: the slots checked against those offered now (the clock and the agency's opening days), then the
 * request, the agency's mail, the visitor's confirmation and the lead stored in one unit of work. A repeated identical
 * submission stores nothing new and is thanked the same way. Nothing is booked: the agency confirms.
 */
@Injectable()
export class ViewingRequestService {
  constructor(
    private readonly unitOfWork: UnitOfWorkService,
    private readonly requests: ViewingRequestRepository,
    private readonly details: EstateDetailService,
    private readonly mail: MailOutboxService,
    private readonly leads: LeadsService,
    private readonly ledger: SubmissionLedgerService,
    private readonly translations: TranslationService,
    private readonly clock: ViewingClock,
    private readonly rateLimits: RateLimitService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The listing, if a visitor may ask to view it; else 404. */
  async listing(id: number): Promise<FoundEstate> {
    const found = Number.isInteger(id) && id > 0 ? await this.details.find(id) : null;
    if (!found || !acceptsViewingRequests(found)) throw new NotFoundError();
    return found;
  }

  async submit(dto: ViewingRequestDto, locale: Locale): Promise<FoundEstate> {
    const found = await this.listing(dto.estateId);
    const checked = checkSlots(dto.slots ?? [], this.clock.now(), this.config.openingDays);
    if (checked.problem) throw new FormValidationError({ slots: checked.problem }, viewingValues(dto));
    const slots = checked.slots;
    const agency = this.config.AGENCY_LOCALE;
    const visitor = { name: dto.name, email: dto.email, phone: dto.phone || null, message: dto.message ?? '' };
    // The confirmation goes to an address anyone can type: per mailbox, as often a day as send-to-a-friend may mail
    // one. Beyond that the request still reaches the agency (a buyer may ask for many viewings); only the copy is held back.
    const confirm = await this.rateLimits.tryConsume(
      { name: 'viewing-recipient', points: this.config.SEND_TO_FRIEND_PER_RECIPIENT_PER_DAY, durationSeconds: DAY_SECONDS },
      mailboxLimitKey(dto.email),
    );
    const stored = await this.unitOfWork.run(async (manager) => {
      const fingerprint = { estateId: found.estate.id, slots: slots.map((slot) => slot.id), ...visitor, email: visitor.email.toLowerCase() };
      if (!(await this.ledger.claim(manager, 'viewing-request', fingerprint))) return false;
      await this.requests.add(manager, { estateId: found.estate.id, locale, slots: slots.map((slot) => slot.id), ...visitor, privacyConsent: true });
      const agencyModel = this.mailModel(found, slots, locale, agency, 'agency', visitor);
      await this.mail.queue(manager, { to: this.agencyAddress(found), replyTo: dto.email, locale: agency, template: 'viewing-request', model: agencyModel });
      if (confirm) {
        await this.mail.queue(manager, {
          to: dto.email,
          replyTo: this.agencyAddress(found),
          locale,
          template: 'viewing-request',
          model: this.mailModel(found, slots, locale, locale, 'visitor', visitor),
        });
      }
      await this.leads.record(
        'viewing',
        { estateId: found.estate.id, locale, name: visitor.name, email: visitor.email, phone: visitor.phone, message: this.leadMessage(agencyModel), viewingSlots: slots.map(slotPayload) },
        manager,
      );
      return true;
    });
    if (stored) {
      this.mail.kick();
      this.leads.kick();
    }
    return found;
  }

  /** The half-day words of a locale ("voormiddag (9–12 u)"). */
  halfDayWords(locale: Locale): Record<HalfDay, string> {
    const { t } = this.translations.forLocale(locale);
    return { am: t('viewings.halfDay.am'), pm: t('viewings.halfDay.pm') };
  }

  /** The listing's sales rep when the CRM names one with an address, else the agency. */
  private agencyAddress(found: FoundEstate): string {
    return found.estate.salesRep?.email || this.config.AGENCY_EMAIL;
  }

  private mailModel(
    found: FoundEstate,
    slots: readonly ViewingSlot[],
    visitorLocale: Locale,
    recipientLocale: Locale,
    recipient: 'agency' | 'visitor',
    visitor: { name: string; email: string; phone: string | null; message: string },
  ): ViewingRequestMailModel {
    const { t } = this.translations.forLocale(recipientLocale);
    const words = this.halfDayWords(recipientLocale);
    const { estate } = found;
    const street = pickText(estate.address.street, recipientLocale);
    const address = [estate.address.visible && street ? `${street} ${estate.address.number ?? ''}`.trim() : null, `${estate.address.city.zip} ${estate.address.city.alias?.[recipientLocale]?.trim() || estate.address.city.name}`]
      .filter(Boolean)
      .join(', ');
    return {
      recipient,
      listing: {
        title: pickText(estate.title, recipientLocale) || String(estate.id),
        reference: estate.reference ?? String(estate.id),
        address,
        // Each reads the listing's page in their own language.
        url: this.details.absoluteUrl(found.paths[recipientLocale]),
      },
      slots: slots.map((slot) => slotInWords(slot, recipientLocale, words)),
      visitor: { ...visitor, language: t(`mail.languages.${visitorLocale}`), message: recipient === 'agency' ? visitor.message : '' },
    };
  }

  /** The lead's text in the agency's language: the heading, the listing, the half-days in words, the visitor's message. */
  private leadMessage(model: ViewingRequestMailModel): string {
    const { t } = this.translations.forLocale(this.config.AGENCY_LOCALE);
    return [
      t('viewings.lead.heading'),
      `${model.listing.title} (${model.listing.reference}) – ${model.listing.url}`,
      t('viewings.lead.slots'),
      ...model.slots.map((slot, index) => `${index + 1}. ${slot}`),
      model.visitor.message ? `${t('viewings.lead.message')}: ${model.visitor.message}` : '',
    ]
      .filter(Boolean)
      .join('\n');
  }
}

function slotPayload(slot: ViewingSlot): ViewingSlotPayload {
  return { date: slot.date, halfDay: slot.halfDay, ...slotTimes(slot) };
}
