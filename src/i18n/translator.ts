import type { Locale } from '../routing/locales.js';

export type TranslateArgs = Readonly<Record<string, string | number>>;

/** Text in one locale; views receive it with their view model. */
export interface Translator {
  readonly locale: Locale;
  /**
   * The text of `key` (`file.path.to.key`), falling back to nl, then the first locale that has it.
   * A text with plural forms picks its form by `args.count` under the answering language's CLDR rules.
   */
  t(key: string, args?: TranslateArgs): string;
  /** Whether any locale has a text for `key`. */
  has(key: string): boolean;
}

/** The CLDR plural categories, the keys nestjs-i18n accepts for plural forms. */
const PLURAL_CATEGORIES: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * One text in plural forms (`{ "one": "{count} persoon", "other": "{count} personen" }`), nestjs-i18n's shape.
 * `other` is required; `zero` is used for 0 when present, whatever the language's rules say.
 */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>>> & { readonly other: string };

export function isPluralForms(value: unknown): value is PluralForms {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    typeof (value as { other?: unknown }).other === 'string' &&
    entries.every(([category, text]) => PLURAL_CATEGORIES.includes(category as Intl.LDMLPluralRule) && typeof text === 'string')
  );
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * The category of `forms` to use for `count` in `lang`. A count is a number or a string of digits only: a
 * formatted number ("1.000") is ambiguous across locales, so it and a missing count take `other`. A category
 * the forms lack (fr "many" for a million) also takes `other`.
 */
export function pluralCategory(forms: PluralForms, lang: Locale, count: unknown): Intl.LDMLPluralRule {
  const value = typeof count === 'number' ? count : typeof count === 'string' && /^\d+$/.test(count) ? Number(count) : NaN;
  if (!Number.isFinite(value)) return 'other';
  if (value === 0 && forms.zero) return 'zero';
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  const category = rules.select(value);
  return forms[category] ? category : 'other';
}
