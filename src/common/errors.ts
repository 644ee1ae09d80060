import { HttpException, HttpStatus } from '@nestjs/common';

/** A named, localized error: `code` picks the text under `errors.<code>` in i18n. */
export class AppError extends HttpException {
  constructor(
    readonly code: string,
    status: HttpStatus,
  ) {
    super(code, status);
  }
}

export class NotFoundError extends AppError {
  constructor() {
    super('notFound', HttpStatus.NOT_FOUND);
  }
}

/** i18n key family for a status: known client errors have their own text, the rest share one. */
export function errorCodeFor(status: number): string {
  switch (status) {
    case 400:
      return 'badRequest';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 405:
      return 'methodNotAllowed';
    case 413:
      return 'payloadTooLarge';
    case 415:
      return 'unsupportedMediaType';
    case 429:
      return 'tooManyRequests';
    default:
      return status >= 500 ? 'serverError' : 'badRequest';
  }
}
