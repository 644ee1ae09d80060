import 'reflect-metadata';
import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ExtraInfoDto, SendToFriendDto } from './inquiry.dto.js';

const EXTRA_INFO = {
  estateId: '1234',
  name: 'Jan Peeters',
  email: 'jan@example.be',
  phone: '+32 470 12 34 56',
  message: 'Is een bezoek mogelijk?',
  privacyConsent: 'on',
  'g-recaptcha-response': 'token',
};

const SEND_TO_FRIEND = {
  estateId: '1234',
  name: 'Marie',
  email: 'marie@example.be',
  friendName: 'Luc',
  friendEmail: 'luc@example.be',
  'g-recaptcha-response': 'token',
};

/** The i18n key of every failing field, as the controller shows them. */
async function errorsOf(type: ClassConstructor<object>, input: Record<string, unknown>): Promise<Record<string, string>> {
  const errors = await validate(plainToInstance(type, input), { whitelist: true, forbidUnknownValues: false });
  return Object.fromEntries(errors.map((error) => [error.property, Object.values(error.constraints ?? {})[0]!]));
}

describe(ExtraInfoDto.name, () => {
  it('accepts a complete request', async () => {
    expect(await errorsOf(ExtraInfoDto, EXTRA_INFO)).toEqual({});
  });

  it('turns the posted estate id into a number', () => {
    expect(plainToInstance(ExtraInfoDto, EXTRA_INFO).estateId).toBe(1234);
  });

  it('requires a name, after trimming', async () => {
    expect(await errorsOf(ExtraInfoDto, { ...EXTRA_INFO, name: '   ' })).toEqual({ name: 'forms.errors.required' });
  });

  it('limits the name to 100 characters', async () => {
    expect(await errorsOf(ExtraInfoDto, { ...EXTRA_INFO, name: 'a'.repeat(101) })).toEqual({ name: 'forms.errors.tooLong' });
  });

  it('requires a valid email address', async () => {
    expect(await errorsOf(ExtraInfoDto, { ...EXTRA_INFO, email: 'jan@' })).toEqual({ email: 'forms.errors.email' });
  });

  it('treats an empty phone as absent', async () => {
    expect(await errorsOf(ExtraInfoDto, { ...EXTRA_INFO, phone: '' })).toEqual({});
  });

  it('refuses a phone that is not phone-like', async () => {
    expect(await errorsOf(ExtraInfoDto, { ...EXTRA_INFO, phone: 'call me maybe' })).toEqual({ phone: 'forms.errors.phone' });
  });

  it('limits the phone to 40 characters', async () => {
    expect(await errorsOf(ExtraInfoDto, { ...EXTRA_INFO, phone: '1'.repeat(41) })).toEqual({ phone: 'forms.errors.phone' });
  });

  it('requires a message of at most 2000 characters', async () => {
    expect(await errorsOf(ExtraInfoDto, { ...EXTRA_INFO, message: '' })).toEqual({ message: 'forms.errors.required' });
    expect(await errorsOf(ExtraInfoDto, { ...EXTRA_INFO, message: 'a'.repeat(2001) })).toEqual({ message: 'forms.errors.tooLong' });
  });

  it.each(['on', 'true', '1'])('accepts the privacy consent checked as %s', async (value) => {
    expect(await errorsOf(ExtraInfoDto, { ...EXTRA_INFO, privacyConsent: value })).toEqual({});
  });

  it('requires the privacy consent', async () => {
    const { privacyConsent: _omitted, ...unchecked } = EXTRA_INFO;
    expect(await errorsOf(ExtraInfoDto, unchecked)).toEqual({ privacyConsent: 'forms.errors.consent' });
    expect(await errorsOf(ExtraInfoDto, { ...EXTRA_INFO, privacyConsent: 'off' })).toEqual({ privacyConsent: 'forms.errors.consent' });
  });

  it('strips unknown fields', async () => {
    const sut = plainToInstance(ExtraInfoDto, { ...EXTRA_INFO, isAdmin: 'true' });
    await validate(sut, { whitelist: true, forbidUnknownValues: false });
    expect(sut).not.toHaveProperty('isAdmin');
  });
});

describe(SendToFriendDto.name, () => {
  it('accepts a request without a message', async () => {
    expect(await errorsOf(SendToFriendDto, SEND_TO_FRIEND)).toEqual({});
  });

  it('requires the friend’s name and a valid friend’s email address', async () => {
    expect(await errorsOf(SendToFriendDto, { ...SEND_TO_FRIEND, friendName: '', friendEmail: 'luc' })).toEqual({
      friendName: 'forms.errors.required',
      friendEmail: 'forms.errors.email',
    });
  });

  it('limits the optional message to 2000 characters', async () => {
    expect(await errorsOf(SendToFriendDto, { ...SEND_TO_FRIEND, message: 'a'.repeat(2001) })).toEqual({ message: 'forms.errors.tooLong' });
  });
});
