import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { I18N_DIR } from '../../src/utils/paths.js';
import { isPluralForms, pluralCategory, type PluralForms, type Translator } from '../../src/i18n/translator.js';
import { fallbackChain } from '../../src/i18n/translation.service.js';
import { LOCALES, type Locale } from '../../src/routing/locales.js';

type Tree = { [key: string]: string | Tree };

function load(locale: Locale): Tree {
  const dir = join(I18N_DIR, locale);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [basename(file, '.json'), JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree]),
  );
}

const trees = Object.fromEntries(LOCALES.map((locale) => [locale, load(locale)])) as Record<Locale, Tree>;

function lookup(tree: Tree, key: string): string | PluralForms | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  if (typeof node === 'string') return node !== '' ? node : undefined;
  return isPluralForms(node) ? node : undefined;
}

/**
 * The i18n files as a Translator without Nest, for unit specs: the same fallback chain as the app
 * (locale, then nl, then the others), plural forms by `count` and `{name}` placeholders.
 */
export function fileTranslator(locale: Locale): Translator {
  const find = (key: string) => fallbackChain(locale).map((lang) => ({ lang, entry: lookup(trees[lang], key) })).find(({ entry }) => entry !== undefined);
  return {
    locale,
    t: (key, args) => {
      const found = find(key);
      const text = !found?.entry ? key : typeof found.entry === 'string' ? found.entry : found.entry[pluralCategory(found.entry, found.lang, args?.count)]!;
      return args ? text.replace(/\{(\w+)\}/g, (match, name: string) => (name in args ? String(args[name]) : match)) : text;
    },
    has: (key) => find(key) !== undefined,
  };
}

/** The raw text of one locale only (no fallback), to check what a file holds. */
export function rawText(locale: Locale, key: string): string | undefined {
  const entry = lookup(trees[locale], key);
  return typeof entry === 'string' ? entry : undefined;
}
