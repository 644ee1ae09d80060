import { Injectable } from '@nestjs/common';
import { I18nService } from 'nestjs-i18n';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../routing/locales.js';
import type { TranslateArgs, Translator } from './translator.js';

/** Locales tried for a text: the requested one, then nl, then the others in SPEC order (SPEC §5). */
export function fallbackChain(locale: Locale): Locale[] {
  return [...new Set<Locale>([locale, DEFAULT_LOCALE, ...LOCALES])];
}

@Injectable()
export class TranslationService {
  private readonly translators = new Map<Locale, Translator>();

  constructor(private readonly i18n: I18nService) {}

  forLocale(locale: Locale): Translator {
    let translator = this.translators.get(locale);
    if (!translator) {
      translator = this.createTranslator(locale);
      this.translators.set(locale, translator);
    }
    return translator;
  }

  private createTranslator(locale: Locale): Translator {
    const chain = fallbackChain(locale);
    const find = (key: string, args?: TranslateArgs): string | undefined => {
      for (const lang of chain) {
        // nestjs-i18n answers a missing key with the key itself.
        const text = this.i18n.translate(key, { lang, args }) as unknown;
        if (typeof text === 'string' && text !== key && text !== '') return text;
      }
      return undefined;
    };
    return {
      locale,
      t: (key, args) => find(key, args) ?? key,
      has: (key) => find(key) !== undefined,
    };
  }
}
