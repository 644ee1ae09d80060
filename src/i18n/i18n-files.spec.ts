import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR, I18N_DIR } from '../utils/paths.js';
import { fixtureDictionaries, readSourceAFixtures } from '../estates/sources/source-a/source-a.api.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../routing/locales.js';
import { isPluralForms, type PluralForms } from './translator.js';

type Tree = { [key: string]: string | Tree };
type Entry = string | PluralForms;

function flatten(tree: Tree, prefix: string): Array<[string, Entry]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, Entry]> =>
    typeof value === 'string' || isPluralForms(value) ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

function textsOf(locale: Locale): Map<string, Entry> {
  const dir = join(I18N_DIR, locale);
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) => flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree, `${file.replace(/\.json$/, '')}.`)),
  );
}

const TEXTS = Object.fromEntries(LOCALES.map((locale) => [locale, textsOf(locale)])) as Record<Locale, Map<string, Entry>>;
const ALL_KEYS = [...new Set(LOCALES.flatMap((locale) => [...TEXTS[locale].keys()]))].sort();
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

const formsOf = (entry: Entry): string[] => (typeof entry === 'string' ? [entry] : Object.values(entry));
const placeholdersOf = (entry: Entry): string[] => [...new Set(formsOf(entry).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1])))].sort();

/** Arguments that carry a number of things: a text using one must have plural forms ("1 people"). */
const COUNT_ARGUMENTS = ['count', 'capacity'];

/**
 * Texts that may read the same as nl: names, codes and words the languages share. Anything else that is
 * identical to nl is most likely an untranslated copy.
 */
