import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/config.js';

const VERIFY_TIMEOUT_MS = 5_000;

export class BotCheckUnavailableError extends Error {
  override readonly name = 'BotCheckUnavailableError';
}

/**
 * Verifies a form's bot-check token with a reCAPTCHA-style `siteverify` endpoint. Without a secret
 * (config.botCheckRequired: in production with DATABASE_URL only the BOT_CHECK_DISABLED demo) every submission
 * passes, with a warning once.
 */
@Injectable()
export class BotCheckService {
  private readonly logger = new Logger(BotCheckService.name);
  private warned = false;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  /** true: a person; false: the verifier says bot; throws BotCheckUnavailableError when it cannot be asked. */
  async verify(token: string, remoteIp: string): Promise<boolean> {
    const secret = this.config.BOT_CHECK_SECRET;
    if (!this.config.botCheckRequired || !secret) {
      if (!this.warned) this.logger.warn('BOT_CHECK_SECRET is not set: form submissions are not checked for bots');
      this.warned = true;
      return true;
    }
    if (!token) return false;
    let answer: { success?: boolean; score?: number };
    try {
      const response = await fetch(this.config.BOT_CHECK_VERIFY_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      throw new BotCheckUnavailableError(`bot-check verifier unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const minimum = this.config.BOT_CHECK_MIN_SCORE;
    return answer.success === true && (minimum === undefined || answer.score === undefined || answer.score >= minimum);
  }
}
