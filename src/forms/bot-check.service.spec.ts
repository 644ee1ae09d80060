import { Logger } from '@nestjs/common';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { FakeVerifierServer } from '../../test/support/fake-verifier-server.js';
import { loadConfig } from '../config/config.js';
import { BotCheckService, BotCheckUnavailableError } from './bot-check.service.js';

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe(BotCheckService.name, () => {
  let verifier: FakeVerifierServer;

  beforeAll(async () => {
    // The missing-secret warning is expected here.
    Logger.overrideLogger(false);
    verifier = new FakeVerifierServer();
    await verifier.start();
  });

  afterAll(async () => {
    Logger.overrideLogger(['error', 'warn', 'log']);
    await verifier.stop();
  });

  beforeEach(() => {
    verifier.answer = { status: 200, body: { success: true, score: 0.9 } };
    verifier.requests.length = 0;
  });

  const service = (env: Record<string, string> = {}) =>
    new BotCheckService(loadConfig({ BOT_CHECK_SECRET: 'the-secret', BOT_CHECK_VERIFY_URL: verifier.url, ...env }));

  it('asks the verifier with the secret, the token and the visitor’s address, form-encoded', async () => {
    const sut = service();
    await sut.verify('token-1', '203.0.113.7');
    expect(Object.fromEntries(verifier.requests[0]!)).toEqual({ secret: 'the-secret', response: 'token-1', remoteip: '203.0.113.7' });
  });

  it('passes a person the verifier accepts', async () => {
    await expect(service().verify('token', '203.0.113.7')).resolves.toBe(true);
  });

  it('refuses what the verifier calls a bot', async () => {
    verifier.answer = { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } };
    await expect(service().verify('token', '203.0.113.7')).resolves.toBe(false);
  });

  it('refuses a score below BOT_CHECK_MIN_SCORE', async () => {
    verifier.answer = { status: 200, body: { success: true, score: 0.3 } };
    await expect(service({ BOT_CHECK_MIN_SCORE: '0.5' }).verify('token', '203.0.113.7')).resolves.toBe(false);
  });

  it('refuses an empty token without asking the verifier', async () => {
    await expect(service().verify('', '203.0.113.7')).resolves.toBe(false);
    expect(verifier.requests).toHaveLength(0);
  });

  it('cannot decide when the verifier answers with a server error', async () => {
    verifier.answer = { status: 503, body: {} };
    await expect(service().verify('token', '203.0.113.7')).rejects.toBeInstanceOf(BotCheckUnavailableError);
  });

  it('cannot decide when the verifier is unreachable', async () => {
    const sut = service({ BOT_CHECK_VERIFY_URL: `http://127.0.0.1:${await closedPort()}/siteverify` });
    await expect(sut.verify('token', '203.0.113.7')).rejects.toBeInstanceOf(BotCheckUnavailableError);
  });

  it('lets everything pass without a secret (embedded demo only)', async () => {
    const sut = new BotCheckService(loadConfig({ BOT_CHECK_VERIFY_URL: verifier.url }));
    await expect(sut.verify('', '203.0.113.7')).resolves.toBe(true);
    expect(verifier.requests).toHaveLength(0);
  });
});
