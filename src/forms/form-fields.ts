import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { DELIVERABLE_ADDRESS } from './email-address.js';
import { HasNoLinks } from './no-links.validator.js';

/**
 * The fields every visitor form asks for, with one set of rules (lengths fit the columns). Validation messages are
 * i18n keys, translated when the form is shown again.
 */
export const REQUIRED = 'forms.errors.required';
export const TOO_LONG = 'forms.errors.tooLong';

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An optional field left empty in the form is absent, not invalid. */
export const trimOptional = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value);

/**
 * Decorators listed in the order a stack of them applies (bottom first), so the rules register as they did when each
 * DTO stacked them, and the first message a visitor sees for a field (the validation pipe shows one) stays the same.
 */
const stacked = (...bottomFirst: PropertyDecorator[]) => applyDecorators(...bottomFirst);

/** The visitor's name: required, up to 100 characters, no link (names go into mails' subjects and greetings). */
export const VisitorName = () =>
  stacked(
    HasNoLinks({ message: 'forms.errors.noLinksInName' }),
    MaxLength(100, { message: TOO_LONG }),
    IsNotEmpty({ message: REQUIRED }),
    IsString({ message: REQUIRED }),
    Transform(trim),
  );

/**
 * An e-mail address a mail can be delivered to (one rule for every form): required, up to 200 characters, no
 * quoted local part, IP literal or host without a TLD.
 */
export const VisitorEmail = () =>
  stacked(
    Matches(DELIVERABLE_ADDRESS, { message: 'forms.errors.email' }),
    MaxLength(200, { message: TOO_LONG }),
    IsEmail({ allow_ip_domain: false, require_tld: true, allow_display_name: false }, { message: 'forms.errors.email' }),
    Transform(trim),
  );

/** An optional phone number as people type it: digits, spaces and the usual separators. */
export const VisitorPhone = () =>
  stacked(Matches(/^\+?[\d\s()./-]{6,40}$/, { message: 'forms.errors.phone' }), IsOptional(), Transform(trimOptional));

/** SPEC §5: the privacy consent must be checked. */
export const PrivacyConsent = () => IsIn(['on', 'true', '1'], { message: 'forms.errors.consent' });
