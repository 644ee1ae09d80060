import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * A form's input was refused: field name → i18n key of its message, and what the visitor typed (to fill the
 * form again). One filter renders it (FormErrorFilter); nothing was stored.
 */
export class FormValidationError extends HttpException {
  constructor(
    readonly fieldErrors: Readonly<Record<string, string>>,
    readonly values: Readonly<Record<string, string | readonly string[]>>,
  ) {
    super('unprocessable', HttpStatus.UNPROCESSABLE_ENTITY);
  }
}
