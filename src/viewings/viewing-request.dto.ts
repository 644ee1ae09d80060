import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PrivacyConsent, TOO_LONG, trimOptional, VisitorEmail, VisitorName, VisitorPhone } from '../forms/form-fields.js';

/** A posted checkbox group as a list: one box checked arrives as a string, none as nothing. */
const asList = ({ value }: { value: unknown }) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]);

/**
 * A viewing request. The slots are checked here only for their form (a short list of short strings); whether each is
 * offered depends on the clock and the agency's opening days, which the service checks (checkSlots).
 */
export class ViewingRequestDto {
  @Type(() => Number)
  @IsInt({ message: 'forms.errors.invalid' })
  @Min(1, { message: 'forms.errors.invalid' })
  estateId!: number;

  @Transform(asList)
  // None checked: the field is absent; the service then says to choose one.
  @IsOptional()
  @IsArray({ message: 'forms.errors.invalid' })
  // A hand-made post with many values is refused before any is looked at (the rule of three is the service's).
  @ArrayMaxSize(20, { message: 'forms.errors.invalid' })
  @IsString({ each: true, message: 'forms.errors.invalid' })
  @MaxLength(20, { each: true, message: 'forms.errors.invalid' })
  slots?: string[];

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
