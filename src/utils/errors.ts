import { HttpException, HttpStatus } from '@nestjs/common';

/** A named, localized error: `code` picks the text under `errors.<code>` in i18n. */
export class AppError extends HttpException {
  constructor(
    readonly code: string,
    status: HttpStatus,
    /** Headers the answer must carry (Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(code, status);
  }
}

export class NotFoundError extends AppError {
  constructor() {
    super('notFound', HttpStatus.NOT_FOUND);
  }
}

/** i18n key family of an error: an AppError names its own, known statuses have theirs, the rest share one. */
export function errorCodeFor(status: number, error?: unknown): string {
  if (error instanceof AppError && error.code !== 'serverError') return error.code;
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
    case 414:
      return 'uriTooLong';
    case 415:
      return 'unsupportedMediaType';
    case 422:
      return 'unprocessable';
    case 429:
      return 'tooManyRequests';
    case 431:
      return 'headersTooLarge';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'serverError' : 'badRequest';
  }
}
