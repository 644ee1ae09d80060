import type { ArgumentsHost } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { View } from './view.js';

/**
 * Ports the web shell fills (src/app.module.ts binds them): a filter below the shell, such as the forms pipeline's,
 * answers with a rendered view or the shared error page without importing the shell that renders them.
 */
export abstract class ViewResponder {
  /** The body to send for `view`, with its headers set on `reply` (undefined: already answered, e.g. a 304). */
  abstract respond(request: FastifyRequest, reply: FastifyReply, view: View): Promise<string | Buffer | undefined>;
}

export abstract class ErrorResponder {
  /** Answers `error` with its localized error page or fragment. */
  abstract catch(error: unknown, host: ArgumentsHost): void;
}
