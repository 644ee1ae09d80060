import { type ExecutionContext, Injectable } from '@nestjs/common';
import type { I18nResolver } from 'nestjs-i18n';
import { localeFromPath } from '../routing/locales.js';

/** The locale is the first path segment (`/fr/...`); nestjs-i18n uses it for validation messages. */
@Injectable()
export class PathLocaleResolver implements I18nResolver {
  resolve(context: ExecutionContext): string | undefined {
    if (context.getType() !== 'http') return undefined;
    const request = context.switchToHttp().getRequest<{ url?: string }>();
    return localeFromPath(request.url ?? '');
  }
}
