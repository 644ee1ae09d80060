import type { Locale } from '../routing/locales.js';

export type TranslateArgs = Readonly<Record<string, string | number>>;

/** Text in one locale; views receive it with their view model. */
export interface Translator {
  readonly locale: Locale;
  /** The text of `key` (`file.path.to.key`), falling back to nl, then the first locale that has it. */
  t(key: string, args?: TranslateArgs): string;
  /** Whether any locale has a text for `key`. */
  has(key: string): boolean;
}
