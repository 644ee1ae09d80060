import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import { I18nModule } from 'nestjs-i18n';
import { I18N_DIR } from '../utils/paths.js';
import { fallbackChain, TranslationService } from './translation.service.js';

function writeTexts(root: string, locale: string, texts: object): void {
  mkdirSync(join(root, locale), { recursive: true });
  writeFileSync(join(root, locale, 'demo.json'), JSON.stringify(texts));
}

async function serviceOver(path: string): Promise<TranslationService> {
  const module = await Test.createTestingModule({
    imports: [I18nModule.forRoot({ fallbackLanguage: 'nl', loaderOptions: { path, watch: false }, logging: false })],
    providers: [TranslationService],
  }).compile();
  await module.init();
  return module.get(TranslationService);
}

describe(TranslationService.name, () => {
  let sut: TranslationService;

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'immo-i18n-'));
    writeTexts(root, 'nl', {
      both: 'nl both',
      onlyNl: 'alleen nl',
      greeting: 'Dag {name}',
      emptyInDe: 'nl tekst',
      people: { one: '{count} persoon in {city}', other: '{count} personen in {city}' },
      photos: { zero: 'geen foto’s', one: '{count} foto', other: '{count} foto’s' },
      guests: { one: '{count} gast', other: '{count} gasten' },
    });
    writeTexts(root, 'fr', { both: 'fr both', onlyFrAndEn: 'seulement fr', people: { one: '{count} personne', other: '{count} personnes' } });
    writeTexts(root, 'en', { onlyFrAndEn: 'only en', onlyEn: 'only en text', people: { one: '{count} person', other: '{count} people' } });
    writeTexts(root, 'de', { onlyDe: 'nur de', emptyInDe: '' });
    sut = await serviceOver(root);
  });

  it('uses the requested locale when it has the text', () => {
    expect(sut.forLocale('fr').t('demo.both')).toBe('fr both');
  });

  it('falls back to nl when the locale lacks the text', () => {
    expect(sut.forLocale('de').t('demo.onlyNl')).toBe('alleen nl');
  });

  it('treats an empty text as missing', () => {
    expect(sut.forLocale('de').t('demo.emptyInDe')).toBe('nl tekst');
  });

  it('falls back to the first locale that has it when nl lacks it too', () => {
    expect(sut.forLocale('de').t('demo.onlyFrAndEn')).toBe('seulement fr');
    expect(sut.forLocale('nl').t('demo.onlyEn')).toBe('only en text');
  });

  it('fills the same text with other arguments each time (texts with arguments are remembered by their arguments)', () => {
    const { t } = sut.forLocale('nl');
    expect([t('demo.greeting', { name: 'Ann' }), t('demo.greeting', { name: 'Bart' }), t('demo.greeting', { name: 'Ann' })]).toEqual([
      'Dag Ann',
      'Dag Bart',
      'Dag Ann',
    ]);
    expect([t('demo.people', { count: 1, city: 'Gent' }), t('demo.people', { count: 2, city: 'Gent' })]).toEqual(['1 persoon in Gent', '2 personen in Gent']);
  });

  it('gives the key when no locale has the text', () => {
    expect(sut.forLocale('en').t('demo.nowhere')).toBe('demo.nowhere');
    expect(sut.forLocale('en').has('demo.nowhere')).toBe(false);
  });

  it('fills arguments', () => {
    expect(sut.forLocale('nl').t('demo.greeting', { name: 'An' })).toBe('Dag An');
  });

  it('picks the plural form by count under the language’s CLDR rules (fr counts 0 as singular)', () => {
    const nl = sut.forLocale('nl');
    const fr = sut.forLocale('fr');
    expect([0, 1, 2].map((count) => nl.t('demo.people', { count, city: 'Gent' }))).toEqual(['0 personen in Gent', '1 persoon in Gent', '2 personen in Gent']);
    expect([0, 1, 2].map((count) => fr.t('demo.people', { count }))).toEqual(['0 personne', '1 personne', '2 personnes']);
  });

  it('uses a zero form for 0 when the text has one', () => {
    expect(sut.forLocale('nl').t('demo.photos', { count: 0 })).toBe('geen foto’s');
    expect(sut.forLocale('nl').t('demo.photos', { count: 1 })).toBe('1 foto');
  });

  it('takes the general form when there is no count, or only a formatted one', () => {
    expect(sut.forLocale('nl').t('demo.people', { city: 'Gent' })).toMatch(/ personen in Gent$/);
    expect(sut.forLocale('nl').t('demo.people')).toBe('{count} personen in {city}');
    expect(sut.forLocale('nl').t('demo.people', { count: '1.000', city: 'Gent' })).toBe('1.000 personen in Gent');
    expect(sut.forLocale('nl').t('demo.people', { count: '1', city: 'Gent' })).toBe('1 persoon in Gent');
  });

  it('a text with plural forms counts as present', () => {
    expect(sut.forLocale('de').has('demo.people')).toBe(true);
  });

  it('chooses plural forms by the rules of the language that answers, not the one asked for', () => {
    // fr lacks the text; nl answers, and by nl rules 0 is plural (by fr rules it would be singular).
    expect(sut.forLocale('fr').t('demo.guests', { count: 0 })).toBe('0 gasten');
  });
});

describe(`${TranslationService.name} over the app's texts`, () => {
  let sut: TranslationService;

  beforeAll(async () => {
    sut = await serviceOver(I18N_DIR);
  });

  const counted: ReadonlyArray<readonly [string, Record<string, string | number>, Record<'nl' | 'fr' | 'en' | 'de', readonly [string, string, string]>]> = [
    [
      'holiday.overview.capacity',
      {},
      {
        nl: ['0 gasten', '1 gast', '2 gasten'],
        fr: ['0 personne', '1 personne', '2 personnes'],
        en: ['0 guests', '1 guest', '2 guests'],
        de: ['0 Gäste', '1 Gast', '2 Gäste'],
      },
    ],
    [
      'display.bedroomsCount',
      {},
      {
        nl: ['0 slaapkamers', '1 slaapkamer', '2 slaapkamers'],
        fr: ['0 chambre', '1 chambre', '2 chambres'],
        en: ['0 bedrooms', '1 bedroom', '2 bedrooms'],
        de: ['0 Schlafzimmer', '1 Schlafzimmer', '2 Schlafzimmer'],
      },
    ],
  ];

  it.each(counted.flatMap(([key, args, expected]) => (['nl', 'fr', 'en', 'de'] as const).map((locale) => [locale, key, args, expected[locale]] as const)))(
    '%s %s agrees with 0, 1 and 2',
    (locale, key, args, expected) => {
      const t = sut.forLocale(locale);
      expect([0, 1, 2].map((count) => t.t(key, { ...args, count, capacity: count }))).toEqual(expected);
    },
  );
});

describe(fallbackChain.name, () => {
  it('tries the locale, then nl, then the others in SPEC order', () => {
    expect(fallbackChain('de')).toEqual(['de', 'nl', 'fr', 'en']);
    expect(fallbackChain('nl')).toEqual(['nl', 'fr', 'en', 'de']);
  });
});
