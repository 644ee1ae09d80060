import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local reCAPTCHA-style `siteverify` endpoint: answers what the test sets, and records what it was asked. */
export class FakeVerifierServer {
  answer: { status: number; body: unknown } = { status: 200, body: { success: true, score: 0.9 } };
  readonly requests: URLSearchParams[] = [];
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        this.requests.push(new URLSearchParams(body));
        response.writeHead(this.answer.status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(this.answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
