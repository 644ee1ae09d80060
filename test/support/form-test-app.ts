import { FakeVerifierServer } from './fake-verifier-server.js';
import { SmtpTestServer } from './smtp-test-server.js';
import { startTestApp, type TestApp } from './test-app.js';

/** The app with what a form post goes through outside it: the bot-check verifier, and the SMTP server its mails leave by. */
export interface FormTestApp {
  readonly sut: TestApp;
  readonly verifier: FakeVerifierServer;
  readonly smtp: SmtpTestServer;
  /** Closes the app, then stops the SMTP server and the verifier (even when the app fails to close). */
  close(): Promise<void>;
}

/** `env` adds to (or overrides) the verifier's and the SMTP server's settings and a form rate limit of 50. */
export async function startFormTestApp(env: Record<string, string> = {}): Promise<FormTestApp> {
  const verifier = new FakeVerifierServer();
  await verifier.start();
  const smtp = new SmtpTestServer();
  const stopServers = async () => {
    await smtp.stop();
    await verifier.stop();
  };
  let sut: TestApp;
  try {
    await smtp.start();
    sut = await startTestApp({ SMTP_URL: smtp.url, BOT_CHECK_SECRET: 'verifier-secret', BOT_CHECK_VERIFY_URL: verifier.url, FORM_RATE_LIMIT: '50', ...env });
  } catch (error) {
    await stopServers();
    throw error;
  }
  const close = async () => {
    try {
      await sut.close();
    } finally {
      await stopServers();
    }
  };
  return { sut, verifier, smtp, close };
}
