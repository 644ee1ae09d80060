import { fileTranslator, rawText } from '../../../test/support/file-translator.js';
import { LOCALES } from '../../routing/locales.js';
import { countryLabel, enumLabel, roomTypeLabel, subTypeLabel } from './enum-labels.js';
import { ENUM_VALUES, type EnumName, ROOM_TYPES, SUB_TYPES } from './enums.js';

const nl = fileTranslator('nl');
const fr = fileTranslator('fr');
const de = fileTranslator('de');

describe(enumLabel.name, () => {
  it('gives the label in the locale', () => {
    expect(enumLabel(nl, 'status', 'FOR_SALE')).toBe('Te koop');
    expect(enumLabel(fr, 'heating', 'GAS')).toBe('Gaz');
  });

  it('an unknown enumeration value gives an empty label', () => {
    expect(enumLabel(nl, 'heating', 'NUCLEAR')).toBe('');
    expect(enumLabel(nl, 'heating', null)).toBe('');
    expect(enumLabel(nl, 'heating', '')).toBe('');
  });

  it('keeps the free-on value UNKNWON spelled as the CRM spells it', () => {
    expect(enumLabel(nl, 'freeOn', 'UNKNWON')).toBe('Onbekend');
    expect(enumLabel(nl, 'freeOn', 'UNKNOWN')).toBe('');
  });

  it('German has its own label where it used to fall back to Dutch', () => {
    expect(rawText('de', 'enums.kitchenType.AMERICAN_HYPER_EQUIPPED')).toBe('Voll ausgestattete offene Küche');
    expect(enumLabel(de, 'kitchenType', 'AMERICAN_HYPER_EQUIPPED')).toBe('Voll ausgestattete offene Küche');
  });

  it('labels combined energy label pairs', () => {
    expect(enumLabel(nl, 'energyLabel', 'A_B')).toBe('A-B');
    expect(enumLabel(nl, 'energyLabel', 'A++')).toBe('A++');
  });

  const everyValue = (Object.keys(ENUM_VALUES) as EnumName[]).flatMap((name) =>
    (ENUM_VALUES[name] as readonly string[]).map((value) => [name, value] as const),
  );
  it.each(everyValue)('%s.%s has a label in nl, fr, en and de', (name, value) => {
    for (const locale of ['nl', 'fr', 'en', 'de'] as const) expect(rawText(locale, `enums.${name}.${value}`)).toBeTruthy();
  });
});

describe(subTypeLabel.name, () => {
  it('includes the SPEC examples for every head type', () => {
    const examples = {
      APARTMENT: ['DUPLEX', 'LOFT', 'PENTHOUSE', 'STUDENT_ROOM'],
      GARAGE: ['GARAGE_BOX', 'CARPORT', 'PARKING'],
      PLOT: ['BUILDING_PLOT', 'WOOD', 'MEADOW'],
      COMMERCIAL: ['OFFICE', 'HOTEL', 'RESTAURANT', 'WORKSHOP'],
      HOUSE: ['VILLA', 'BUNGALOW', 'CASTLE', 'TOWNHOUSE'],
    };
    for (const [head, values] of Object.entries(examples)) {
      for (const value of values) expect((SUB_TYPES as Record<string, readonly string[]>)[head]).toContain(value);
    }
  });

  it.each(LOCALES)('labels every subtype in %s', (locale) => {
    const t = fileTranslator(locale);
    for (const [head, values] of Object.entries(SUB_TYPES)) {
      for (const value of values) expect(subTypeLabel(t, head, value)).not.toBe('');
    }
  });

  it('a subtype of another head type gives an empty label', () => {
    expect(subTypeLabel(nl, 'GARAGE', 'VILLA')).toBe('');
  });
});

describe(roomTypeLabel.name, () => {
  it('names the room type ids of SPEC §9', () => {
    expect(ROOM_TYPES).toMatchObject({ BEDROOM: 1, BATHROOM: 5, GARAGE: 6, TERRACE: 10, PARKING_SPACE: 14, TOILET: 16 });
    expect(roomTypeLabel(nl, 1)).toBe('Slaapkamer');
    expect(roomTypeLabel(fr, 16)).toBe('Toilette');
  });

  it('an unknown room type gives an empty label', () => {
    expect(roomTypeLabel(nl, 999)).toBe('');
  });
});

describe(countryLabel.name, () => {
  it('names a known country and falls back to the code for others', () => {
    expect(countryLabel(fr, 'BE')).toBe('Belgique');
    expect(countryLabel(fr, 'JP')).toBe('JP');
    expect(countryLabel(fr, 'UNKNOWN')).toBe('Inconnu');
  });
});
