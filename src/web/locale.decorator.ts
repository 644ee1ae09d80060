import { createParamDecorator, type ExecutionContext, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type Locale, localeFromPath } from '../routing/locales.js';

/** The locale of the request, from its first path segment (every localized route starts with it). */
export const RequestLocale = createParamDecorator((_: unknown, context: ExecutionContext): Locale => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const locale = localeFromPath(request.url);
  if (!locale) throw new NotFoundException();
  return locale;
});
