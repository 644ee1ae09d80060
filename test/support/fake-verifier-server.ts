import type { Server } from 'node:http';
import { closeServer, listenOnLoopback, loopbackOrigin } from './loopback-server.js';

/** A local reCAPTCHA-style `siteverify` endpoint: answers what the test sets, and records what it was asked. */
export class FakeVerifierServer {
  answer: { status: number; body: unknown } = { status: 200, body: { success: true, score: 0.9 } };
  /** How long the verifier takes to answer (to see a form's loading state). */
  delayMs = 0;
  readonly requests: URLSearchParams[] = [];
  private server?: Server;

  async start(): Promise<void> {
    this.server = await listenOnLoopback((request, response) => {
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
  }

  get url(): string {
    return `${this.origin}/recaptcha/api/siteverify`;
  }

  get scriptUrl(): string {
    return `${this.origin}/recaptcha/api.js`;
  }

  private get origin(): string {
    return loopbackOrigin(this.server!);
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }
}

/** The app's bot-check settings for a browser: the provider's script and the siteverify endpoint, both the fake's. */
export function browserBotCheckEnv(verifier: FakeVerifierServer): Record<string, string> {
  return { BOT_CHECK_SITE_KEY: 'site-key', BOT_CHECK_SCRIPT_URL: verifier.scriptUrl, BOT_CHECK_SECRET: 'secret', BOT_CHECK_VERIFY_URL: verifier.url };
}
