import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { NotFoundError } from '../utils/errors.js';
import { AppConfig } from '../config/config.js';
import { FormValidationError } from '../forms/form-validation.error.js';
import { SubmissionLedgerService } from '../forms/submission-ledger.service.js';
import { pickText } from '../i18n/localized-text.js';
import { TranslationService } from '../i18n/translation.service.js';
import { LeadsService } from '../leads/leads.service.js';
import { MailOutboxService } from '../mail/mail-outbox.service.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import type { BookingRequestDto } from './booking-request.dto.js';
import type { HolidayUnit } from './domain/holiday-unit.js';
import { priceRequestedStay, type Quote, type StayRequest, todayInBelgium } from './domain/stay.js';
import { longDate, money } from './holiday-format.js';
import { problemMessage } from './holiday-page.model.js';
import { HolidayBookingRequestEntity } from './persistence/holiday-booking-request.entity.js';
import { HolidayRepository } from './persistence/holiday.repository.js';

/** What the visitor sent, as the form shows it again. */
export function bookingValues(dto: BookingRequestDto): Record<string, string> {
  return {
    arrival: dto.arrival,
    departure: dto.departure,
    guests: String(dto.guests),
    name: dto.name,
    email: dto.email,
    phone: dto.phone ?? '',
    message: dto.message ?? '',
    privacyConsent: dto.privacyConsent,
  };
}

function stayOf(dto: BookingRequestDto): StayRequest {
  return { arrival: dto.arrival, departure: dto.departure, guests: dto.guests };
}

/** A booking request once it is checked and priced: what storing it, its mails and its lead need. */
interface PricedBooking {
  readonly unit: HolidayUnit;
  readonly dto: BookingRequestDto;
  readonly locale: Locale;
  readonly quote: Quote;
}

type Recipient = 'agency' | 'visitor';

/**
 * A booking request: checked against the unit (dates free, minimum stay, capacity, not in the past), priced,
 * stored with its two mails (to the agency, a copy to the visitor) in one transaction. It blocks nothing: the
 * ranges change when the source or the owner's calendar says the stay is booked.
 */
@Injectable()
export class HolidayBookingService {
  constructor(
    private readonly repository: HolidayRepository,
    private readonly mail: MailOutboxService,
    private readonly ledger: SubmissionLedgerService,
    private readonly translations: TranslationService,
    private readonly leads: LeadsService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async request(unitId: number, dto: BookingRequestDto, locale: Locale): Promise<void> {
    const unit = await this.unitOf(unitId);
    const stored = await this.repository.transaction(async (manager) => {
      const quote = await this.priceStay(manager, unit, dto, locale);
      if (!(await this.claim(manager, unit, dto))) return false;
      await this.store(manager, { unit, dto, locale, quote });
      return true;
    });
    if (stored) {
      this.mail.kick();
      this.leads.kick();
    }
  }

  private async unitOf(unitId: number): Promise<HolidayUnit> {
    const found = await this.repository.find(unitId);
    if (!found) throw new NotFoundError();
    return found.unit;
  }

  /** The stay's quote, or the form again with what stands in the way. */
  private async priceStay(manager: EntityManager, unit: HolidayUnit, dto: BookingRequestDto, locale: Locale): Promise<Quote> {
    // Checked inside the transaction that stores it, against the ranges as they are now.
    // The same rule as the quote the form showed (priceRequestedStay), so the mails say the price the visitor saw.
    const { quote, problems } = priceRequestedStay(unit, await this.repository.ranges(unit.id, manager), stayOf(dto), todayInBelgium());
    if (quote) return quote;
    const { t } = this.translations.forLocale(locale);
    const errors: Record<string, string> = {};
    for (const problem of problems) errors[problem.field] ??= problemMessage(problem, t, locale);
    throw new FormValidationError(errors, bookingValues(dto));
  }

  /** False when the same request was already stored (a second click, a resent form). */
  private claim(manager: EntityManager, unit: HolidayUnit, dto: BookingRequestDto): Promise<boolean> {
    return this.ledger.claim(manager, 'booking-request', { unitId: unit.id, ...stayOf(dto), email: dto.email.toLowerCase(), name: dto.name, message: dto.message ?? '' });
  }

  /** The request, the agency's mail, the lead and the visitor's copy, in that order. */
  private async store(manager: EntityManager, booking: PricedBooking): Promise<void> {
    const { unit, dto, locale } = booking;
    await this.insertRequest(manager, booking);
    const agency = this.config.AGENCY_LOCALE;
    const agencyModel = this.mailModel(booking, agency, 'agency');
    await this.mail.queue(manager, { to: unit.contact.email || this.config.AGENCY_EMAIL, replyTo: dto.email, locale: agency, template: 'booking-request', model: agencyModel });
    // The agency follows bookings up in its CRM like every other request (a unit is no listing: the default CRM).
    await this.leads.record(
      'booking',
      { locale, name: dto.name, email: dto.email, phone: dto.phone ?? null, message: this.leadMessage(agencyModel, dto) },
      manager,
    );
    await this.mail.queue(manager, { to: dto.email, replyTo: unit.contact.email || this.config.AGENCY_EMAIL, locale, template: 'booking-request', model: this.mailModel(booking, locale, 'visitor') });
  }

  private async insertRequest(manager: EntityManager, { unit, dto, locale, quote }: PricedBooking): Promise<void> {
    await manager.insert(HolidayBookingRequestEntity, {
      id: randomUUID(),
      unitId: unit.id,
      locale,
      arrival: dto.arrival,
      departure: dto.departure,
      guests: dto.guests,
      name: dto.name,
      email: dto.email,
      phone: dto.phone ?? null,
      message: dto.message ?? '',
      total: quote.total.toFixed(2),
      privacyConsent: true,
    });
  }

  private mailModel({ unit, dto, locale, quote }: PricedBooking, recipientLocale: Locale, recipient: Recipient) {
    return {
      recipient,
      unit: { name: pickText(unit.name, recipientLocale), url: new URL(urlFor('holiday', locale, { rentalUnitId: unit.id }), this.config.PUBLIC_BASE_URL).toString() },
      stay: {
        arrival: longDate(dto.arrival, recipientLocale),
        departure: longDate(dto.departure, recipientLocale),
        nights: quote.nights,
        guests: dto.guests,
        total: money(quote.total),
      },
      visitor: {
        name: dto.name,
        email: dto.email,
        phone: dto.phone ?? null,
        language: this.translations.forLocale(recipientLocale).t(`mail.languages.${locale}`),
        // The visitor's copy goes to an address they typed: it carries no free text of theirs (no relay).
        message: recipient === 'agency' ? (dto.message ?? '') : '',
      },
    };
  }

  /** The lead's text: the agency mail's subject, the unit's page, the stay line by line, the visitor's message. */
  private leadMessage(facts: ReturnType<HolidayBookingService['mailModel']>, dto: BookingRequestDto): string {
    const agencyText = this.translations.forLocale(this.config.AGENCY_LOCALE).t;
    const stayLine = (key: string, value: string | number) => `${agencyText(`holiday.mail.${key}`)}: ${value}`;
    return [
      agencyText('holiday.mail.subject.agency', { unit: facts.unit.name, arrival: facts.stay.arrival }),
      facts.unit.url,
      stayLine('arrival', facts.stay.arrival),
      stayLine('departure', facts.stay.departure),
      stayLine('nights', facts.stay.nights),
      stayLine('guests', facts.stay.guests),
      stayLine('total', facts.stay.total),
      dto.message ?? '',
    ]
      .filter(Boolean)
      .join('\n');
  }
}
