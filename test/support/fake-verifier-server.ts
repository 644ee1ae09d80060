import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local reCAPTCHA-style `siteverify` endpoint: answers what the test sets, and records what it was asked. */
export class FakeVerifierServer {
  answer: { status: number; body: unknown } = { status: 200, body: { success: true, score: 0.9 } };
  /** How long the verifier takes to answer (to see a form's loading state). */
  delayMs = 0;
  readonly requests: URLSearchParams[] = [];
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      if (request.method === 'GET' && request.url?.startsWith('/recaptcha/api.js')) {
        // The provider's page script, as the browser loads it: a token for every form.
        response.writeHead(200, { 'Content-Type': 'text/javascript' });
        response.end(
          "window.grecaptcha = { ready: function (callback) { callback(); }, execute: function () { return Promise.resolve('browser-token'); } };",
        );
        return;
      }
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        this.requests.push(new URLSearchParams(body));
        setTimeout(() => {
          response.writeHead(this.answer.status, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify(this.answer.body));
        }, this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `${this.origin}/recaptcha/api/siteverify`;
  }

  get scriptUrl(): string {
    return `${this.origin}/recaptcha/api.js`;
  }

  private get origin(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
