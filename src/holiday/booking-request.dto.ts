import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PrivacyConsent, TOO_LONG, trimOptional, VisitorEmail, VisitorName, VisitorPhone } from '../forms/form-fields.js';

const DATE = 'holiday.errors.invalidDate';

/** The booking request form. Dates are checked against the unit (availability, minimum stay) by the service. */
export class BookingRequestDto {
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: DATE })
  arrival!: string;

  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: DATE })
  departure!: string;

  @Type(() => Number)
  @IsInt({ message: 'holiday.errors.noGuests' })
  @Min(1, { message: 'holiday.errors.noGuests' })
  @Max(99, { message: 'holiday.errors.noGuests' })
  guests!: number;

  @VisitorName()
  name!: string;

  @VisitorEmail()
  email!: string;

  @VisitorPhone()
  phone?: string;

  @Transform(trimOptional)
  @IsOptional()
  @IsString()
  @MaxLength(2000, { message: TOO_LONG })
  message?: string;

  @PrivacyConsent()
  privacyConsent!: string;

  @IsOptional()
  @IsString()
  'g-recaptcha-response'?: string;
}
