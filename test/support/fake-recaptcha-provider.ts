import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import { closeServer, listenOnLoopback, loopbackOrigin } from './loopback-server.js';

/**
 * A local stand-in for Google reCAPTCHA v3 at the HTTP boundary, for a production-configured app: `/recaptcha/api.js`
 * is the provider script a page loads (it defines `grecaptcha.ready` and `grecaptcha.execute(siteKey, { action })`,
 * which resolves to a token), and `/recaptcha/api/siteverify` answers in Google's JSON shape (`success`,
 * `challenge_ts`, `hostname`, `score`, `action`, `error-codes`). A token is valid once, for the site key the script
 * was loaded with; the secret must match.
 */
export class FakeRecaptchaProvider {
  /** Score given to valid tokens; set below the app's minimum to see a refusal. */
  score = 0.9;
  /** Each siteverify call: the action and whether it succeeded. */
  readonly verifications: Array<{ action: string | null; success: boolean; errors: string[] }> = [];
  /** Script loads, as the page asked for them (the `render` site key). */
  readonly scriptLoads: string[] = [];
  private readonly issued = new Map<string, string>();
  private server?: Server;

  constructor(
    readonly siteKey: string,
    readonly secret: string,
  ) {}

  async start(): Promise<void> {
    this.server = await listenOnLoopback((request, response) => void this.handle(request, response));
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }

  get origin(): string {
    return loopbackOrigin(this.server!);
  }

  get scriptUrl(): string {
    return `${this.origin}/recaptcha/api.js`;
  }

  get verifyUrl(): string {
    return `${this.origin}/recaptcha/api/siteverify`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    if (request.method === 'GET' && url.pathname === '/recaptcha/api.js') {
      this.scriptLoads.push(url.searchParams.get('render') ?? '');
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
      response.end(providerScript(this.origin));
      return;
    }
    if (request.method === 'POST' && url.pathname === '/recaptcha/api/token') {
      // The script asks here for a token, as Google's does through its iframe.
      const body = new URLSearchParams(await text(request));
      const token = randomBytes(24).toString('base64url');
      this.issued.set(token, JSON.stringify({ siteKey: body.get('k'), action: body.get('action') }));
      response.writeHead(200, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
      response.end(token);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/recaptcha/api/siteverify') {
      const body = new URLSearchParams(await text(request));
      const issued = this.issued.get(body.get('response') ?? '');
      const errors: string[] = [];
      if (body.get('secret') !== this.secret) errors.push('invalid-input-secret');
      if (!body.get('response')) errors.push('missing-input-response');
      else if (!issued) errors.push('invalid-input-response');
      const grant = issued ? (JSON.parse(issued) as { siteKey: string | null; action: string | null }) : null;
      if (grant && grant.siteKey !== this.siteKey) errors.push('invalid-input-response');
      if (issued) this.issued.delete(body.get('response')!);
      const success = errors.length === 0;
      this.verifications.push({ action: grant?.action ?? null, success, errors });
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(
        JSON.stringify(
          success
            ? { success: true, challenge_ts: new Date().toISOString(), hostname: '127.0.0.1', score: this.score, action: grant!.action }
            : { success: false, 'error-codes': errors },
        ),
      );
      return;
    }
    send404(response);
  }
}

function providerScript(origin: string): string {
  return `(function () {
  var origin = ${JSON.stringify(origin)};
  window.grecaptcha = {
    ready: function (callback) { setTimeout(callback, 0); },
    execute: function (siteKey, options) {
      var body = new URLSearchParams({ k: siteKey, action: (options && options.action) || '' });
      return fetch(origin + '/recaptcha/api/token', { method: 'POST', body: body }).then(function (r) { return r.text(); });
    }
  };
})();`;
}

function send404(response: ServerResponse): void {
  response.writeHead(404, { 'Content-Type': 'text/plain' });
  response.end('not found');
}

