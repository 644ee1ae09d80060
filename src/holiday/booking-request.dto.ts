import { Transform, Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

const REQUIRED = 'forms.errors.required';
const TOO_LONG = 'forms.errors.tooLong';
const DATE = 'holiday.errors.invalidDate';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimOptional = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value);

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

  @Transform(trim)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(100, { message: TOO_LONG })
  name!: string;

  @Transform(trim)
  @IsEmail({}, { message: 'forms.errors.email' })
  @MaxLength(200, { message: TOO_LONG })
  email!: string;

  @Transform(trimOptional)
  @IsOptional()
  @Matches(/^\+?[\d\s()./-]{6,40}$/, { message: 'forms.errors.phone' })
  phone?: string;

  @Transform(trimOptional)
  @IsOptional()
  @IsString()
  @MaxLength(2000, { message: TOO_LONG })
  message?: string;

  @IsIn(['on', 'true', '1'], { message: 'forms.errors.consent' })
  privacyConsent!: string;

  @IsOptional()
  @IsString()
  'g-recaptcha-response'?: string;
}
