import { type CanActivate, type ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { BOT_CHECK_FIELD } from '../../views/components/bot-check-field.js';
import { AppError } from '../utils/errors.js';
import { AppConfig } from '../config/config.js';
import { BotCheckService, BotCheckUnavailableError } from './bot-check.service.js';
import { clientAddress, rateLimitSubject } from './client-address.js';
import type { FormOptions, FormView } from './form-view.js';
import { RateLimitService } from './rate-limit.service.js';

export const FORM_OPTIONS = Symbol('formOptions');
const FORM_CONTEXT = Symbol('formContext');

type WithFormContext = FastifyRequest & { [FORM_CONTEXT]?: { options: FormOptions; view: FormView } };

/** The form a request posts to (set by FormGuard), for the filter that shows it again. */
export function formContextOf(request: FastifyRequest): { options: FormOptions; view: FormView } | undefined {
  return (request as WithFormContext)[FORM_CONTEXT];
}

/**
 * What every form post passes before its input is even validated: the per-address rate limit of the form
 * (shared by replicas), then the bot check. It also tells the error filter which form this is.
 */
@Injectable()
export class FormGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly modules: ModuleRef,
    private readonly rateLimits: RateLimitService,
    private readonly botCheck: BotCheckService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.get<FormOptions>(FORM_OPTIONS, context.getHandler());
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    (request as WithFormContext)[FORM_CONTEXT] = { options, view: this.modules.get(options.view, { strict: false }) };

    const limit = options.rateLimit ?? { points: this.config.FORM_RATE_LIMIT, durationSeconds: this.config.FORM_RATE_WINDOW_SECONDS };
    const client = clientAddress(request);
    await this.rateLimits.consume({ name: `form-${options.name}`, ...limit }, rateLimitSubject(client));

    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof body[BOT_CHECK_FIELD] === 'string' ? (body[BOT_CHECK_FIELD] as string) : '';
    let human: boolean;
    try {
      human = await this.botCheck.verify(token, client);
    } catch (error) {
      if (error instanceof BotCheckUnavailableError) throw new AppError('botCheckUnavailable', HttpStatus.SERVICE_UNAVAILABLE);
      throw error;
    }
    if (!human) throw new AppError('botCheck', HttpStatus.FORBIDDEN);
    return true;
  }
}
