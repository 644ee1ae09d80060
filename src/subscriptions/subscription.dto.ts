import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { LOCALES, type Locale } from '../routing/locales.js';
import { SearchCriteriaDto } from '../search/search-criteria.dto.js';
import { type DigestFrequency, DIGEST_FREQUENCIES } from './subscription.entity.js';

const REQUIRED = 'forms.errors.required';
const TOO_LONG = 'forms.errors.tooLong';
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The edit page's form: the search (the search form's own fields and rules), the language and the frequency. */
export class EditSubscriptionDto extends SearchCriteriaDto {
  @IsIn(LOCALES, { message: 'forms.errors.invalid' })
  language!: Locale;

  @IsIn(DIGEST_FREQUENCIES, { message: 'forms.errors.invalid' })
  frequency!: DigestFrequency;

  @IsOptional()
  @IsString()
  'g-recaptcha-response'?: string;
}

/** Keep me informed: the edit fields plus who to mail and the privacy consent. */
export class SubscribeDto extends EditSubscriptionDto {
  @Transform(trim)
  @IsEmail({}, { message: 'forms.errors.email' })
  @MaxLength(200, { message: TOO_LONG })
  email!: string;

  @Transform(trim)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(100, { message: TOO_LONG })
  name!: string;

  @IsIn(['on', 'true', '1'], { message: 'forms.errors.consent' })
  privacyConsent!: string;
}
