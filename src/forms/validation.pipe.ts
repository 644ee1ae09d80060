import { type ArgumentMetadata, BadRequestException, Injectable, ValidationPipe, type ValidationError } from '@nestjs/common';
import { hasControlCharacters } from '../utils/control-characters.js';
import { FormValidationError } from './form-validation.error.js';

const INVALID_CHARACTERS = 'forms.errors.invalidCharacters';
const INVALID = 'forms.errors.invalid';

type Values = Record<string, string | readonly string[]>;

/** What the visitor typed: the body's text fields (the form is shown again with them). */
export function typedValues(body: unknown): Values {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const values: Values = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string') values[name] = value;
    // A JSON body may send a number or a flag where a form sends its text.
    else if (typeof value === 'number' || typeof value === 'boolean') values[name] = String(value);
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) values[name] = value as string[];
  }
  return values;
}

/**
 * Fields a form never sends: an object, or a list holding one (a JSON body can). Converting one to text or a number
 * runs its own `toString`/`valueOf` (`{"toString":1}` throws), so they are refused before any transform sees them.
 */
function structuredFields(body: unknown): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const isStructured = (value: unknown) => value !== null && typeof value === 'object';
  return Object.entries(body)
    .filter(([, value]) => isStructured(value) && !(Array.isArray(value) && !value.some(isStructured)))
    .map(([name]) => name);
}

/** Fields holding NUL or other control characters (tab, line feed and carriage return are fine in a message). */
function withControlCharacters(values: Values): string[] {
  return Object.entries(values)
    .filter(([, value]) => (typeof value === 'string' ? [value] : value).some((text) => hasControlCharacters(text)))
    .map(([name]) => name);
}

/** Validation messages are i18n keys (`forms.errors.*`, or a feature's `<namespace>.errors.*`); a constraint without one gets the generic message. */
const MESSAGE_KEY = /^(forms\.|[a-z]+\.errors\.[\w.]+$)/;

function firstMessages(errors: readonly ValidationError[], prefix = ''): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const error of errors) {
    const name = `${prefix}${error.property}`;
    const message = Object.values(error.constraints ?? {})[0];
    if (message) messages[name] = MESSAGE_KEY.test(message) ? message : INVALID;
    if (error.children?.length) Object.assign(messages, firstMessages(error.children, `${name}.`));
  }
  return messages;
}

class InputErrors extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('invalid input');
  }
}

/**
 * Every input goes through class-validator DTOs. A posted body that fails (or carries control characters)
 * becomes one FormValidationError (422, the form again with localized messages); a bad query string or path
 * parameter is a plain 400.
 */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({ whitelist: true, transform: true, forbidUnknownValues: false, exceptionFactory: (errors) => new InputErrors(errors) });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'body') {
      try {
        return await super.transform(value, metadata);
      } catch (error) {
        if (error instanceof InputErrors) throw new BadRequestException();
        throw error;
      }
    }
    const values = typedValues(value);
    const fieldErrors: Record<string, string> = {};
    for (const name of withControlCharacters(values)) fieldErrors[name] = INVALID_CHARACTERS;
    const structured = structuredFields(value);
    for (const name of structured) fieldErrors[name] = INVALID;
    const body = value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).filter(([name]) => !structured.includes(name))) : {};
    let result: unknown;
    try {
      result = await super.transform(body, metadata);
    } catch (error) {
      if (!(error instanceof InputErrors)) throw error;
      throw new FormValidationError({ ...firstMessages(error.errors), ...fieldErrors }, values);
    }
    if (Object.keys(fieldErrors).length > 0) throw new FormValidationError(fieldErrors, values);
    return result;
  }
}
