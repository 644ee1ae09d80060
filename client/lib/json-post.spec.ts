/// <reference types="node" />
/// <reference types="jest" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, postJson } from './json-post';

interface Received {
  method?: string;
  contentType?: string;
  body: string;
}

describe(postJson.name, () => {
  let server: Server;
  let baseUrl: string;
  let received: Received;
  let answer: (response: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received = { method: request.method, contentType: request.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') };
        answer(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const respond = (status: number, body: string, type = 'application/json', statusMessage?: string) => {
    answer = (response) => {
      if (statusMessage) response.statusMessage = statusMessage;
      response.writeHead(status, { 'content-type': type }).end(body);
    };
  };

  it('posts the body as JSON with a JSON content type', async () => {
    respond(200, '{}');
    await postJson(`${baseUrl}/anything`, { estateId: 7, tags: ['a'] });
    expect(received).toEqual({ method: 'POST', contentType: 'application/json', body: '{"estateId":7,"tags":["a"]}' });
  });

  it('returns the parsed answer when the status is below 400', async () => {
    respond(201, '{"ok":true,"ids":[1,2]}');
    await expect(postJson(`${baseUrl}/created`, {})).resolves.toEqual({ ok: true, ids: [1, 2] });
  });

  it('returns undefined for an empty answer', async () => {
    answer = (response) => response.writeHead(204).end();
    await expect(postJson(`${baseUrl}/empty`, {})).resolves.toBeUndefined();
  });

  it('raises an HttpError with status, status text and response at status 400 or above', async () => {
    respond(422, '{"errors":{"email":"invalid"}}', 'application/json', 'Unprocessable Entity');
    const error = await postJson(`${baseUrl}/invalid`, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422, statusText: 'Unprocessable Entity', response: { errors: { email: 'invalid' } } });
  });

  it('treats exactly 400 as an error', async () => {
    respond(400, 'bad request', 'text/plain', 'Bad Request');
    await expect(postJson(`${baseUrl}/bad`, {})).rejects.toMatchObject({ status: 400, statusText: 'Bad Request', response: 'bad request' });
  });

  it('treats 399 as an answer, not an error', async () => {
    respond(399, '{"fine":1}');
    await expect(postJson(`${baseUrl}/odd`, {})).resolves.toEqual({ fine: 1 });
  });

  it('raises an HttpError for server failures too', async () => {
    respond(503, '', 'text/plain', 'Service Unavailable');
    await expect(postJson(`${baseUrl}/down`, {})).rejects.toMatchObject({ name: 'HttpError', status: 503, response: undefined });
  });
});
