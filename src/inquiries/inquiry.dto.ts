import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { PrivacyConsent, REQUIRED, TOO_LONG, trim, trimOptional, VisitorEmail, VisitorName, VisitorPhone } from '../forms/form-fields.js';
import { HasNoLinks } from '../forms/no-links.validator.js';


/** A personal message to a friend: a line or two. */
export const SEND_TO_FRIEND_MESSAGE_MAX = 500;


class InquiryBaseDto {
  @Type(() => Number)
  @IsInt({ message: 'forms.errors.invalid' })
  @Min(1, { message: 'forms.errors.invalid' })
  estateId!: number;

  @VisitorName()
  name!: string;

  @VisitorEmail()
  email!: string;

  @IsOptional()
  @IsString()
  'g-recaptcha-response'?: string;
}

export class ExtraInfoDto extends InquiryBaseDto {
  @VisitorPhone()
  phone?: string;

  @Transform(trim)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(2000, { message: TOO_LONG })
  message!: string;

  @PrivacyConsent()
  privacyConsent!: string;
}

export class SendToFriendDto extends InquiryBaseDto {
  @VisitorName()
  friendName!: string;

  @VisitorEmail()
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

  @VisitorName()
  name!: string;

  @VisitorEmail()
  email!: string;

  @VisitorPhone()
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

  @PrivacyConsent()
  privacyConsent!: string;

  @IsOptional()
  @IsString()
  'g-recaptcha-response'?: string;
}
