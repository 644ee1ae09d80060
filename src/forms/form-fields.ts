import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

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

/** The visitor's name: required, up to 100 characters. */
export const VisitorName = () =>
  stacked(MaxLength(100, { message: TOO_LONG }), IsNotEmpty({ message: REQUIRED }), IsString({ message: REQUIRED }), Transform(trim));

/** An e-mail address: required, up to 200 characters. */
export const VisitorEmail = () => stacked(MaxLength(200, { message: TOO_LONG }), IsEmail({}, { message: 'forms.errors.email' }), Transform(trim));

/** An optional phone number as people type it: digits, spaces and the usual separators. */
export const VisitorPhone = () =>
  stacked(Matches(/^\+?[\d\s()./-]{6,40}$/, { message: 'forms.errors.phone' }), IsOptional(), Transform(trimOptional));

/** SPEC §5: the privacy consent must be checked. */
export const PrivacyConsent = () => IsIn(['on', 'true', '1'], { message: 'forms.errors.consent' });
