import { Transform, Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { HasNoLinks } from './no-links.validator.js';

/** Validation messages are i18n keys, translated when the form is shown again. Lengths fit the columns. */
const REQUIRED = 'forms.errors.required';
const TOO_LONG = 'forms.errors.tooLong';
const EMAIL = 'forms.errors.email';

/** A personal message to a friend: a line or two. */
export const SEND_TO_FRIEND_MESSAGE_MAX = 500;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An optional field left empty in the form is absent, not invalid. */
const trimOptional = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value);

class InquiryBaseDto {
  @Type(() => Number)
  @IsInt({ message: 'forms.errors.invalid' })
  @Min(1, { message: 'forms.errors.invalid' })
  estateId!: number;

  @Transform(trim)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(100, { message: TOO_LONG })
  name!: string;

  @Transform(trim)
  @IsEmail({}, { message: EMAIL })
  @MaxLength(200, { message: TOO_LONG })
  email!: string;

  @IsOptional()
  @IsString()
  'g-recaptcha-response'?: string;
}

export class ExtraInfoDto extends InquiryBaseDto {
  @Transform(trimOptional)
  @IsOptional()
  @Matches(/^\+?[\d\s()./-]{6,40}$/, { message: 'forms.errors.phone' })
  phone?: string;

  @Transform(trim)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(2000, { message: TOO_LONG })
  message!: string;

  /** SPEC §5: the privacy consent must be checked. */
  @IsIn(['on', 'true', '1'], { message: 'forms.errors.consent' })
  privacyConsent!: string;
}

export class SendToFriendDto extends InquiryBaseDto {
  @Transform(trim)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(100, { message: TOO_LONG })
  friendName!: string;

  @Transform(trim)
  @IsEmail({}, { message: EMAIL })
  @MaxLength(200, { message: TOO_LONG })
  friendEmail!: string;

  /** Another person receives it: short, and without links. */
  @Transform(trimOptional)
  @IsOptional()
  @IsString()
  @MaxLength(SEND_TO_FRIEND_MESSAGE_MAX, { message: TOO_LONG })
  @HasNoLinks({ message: 'forms.errors.noLinks' })
  message?: string;
}

/**
 * The contact form (SPEC §7), which the detail page's extra-information form shares: with a listing id it is that
 * listing's inquiry, without one a message to the agency, optionally naming a listing reference typed by the visitor.
 */
export class ContactDto {
  @Transform(trimOptional)
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'forms.errors.invalid' })
  @Min(1, { message: 'forms.errors.invalid' })
  estateId?: number;

  @Transform(trim)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(100, { message: TOO_LONG })
  name!: string;

  @Transform(trim)
  @IsEmail({}, { message: EMAIL })
  @MaxLength(200, { message: TOO_LONG })
  email!: string;

  @Transform(trimOptional)
  @IsOptional()
  @Matches(/^\+?[\d\s()./-]{6,40}$/, { message: 'forms.errors.phone' })
  phone?: string;

  @Transform(trim)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(2000, { message: TOO_LONG })
  message!: string;

  /** A listing reference as printed on a sign or a brochure. */
  @Transform(trimOptional)
  @IsOptional()
  @IsString()
  @MaxLength(40, { message: TOO_LONG })
  @Matches(/^[\p{L}\p{N} ./_-]+$/u, { message: 'forms.errors.invalid' })
  reference?: string;

  /** SPEC §5: the privacy consent must be checked. */
  @IsIn(['on', 'true', '1'], { message: 'forms.errors.consent' })
  privacyConsent!: string;

  @IsOptional()
  @IsString()
  'g-recaptcha-response'?: string;
}
