import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18N_DIR } from '../common/paths.js';
import { DEFAULT_LOCALE, LOCALES } from '../routing/locales.js';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix: string): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

function keysOf(locale: string): Set<string> {
  const dir = join(I18N_DIR, locale);
  return new Set(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) => flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree, `${file.replace(/\.json$/, '')}.`)),
  );
}

describe('i18n files', () => {
  const reference = keysOf(DEFAULT_LOCALE);

  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))('%s has no key that nl lacks', (locale) => {
    const missingInNl = [...keysOf(locale)].filter((key) => !reference.has(key));
    expect(missingInNl).toEqual([]);
  });

  it.each([...LOCALES])('%s files are valid JSON objects', (locale) => {
    expect(keysOf(locale).size).toBeGreaterThan(0);
  });
});
