import Fastify, { type FastifyInstance } from 'fastify';
import { DatabaseUnavailableError } from './database-unavailable.error.js';
import { addRequestDeadline, RequestDeadlineError } from './request-deadline.js';

describe('the request deadline', () => {
  let fastify: FastifyInstance;
  const answered: unknown[] = [];

  beforeAll(async () => {
    fastify = Fastify();
    addRequestDeadline(fastify, 50, (error, _request, reply) => {
      answered.push(error);
      void reply.status(503).send('deadline');
    });
    // Waits for a database that never answers.
    fastify.get('/hangs', () => new Promise(() => undefined));
    fastify.get('/quick', () => 'ok');
    // Started before the deadline, finished after it: not cut.
    fastify.get('/streams', (_request, reply) => {
      reply.raw.writeHead(200, { 'Content-Type': 'text/plain' });
      reply.raw.write('part ');
      setTimeout(() => reply.raw.end('rest'), 150);
      return reply;
    });
    await fastify.ready();
  });

  afterAll(() => fastify.close());

  beforeEach(() => {
    answered.length = 0;
  });

  it('answers a request still waiting at the deadline, as the database being unavailable', async () => {
    const response = await fastify.inject({ method: 'GET', url: '/hangs' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('deadline');
    expect(answered).toHaveLength(1);
    expect(answered[0]).toBeInstanceOf(DatabaseUnavailableError);
    expect((answered[0] as Error).cause).toBeInstanceOf(RequestDeadlineError);
  });

  it('leaves a request answered in time alone', async () => {
    const response = await fastify.inject({ method: 'GET', url: '/quick' });
    expect(response.body).toBe('ok');
    // Past the deadline nothing is answered twice.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toEqual([]);
  });

  it('does not cut a response that has started', async () => {
    const response = await fastify.inject({ method: 'GET', url: '/streams' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('part rest');
    expect(answered).toEqual([]);
  });
});
