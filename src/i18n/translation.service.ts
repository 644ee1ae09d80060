import { Inject, Injectable, Optional } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { I18nService } from 'nestjs-i18n';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../routing/locales.js';
import { isPluralForms, pluralCategory, type PluralForms, type TranslateArgs, type Translator } from './translator.js';

/** Locales tried for a text: the requested one, then nl, then the others in SPEC order (SPEC §5). */
export function fallbackChain(locale: Locale): Locale[] {
  return [...new Set<Locale>([locale, DEFAULT_LOCALE, ...LOCALES])];
}

type Entry = string | PluralForms;

/**
 * Texts with arguments remembered per locale: ~250 bytes each (the key with its arguments, the text, lru-cache's
 * slots), at most FILLED_TEXTS per locale (~5 MB for the four). The entry point gives the count the memory budget
 * allows (TranslationModule.forRoot, from src/config/memory-budget.ts's cacheEntries; i18n does not read config).
 */
export const FILLED_TEXT_BYTES = 250;
export const FILLED_TEXTS = 5000;
/** The injection token of that count; without it, FILLED_TEXTS. */
export const FILLED_TEXTS_KEPT = Symbol('FILLED_TEXTS_KEPT');

@Injectable()
export class TranslationService {
  private readonly translators = new Map<Locale, Translator>();

  constructor(
    private readonly i18n: I18nService,
    @Optional() @Inject(FILLED_TEXTS_KEPT) private readonly filledTexts: number = FILLED_TEXTS,
  ) {}

  forLocale(locale: Locale): Translator {
    let translator = this.translators.get(locale);
    if (!translator) {
      translator = this.createTranslator(locale);
      this.translators.set(locale, translator);
    }
    return translator;
  }

  /**
   * The text of `key` in exactly `lang`, '' counting as missing. Read from the loaded files rather than
   * through `translate`, which falls back to nl on its own and would hide which language answered (the
   * plural rules are that language's).
   */
  private entry(key: string, lang: Locale): Entry | undefined {
    let node: unknown = this.i18n.getTranslations()[lang];
    for (const part of key.split('.')) {
      if (typeof node !== 'object' || node === null) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    if (typeof node === 'string') return node === '' ? undefined : node;
    return isPluralForms(node) && node.other !== '' ? node : undefined;
  }

  private createTranslator(locale: Locale): Translator {
    const chain = fallbackChain(locale);
    // The files are loaded once (no watching), so which language answers a key never changes: remember it.
    // A page asks for hundreds of texts.
    const answers = new Map<string, { readonly lang: Locale; readonly entry: Entry } | null>();
    const find = (key: string) => {
      let answer = answers.get(key);
      if (answer === undefined) {
        answer = null;
        for (const lang of chain) {
          const entry = this.entry(key, lang);
          if (entry !== undefined) {
            answer = { lang, entry };
            break;
          }
        }
        answers.set(key, answer);
      }
      return answer;
    };
    // Texts with arguments repeat too (a page's photo captions, the footer's company number): remember the last few.
    const filled = new LRUCache<string, string>({ max: this.filledTexts });
    const fill = (path: string, lang: Locale, args: TranslateArgs) => {
      const memo = `${path}\u0000${lang}\u0000${JSON.stringify(args)}`;
      let text = filled.get(memo);
      if (text === undefined) {
        text = String(this.i18n.translate(path, { lang, args }));
        filled.set(memo, text);
      }
      return text;
    };
    return {
      locale,
      t: (key, args) => {
        const answer = find(key);
        if (!answer) return key;
        const { lang, entry } = answer;
        if (typeof entry === 'string') return args ? fill(key, lang, args) : entry;
        // Without a count there is nothing to choose by: the general form.
        return args ? fill(`${key}.${pluralCategory(entry, lang, args.count)}`, lang, args) : entry.other;
      },
      has: (key) => find(key) !== null,
    };
  }
}
