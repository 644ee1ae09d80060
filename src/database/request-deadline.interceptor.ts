import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Observable, TimeoutError, catchError, throwError, timeout } from 'rxjs';
import { AppConfig } from '../config/config.js';
import { DatabaseUnavailableError } from './database-unavailable.error.js';

/**
 * One bound per request (REQUEST_DEADLINE_MS), not per query: a page that waits on a frozen database (no answer,
 * no error) through several queries, each with its own timeout, would otherwise hang for their sum, or forever on
 * a pooled connection that PostgreSQL never answers. Past the deadline the visitor gets the localized 503; the
 * abandoned work finishes or fails on its own and its result is dropped.
 */
@Injectable()
export class RequestDeadlineInterceptor implements NestInterceptor {
  constructor(private readonly config: AppConfig) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const deadlineMs = this.config.REQUEST_DEADLINE_MS;
    if (deadlineMs <= 0) return next.handle();
    return next.handle().pipe(
      timeout({ first: deadlineMs }),
      catchError((error: unknown) =>
        throwError(() => (error instanceof TimeoutError ? new DatabaseUnavailableError(new Error(`request deadline of ${deadlineMs} ms passed`)) : error)),
      ),
    );
  }
}

/**
 * The same bound for work that runs before the interceptor (guards): `work` rejects with the 503's error once
 * `deadlineMs` has passed (0: no bound).
 */
export async function beforeDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  if (deadlineMs <= 0) return work;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(new Error(`request deadline of ${deadlineMs} ms passed`))), deadlineMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
