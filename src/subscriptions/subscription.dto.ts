import { IsIn, IsOptional, IsString } from 'class-validator';
import { PrivacyConsent, VisitorEmail, VisitorName } from '../forms/form-fields.js';
import { LOCALES, type Locale } from '../routing/locales.js';
import { SearchCriteriaDto } from '../search/search-criteria.dto.js';
import { type DigestFrequency, DIGEST_FREQUENCIES } from './subscription.entity.js';


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
  @VisitorEmail()
  email!: string;

  @VisitorName()
  name!: string;

  @PrivacyConsent()
  privacyConsent!: string;
}
