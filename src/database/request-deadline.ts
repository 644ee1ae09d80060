import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError } from './database-unavailable.error.js';

/** What a request past its deadline was waiting on: nearly always the database (a pooled connection, a query). */
export class RequestDeadlineError extends Error {
  override readonly name = 'RequestDeadlineError';

  constructor(deadlineMs: number) {
    super(`No answer within the request deadline of ${deadlineMs} ms`);
  }
}

/**
 * One bound per request, whatever it waits on (a connection from the pool, several queries in a row, a server that
 * stopped answering and so never times out a statement): past `deadlineMs` the request is answered by `answer` with a
 * DatabaseUnavailableError (the 503 page with Retry-After). What the request was doing runs on and its late answer is
 * dropped. Installed first among the hooks, so the time spent in every other hook counts.
 */
const deadlines = new WeakMap<FastifyRequest, ReturnType<typeof setTimeout>>();

/**
 * Ends the deadline of a request whose database part is done, for a handler whose remaining work has bounds of its
 * own: the photo proxy, whose download has its own time-out and whose resizes wait in a bounded queue (a 24 MB
 * photo resized on a busy machine may take longer than the deadline, and is no database outage).
 */
export function releaseRequestDeadline(request: FastifyRequest): void {
  clearTimeout(deadlines.get(request));
  deadlines.delete(request);
}

export function addRequestDeadline(
  fastify: FastifyInstance,
  deadlineMs: number,
  answer: (error: DatabaseUnavailableError, request: FastifyRequest, reply: FastifyReply) => void,
): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => {
      // Started streaming (a photo, a file): nothing else can be said on this response.
      if (reply.sent || reply.raw.headersSent) return;
      answer(new DatabaseUnavailableError(new RequestDeadlineError(deadlineMs)), request, reply);
    }, deadlineMs);
    deadlines.set(request, timer);
    // 'close' also follows 'finish': the timer never outlives the response.
    reply.raw.once('close', () => releaseRequestDeadline(request));
    done();
  });
}
