import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
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
import { quoteStay, stayProblems, todayInBelgium } from './domain/stay.js';
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
    const found = await this.repository.find(unitId);
    if (!found) throw new NotFoundError();
    const { unit } = found;
    const t = this.translations.forLocale(locale).t;
    const stay = { arrival: dto.arrival, departure: dto.departure, guests: dto.guests };
    const stored = await this.repository.transaction(async (manager) => {
      // Checked inside the transaction that stores it, against the ranges as they are now.
      const problems = stayProblems(unit, await this.repository.ranges(unitId, manager), stay, todayInBelgium());
      const quote = problems.length === 0 ? quoteStay(unit.seasons, unit.fees, { start: dto.arrival, end: dto.departure }, dto.guests) : null;
      if (!quote) {
        const errors: Record<string, string> = {};
        for (const problem of problems) errors[problem.field] ??= problemMessage(problem, t, locale);
        throw new FormValidationError(errors, bookingValues(dto));
      }
      const email = dto.email.toLowerCase();
      if (!(await this.ledger.claim(manager, 'booking-request', { unitId, ...stay, email, name: dto.name, message: dto.message ?? '' }))) return false;
      const id = randomUUID();
      await manager.insert(HolidayBookingRequestEntity, {
        id,
        unitId,
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
      const url = new URL(urlFor('holiday', locale, { rentalUnitId: unitId }), this.config.PUBLIC_BASE_URL).toString();
      const agency = this.config.AGENCY_LOCALE;
      const model = (recipientLocale: Locale, recipient: 'agency' | 'visitor') => ({
        recipient,
        unit: { name: pickText(unit.name, recipientLocale), url },
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
      });
      await this.mail.queue(manager, { to: unit.contact.email || this.config.AGENCY_EMAIL, replyTo: dto.email, locale: agency, template: 'booking-request', model: model(agency, 'agency') });
      // The agency follows bookings up in its CRM like every other request (a unit is no listing: the default CRM).
      const agencyText = this.translations.forLocale(agency).t;
      const stayLine = (key: string, value: string | number) => `${agencyText(`holiday.mail.${key}`)}: ${value}`;
      const facts = model(agency, 'agency');
      await this.leads.record(
        'booking',
        {
          locale,
          name: dto.name,
          email: dto.email,
          phone: dto.phone ?? null,
          message: [
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
            .join('\n'),
        },
        manager,
      );
      await this.mail.queue(manager, { to: dto.email, replyTo: unit.contact.email || this.config.AGENCY_EMAIL, locale, template: 'booking-request', model: model(locale, 'visitor') });
      return true;
    });
    if (stored) {
      this.mail.kick();
      this.leads.kick();
    }
  }
}
