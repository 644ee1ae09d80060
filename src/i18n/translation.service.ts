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
    // The files are loaded once (no watching), so which language answers a key never changes:
    // remember it, and the text itself when there is nothing to fill in. A page asks for hundreds of texts.
    const answeringLanguage = new Map<string, Locale | null>();
    const plainTexts = new Map<string, string | undefined>();
    const translate = (key: string, lang: Locale, args?: TranslateArgs): string | undefined => {
      // nestjs-i18n answers a missing key with the key itself.
      const text = this.i18n.translate(key, { lang, args }) as unknown;
      return typeof text === 'string' && text !== key && text !== '' ? text : undefined;
    };
    const languageFor = (key: string): Locale | null => {
      let lang = answeringLanguage.get(key);
      if (lang === undefined) {
        lang = chain.find((candidate) => translate(key, candidate) !== undefined) ?? null;
        answeringLanguage.set(key, lang);
      }
      return lang;
    };
    const find = (key: string, args?: TranslateArgs): string | undefined => {
      if (!args && plainTexts.has(key)) return plainTexts.get(key);
      const lang = languageFor(key);
      const text = lang === null ? undefined : translate(key, lang, args);
      if (!args) plainTexts.set(key, text);
      return text;
    };
    return {
      locale,
      t: (key, args) => find(key, args) ?? key,
      has: (key) => languageFor(key) !== null,
    };
  }
}
