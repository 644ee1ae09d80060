import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import { I18nModule } from 'nestjs-i18n';
import { fallbackChain, TranslationService } from './translation.service.js';

function writeTexts(root: string, locale: string, texts: object): void {
  mkdirSync(join(root, locale), { recursive: true });
  writeFileSync(join(root, locale, 'demo.json'), JSON.stringify(texts));
}

describe(TranslationService.name, () => {
  let sut: TranslationService;

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'immo-i18n-'));
    writeTexts(root, 'nl', { both: 'nl both', onlyNl: 'alleen nl', greeting: 'Dag {name}' });
    writeTexts(root, 'fr', { both: 'fr both', onlyFrAndEn: 'seulement fr' });
    writeTexts(root, 'en', { onlyFrAndEn: 'only en', onlyEn: 'only en text' });
    writeTexts(root, 'de', { onlyDe: 'nur de' });
    const module = await Test.createTestingModule({
      imports: [I18nModule.forRoot({ fallbackLanguage: 'nl', loaderOptions: { path: root, watch: false }, logging: false })],
      providers: [TranslationService],
    }).compile();
    await module.init();
    sut = module.get(TranslationService);
  });

  it('uses the requested locale when it has the text', () => {
    expect(sut.forLocale('fr').t('demo.both')).toBe('fr both');
  });

  it('falls back to nl when the locale lacks the text', () => {
    expect(sut.forLocale('de').t('demo.onlyNl')).toBe('alleen nl');
  });

  it('falls back to the first locale that has it when nl lacks it too', () => {
    expect(sut.forLocale('de').t('demo.onlyFrAndEn')).toBe('seulement fr');
    expect(sut.forLocale('nl').t('demo.onlyEn')).toBe('only en text');
  });

  it('gives the key when no locale has the text', () => {
    expect(sut.forLocale('en').t('demo.nowhere')).toBe('demo.nowhere');
    expect(sut.forLocale('en').has('demo.nowhere')).toBe(false);
  });

  it('fills arguments', () => {
    expect(sut.forLocale('nl').t('demo.greeting', { name: 'An' })).toBe('Dag An');
  });
});

describe(fallbackChain.name, () => {
  it('tries the locale, then nl, then the others in SPEC order', () => {
    expect(fallbackChain('de')).toEqual(['de', 'nl', 'fr', 'en']);
    expect(fallbackChain('nl')).toEqual(['nl', 'fr', 'en', 'de']);
  });
});