const SAME_AS_NL: Readonly<Record<string, readonly Locale[]>> = {
  // Brands and codes.
  'detail.share.facebook': ['fr', 'en', 'de'],
  'detail.share.twitter': ['fr', 'en', 'de'],
  'detail.share.linkedin': ['fr', 'en', 'de'],
  'detail.share.whatsapp': ['fr', 'en', 'de'],
  'enums.carpentry.PLASTIC': ['fr', 'en'],
  ...Object.fromEntries(
    ['A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'A++_A+', 'A+_A', 'A_B', 'B_C', 'C_D', 'D_E', 'E_F', 'F_G'].map((label) => [`enums.energyLabel.${label}`, ['fr', 'en', 'de'] as const]),
  ),
  'detail.reference': ['en', 'de'],
  // Belgian French says E-mail and GSM as Belgian Dutch does.
  'detail.share.email': ['fr'],
  'detail.contact.email': ['fr'],
  'detail.contact.mobile': ['fr'],
  // Certificate abbreviations and units of the Belgian listing rules' short energy mention; the flood scores' P and G.
  'display.regionRules.short.FLANDERS': ['en', 'de'],
  'display.regionRules.short.BRUSSELS': ['en'],
  'display.regionRules.short.WALLONIA': ['en'],
  'display.regionRules.short.epc': ['fr', 'en', 'de'],
  'display.regionRules.short.co2': ['fr', 'en', 'de'],
  'display.regionRules.flood.parcel': ['en'],
  'display.regionRules.flood.building': ['en'],
  // Words the languages share.
  'detail.energy': ['de'],
  'display.regionRules.energy.label': ['de'],
  'display.tabs.epc': ['de'],
  'display.tabs.comfort': ['en'],
  'detail.videos': ['en', 'de'],
  'legal.privacy.cookies.heading': ['fr', 'en', 'de'],
  'holiday.unit.title': ['fr', 'en', 'de'],
  // A studio is a studio in every language.
  'holiday.studio': ['fr', 'en', 'de'],
  // Placeholders only, or the same word: the search's title patterns and a plural type.
  'display.heatingShared': ['fr', 'en', 'de'],
  'display.pricePerArea': ['fr', 'en', 'de'],
  // "Filters" is the same word in Dutch and English.
  'search.filters.toggle': ['en'],
  'search.title.types': ['fr', 'en', 'de'],
  'search.title.in': ['en', 'de'],
  'search.title.headType.GARAGE': ['fr', 'en'],
  'holiday.amenities.sauna': ['fr', 'en', 'de'],
  'holiday.amenities.barbecue': ['fr', 'en'],
  'holiday.amenities.parking': ['fr', 'en'],
  'holiday.amenities.elevator': ['en'],
  'holiday.regions.ardennes': ['de'],
  'holiday.prices.perWeek': ['en'],
  'holiday.unit.contact': ['fr', 'en'],
  'holiday.mail.email': ['fr'],
  'display.video': ['en', 'de'],
  'display.videoNumbered': ['en', 'de'],
  'display.extraFields.1': ['fr', 'en'],
  'detail.units.status': ['en', 'de'],
  'fields.general.status': ['en', 'de'],
  'fields.general.headType': ['fr', 'en'],
  'fields.general.architect': ['en'],
  'fields.general.country': ['de'],
  'fields.technical.elevator': ['en'],
  'fields.comfort.alarm': ['en'],
  'fields.layout.toilets': ['de'],
  'fields.layout.garages': ['fr', 'en'],
  'fields.layout.terraces': ['de'],
  'display.yes': ['de'],
  'display.file': ['fr', 'en'],
  'enums.headType.APARTMENT': ['fr'],
  'enums.headType.GARAGE': ['fr', 'en', 'de'],
  'enums.headType.PROJECT': ['en'],
  'enums.carpentry.ALUMINUM': ['fr', 'en', 'de'],
  'enums.flooding.YES': ['de'],
  'enums.planningAnswer.YES': ['de'],
  'enums.heating.ELECTRICITY': ['de'],
  'enums.heating.PELLET': ['fr', 'en', 'de'],
  'enums.country.LU': ['de'],
  'enums.country.PT': ['fr', 'en', 'de'],
  'enums.orientation.W': ['en', 'de'],
  'enums.rentPeriod.WEEK': ['en'],
  'enums.fileType.BROCHURE': ['fr', 'en'],
  'enums.fileType.OTHER': ['fr', 'en'],
  'brochure.documents.kinds.pdf': ['fr', 'en', 'de'],
  'enums.subType.APARTMENT.FLAT': ['fr'],
  'enums.subType.APARTMENT.DUPLEX': ['fr', 'en'],
  'enums.subType.APARTMENT.TRIPLEX': ['fr', 'en', 'de'],
  'enums.subType.APARTMENT.LOFT': ['fr', 'en', 'de'],
  'enums.subType.APARTMENT.PENTHOUSE': ['fr', 'en', 'de'],
  'enums.subType.APARTMENT.STUDIO': ['fr', 'en', 'de'],
  'enums.subType.GARAGE.CARPORT': ['fr', 'en', 'de'],
  'enums.subType.COMMERCIAL.HOTEL': ['en', 'de'],
  'enums.subType.COMMERCIAL.RESTAURANT': ['fr', 'en', 'de'],
  'enums.subType.COMMERCIAL.CAFE': ['fr', 'en', 'de'],
  'enums.subType.HOUSE.VILLA': ['fr', 'en', 'de'],
  'enums.subType.HOUSE.BUNGALOW': ['fr', 'en', 'de'],
  'enums.subType.HOUSE.MANSION': ['fr'],
  'enums.roomType.6': ['fr', 'en', 'de'],
  'enums.roomType.7': ['fr'],
  'enums.roomType.13': ['fr'],
  'enums.roomType.16': ['en'],
};

/** Every key whose text in a locale other than nl is the nl text, as `locale:key`. */
function sameAsNl(): string[] {
  const nl = TEXTS[DEFAULT_LOCALE];
  return OTHER_LOCALES.flatMap((locale) =>
    [...TEXTS[locale]].filter(([key, entry]) => nl.has(key) && JSON.stringify(entry) === JSON.stringify(nl.get(key))).map(([key]) => `${locale}:${key}`),
  ).sort();
}

describe('i18n files', () => {
  it.each([...LOCALES])('%s files are valid JSON objects', (locale) => {
    expect(TEXTS[locale].size).toBeGreaterThan(0);
  });

  it.each([...LOCALES])('%s has every key that any locale has', (locale) => {
    expect(ALL_KEYS.filter((key) => !TEXTS[locale].has(key))).toEqual([]);
  });

  it.each([...LOCALES])('%s has no empty text', (locale) => {
    const empty = [...TEXTS[locale]].filter(([, entry]) => formsOf(entry).some((text) => text.trim() === '')).map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(OTHER_LOCALES)('%s uses the same placeholders as nl in every text', (locale) => {
    const nl = TEXTS[DEFAULT_LOCALE];
    const differing = [...TEXTS[locale]]
      .filter(([key, entry]) => nl.has(key) && placeholdersOf(entry).join() !== placeholdersOf(nl.get(key)!).join())
      .map(([key, entry]) => `${key}: ${placeholdersOf(entry).join()} vs nl ${placeholdersOf(nl.get(key)!).join()}`);
    expect(differing).toEqual([]);
  });

  it.each([...LOCALES])('%s has plural forms for every text that shows a count', (locale) => {
    const singularOnly = [...TEXTS[locale]]
      .filter(([, entry]) => typeof entry === 'string' && placeholdersOf(entry).some((name) => COUNT_ARGUMENTS.includes(name)))
      .map(([key]) => key);
    expect(singularOnly).toEqual([]);
  });

  it.each([...LOCALES])('%s plural texts have the CLDR categories of the language', (locale) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const wrong = [...TEXTS[locale]]
      .filter((pair): pair is [string, PluralForms] => typeof pair[1] !== 'string')
      .filter(([, forms]) => {
        const given = Object.keys(forms);
        const unknown = given.filter((category) => category !== 'zero' && !categories.includes(category as Intl.LDMLPluralRule));
        // "many" (fr: a million) may fall back to "other"; the others must be there.
        const missing = categories.filter((category) => category !== 'many' && !given.includes(category));
        return unknown.length > 0 || missing.length > 0;
      })
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it('no text is the nl text copied into another locale, except names and shared words', () => {
    const allowed = Object.entries(SAME_AS_NL)
      .flatMap(([key, locales]) => locales.map((locale) => `${locale}:${key}`))
      .sort();
    // Both ways: a new copy fails, and so does an allowance no longer needed.
    expect(sameAsNl()).toEqual(allowed);
  });
});

type RawText = Partial<Record<Locale, string>>;
interface DemoListing {
  readonly id: number;
  readonly headType?: string;
  readonly title: RawText;
  readonly description: RawText;
  readonly extraFields: ReadonlyArray<{ readonly name: RawText }>;
}

/** The demo catalogue's listings (units included) in one shape, straight from the fixture files. */
function demoListings(): DemoListing[] {
  const read = (path: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, path), 'utf8')) as Array<Record<string, unknown>>;
  // Source A names a listing's type by id; the account's dictionaries give its head type (by name).
  const dictionaries = fixtureDictionaries(readSourceAFixtures(join(FIXTURES_DIR, 'source-a')));
  const headTypeOf = (typeId: unknown) => {
    try {
      return dictionaries.type(typeId).headType;
    } catch {
      return undefined;
    }
  };
  const a = read('source-a/properties.json').map((raw) => ({
    id: raw.property_id as number,
    headType: headTypeOf(raw.type_id),
    title: raw.title as RawText,
    description: raw.description as RawText,
    extraFields: raw.extra_fields as DemoListing['extraFields'],
  }));
  const b = read('source-b/feed.json')
    .flatMap((raw) => [raw, ...((raw.children as Array<Record<string, unknown>> | undefined) ?? [])])
    .map((raw) => ({
      id: raw.id as number,
      headType: raw.headType as string | undefined,
      title: raw.title as RawText,
      description: raw.description as RawText,
      extraFields: raw.extraFields as DemoListing['extraFields'],
    }));
  return [...a, ...b];
}

describe('demo catalogue texts', () => {
  const listings = demoListings();
  const missingLocales = (text: RawText) => LOCALES.filter((locale) => !text[locale]?.trim());

  it('every listing has a title and a description in the four locales', () => {
    const incomplete = listings
      .filter((listing) => missingLocales(listing.title).length > 0 || missingLocales(listing.description).length > 0)
      .map((listing) => listing.id);
    expect(listings.length).toBeGreaterThan(70);
    expect(incomplete).toEqual([]);
  });

  it('every extra field is named in the four locales', () => {
    const unnamed = listings.flatMap((listing) => listing.extraFields.filter((field) => missingLocales(field.name).length > 0).map(() => listing.id));
    expect(listings.some((listing) => listing.extraFields.length > 0)).toBe(true);
    expect(unnamed).toEqual([]);
  });

  it('Dutch uses "dit" with het-words', () => {
    const wrong = listings.filter((listing) => /\bDeze (appartement|handelspand|perceel)\b/.test(listing.description.nl ?? '')).map((listing) => listing.id);
    expect(wrong).toEqual([]);
  });

  it('plots and garages are not described with a living area', () => {
    const living = /leefruimte|séjour|living area|Wohnbereich/;
    const wrong = listings
      .filter((listing) => listing.headType === 'PLOT' || listing.headType === 'GARAGE')
      .filter((listing) => LOCALES.some((locale) => living.test(listing.description[locale] ?? '')))
      .map((listing) => listing.id);
    expect(wrong).toEqual([]);
  });
});
