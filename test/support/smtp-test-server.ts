import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a loopback port, for the app's real nodemailer transport. It can refuse the
 * next attempts (451, a temporary failure, as a server that is overloaded answers) and keeps every
 * mail it accepted, parsed.
 */
export class SmtpTestServer {
  readonly received: ParsedMail[] = [];
  /** How many of the next deliveries to refuse; Infinity refuses all. */
  refuseNext = 0;
  refused = 0;
  /**
   * Connections that broke in the middle of a mail (a client killed while it sent one: the cluster test's SIGKILL).
   * A real server logs and drops them; smtp-server emits them on the server, where no listener means a crash.
   */
  readonly connectionErrors: Error[] = [];
  private server?: SMTPServer;

  async start(port = 0): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no certificate to trust in tests.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        if (this.refuseNext > 0) {
          this.refuseNext--;
          this.refused++;
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error('try again later'), { responseCode: 451 })));
          return;
        }
        simpleParser(stream).then(
          (mail) => {
            this.received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    const server = this.server;
    server.on('error', (error: Error) => this.connectionErrors.push(error));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server!.server.address() as AddressInfo).port}`;
  }

  /** Mails received with this Message-ID (the app gives every attempt of one mail the same one). */
  copiesOf(messageId: string): number {
    return this.received.filter((mail) => mail.messageId === messageId).length;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
