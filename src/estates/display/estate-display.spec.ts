import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildEstate } from '../../../test/factories/estate.factory.js';
import { fileTranslator } from '../../../test/support/file-translator.js';
import { FIXTURES_DIR } from '../../utils/paths.js';
import { LOCALES } from '../../routing/locales.js';
import type { Estate } from '../domain/estate.js';
import { proxiedImageUrl } from '../sources/image-url.js';
import { fixtureDictionaries, readSourceAFixtures } from '../sources/source-a/source-a.api.js';
import { isLiveInSourceA, mapSourceAProperty } from '../sources/source-a/source-a.mapper.js';
import { mapSourceBListing } from '../sources/source-b/source-b.mapper.js';
import type { SourceBListing } from '../sources/source-b/source-b.types.js';
import { fieldLabel } from './display-field.js';
import { brochureFacts, buildTabs, CRM_PURCHASE_COST_CODES, tabsBesidePurchaseCost, toDisplayModel } from './estate-display.js';
import { TAB_NAMES } from './tabs.js';

/** The demo catalogue mapped as the sync maps it (records a mapper rejects are left out). */
function catalogue(): Estate[] {
  const fixturesA = readSourceAFixtures(join(FIXTURES_DIR, 'source-a'));
  const b = JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-b/feed.json'), 'utf8')) as SourceBListing[];
  const attempt = (map: () => Estate) => {
    try {
      return [map()];
    } catch {
      return [];
    }
  };
  const context = { imageUrl: proxiedImageUrl, person: () => undefined, dictionaries: fixtureDictionaries(fixturesA) };
  return [
    ...fixturesA.properties.filter(isLiveInSourceA).flatMap((raw) => attempt(() => mapSourceAProperty(raw, context))),
    ...b.flatMap((raw) => attempt(() => mapSourceBListing(raw))),
  ];
}

const ESTATES = catalogue();
const CASES = LOCALES.flatMap((locale) => ESTATES.map((estate) => [locale, estate.id, estate] as const));

describe(toDisplayModel.name, () => {
  it('has the demo catalogue to run over', () => {
    expect(ESTATES.length).toBeGreaterThan(70);
  });

  it.each(CASES)('%s: listing %i gets a complete model with real labels', (locale, _id, estate) => {
    const t = fileTranslator(locale);
    const sut = toDisplayModel(estate, t, { pathFor: (unit) => `/unit/${unit.id}` });
    expect(sut.title).not.toBe('');
    expect(sut.priceText).not.toBe('');
    expect(sut.statusLabel).not.toBe('');
    for (const tab of sut.tabs) {
      expect(tab.title).not.toMatch(/^display\.tabs\./);
      for (const field of tab.fields) {
        expect(field.label).not.toMatch(/^_.*_$/);
        expect(field.text).not.toBe('');
        expect(field.text).not.toMatch(/^(display|enums|units)\./);
      }
    }
    if (estate.energy.epcValue) expect(sut.energy?.barPercent).toBeLessThanOrEqual(100);
  });

  it('keeps the tabs in SPEC order and leaves out hidden tabs', () => {
    const names = buildTabs(buildEstate(), fileTranslator('nl')).map((tab) => tab.name);
    expect(names).toEqual(TAB_NAMES.filter((name) => names.includes(name)));
    const hidden = buildTabs(buildEstate(), fileTranslator('nl'), ['planning', 'epc']).map((tab) => tab.name);
    expect(hidden).not.toContain('planning');
    expect(hidden).not.toContain('epc');
  });

  it('a hidden address shows only the city and gives no map point', () => {
    const sut = toDisplayModel(buildEstate({ address: { visible: false } }), fileTranslator('nl'));
    expect(sut.address.lines).toEqual(['9000 Gent']);
    expect(sut.map).toBeNull();
  });

  it('a white sticker with black text is not shown', () => {
    const white = toDisplayModel(buildEstate({ sticker: { id: 2, name: { nl: 'Open huis' }, color: '#ffffff', colorText: '#000000' } }), fileTranslator('nl'));
    expect(white.sticker).toBeNull();
    const red = toDisplayModel(buildEstate({ sticker: { id: 1, name: { nl: 'Nieuw' }, color: '#d81b60', colorText: '#fff' } }), fileTranslator('nl'));
    expect(red.sticker?.text).toBe('Nieuw');
  });

  it('virtual visits are the videos of type id 2', () => {
    const sut = toDisplayModel(buildEstate({ videos: [{ typeId: 2, link: 'https://tour/1' }, { typeId: 1, link: 'https://video/1' }] }), fileTranslator('nl'));
    expect(sut.virtualVisits).toEqual(['https://tour/1']);
  });

  it('other videos are kept with a label, numbered when there are several', () => {
    const one = toDisplayModel(buildEstate({ videos: [{ typeId: 1, link: 'https://video/1' }] }), fileTranslator('fr'));
    expect(one.videos).toEqual([{ label: 'Vidéo', href: 'https://video/1' }]);
    const two = toDisplayModel(buildEstate({ videos: [{ typeId: 1, link: 'https://video/1' }, { typeId: 3, link: 'https://video/2' }] }), fileTranslator('nl'));
    expect(two.videos.map((video) => video.label)).toEqual(['Video 1', 'Video 2']);
  });

  it('a sticker whose colours the mapper dropped keeps its text with the default style', () => {
    const sut = toDisplayModel(buildEstate({ sticker: { id: 3, name: { nl: 'Verkocht' }, color: null, colorText: null } }), fileTranslator('nl'));
    expect(sut.sticker).toEqual({ id: 3, text: 'Verkocht' });
  });

  it('the description is sanitized with the allow-list', () => {
    const sut = toDisplayModel(buildEstate({ description: { nl: '<p onclick="x()">Ruim<script>alert(1)</script></p><img src=x onerror=alert(1)>' } }), fileTranslator('nl'));
    expect(sut.descriptionHtml).toBe('<p>Ruim</p>');
  });

  it('marks the title and description with their language when they fall back to another', () => {
    const sut = toDisplayModel(buildEstate(), fileTranslator('de'));
    expect(sut).toMatchObject({ title: 'Ruime villa met tuin', titleLang: 'nl', descriptionLang: 'nl' });
    const own = toDisplayModel(buildEstate(), fileTranslator('fr'));
    expect(own).not.toHaveProperty('titleLang');
    expect(own).not.toHaveProperty('descriptionLang');
  });

  it('a rent says its period in the header price and in the financial tab', () => {
    const rental = buildEstate({ transaction: { statusId: 2, status: 'TO_RENT', forRent: true }, price: { value: 950, period: 'MONTH' } });
    const sut = toDisplayModel(rental, fileTranslator('nl'));
    expect(sut.priceText).toBe('€\u00a0950,00 per maand');
    const field = sut.tabs.find((tab) => tab.name === 'financial')?.fields.find((item) => item.code === 'financial.price');
    expect(field?.text).toBe('€\u00a0950,00 per maand');
  });

  it('groups rooms per floor, names custom rooms, and shows the flooding icon after C', () => {
    const estate = buildEstate({
      layoutRooms: [
        { typeId: 2, count: 1, surface: 40, comment: {}, floor: 0, sort: 1, customIndex: null, customName: {} },
        { typeId: 0, count: 1, surface: 14, comment: {}, floor: -1, sort: 2, customIndex: 1, customName: { nl: 'Wijnkelder' } },
      ],
      planning: { floodingScoreBuilding: 'D', floodingScoreParcel: 'B' },
    });
    const sut = toDisplayModel(estate, fileTranslator('nl'));
    expect(sut.layout.map((floor) => floor.title)).toEqual(['Kelderverdieping 1', 'Gelijkvloers']);
    expect(sut.layout[0].rooms[0].label).toBe('Wijnkelder');
    expect(sut.planning.floodingIcon).toEqual({ building: true, parcel: false });
  });

  it('a unit row shows the same price as the unit’s own page, and the project is "from" its cheapest unit', () => {
    const vatUnit = (id: number, value: number) =>
      buildEstate({ id, parentId: 2000, headType: 'APARTMENT', title: { nl: `App ${id}` }, price: { value, vatRegime: true } });
    const units = [vatUnit(2001, 370000), vatUnit(2002, 300000)];
    const project = buildEstate({ id: 2000, isProject: true, headType: 'PROJECT', price: { value: null, priceFrom: 255000, vatRegime: true }, children: units });
    const sut = toDisplayModel(project, fileTranslator('nl'));
    expect(sut.units.map((row) => row.priceText)).toEqual(units.map((unit) => toDisplayModel(unit, fileTranslator('nl')).priceText));
    expect(sut.units[1].priceText).toBe('€\u00a0300.000,00 + btw');
    expect(sut.priceText).toBe('Vanaf €\u00a0300.000,00 + btw');
  });

  it('lists a project’s units with status, price and path', () => {
    const unit = buildEstate({ id: 2001, parentId: 2000, headType: 'APARTMENT', subType: 'FLAT', title: { nl: 'App 1.01' } });
    const project = buildEstate({ id: 2000, isProject: true, headType: 'PROJECT', children: [unit] });
    const sut = toDisplayModel(project, fileTranslator('nl'), { pathFor: (child, parent) => `/p/${parent!.id}/${child.id}` });
    expect(sut.units).toEqual([expect.objectContaining({ id: 2001, title: 'App 1.01', statusLabel: 'Te koop', priceText: '€\u00a0495.000,00', path: '/p/2000/2001' })]);
  });
});

describe('extra fields', () => {
  const extra = (name: Record<string, string>, autoid = 3) => buildEstate({ extraFields: [{ autoid, type: 'NUMBER', name, value: '757', values: {} }] });
  const field = (estate: Estate, locale: (typeof LOCALES)[number]) =>
    buildTabs(estate, fileTranslator(locale)).find((tab) => tab.name === 'other')?.fields[0];

  it('take their label from the CRM in the page’s language', () => {
    expect(field(extra({ nl: 'Afstand tot station (m)', en: 'Walk to the station (m)' }), 'en')).toMatchObject({ label: 'Walk to the station (m)', text: '757' });
  });

  it('else from our own labels', () => {
    const sut = field(extra({ nl: 'Afstand tot station (m)', fr: 'Distance de la gare (m)' }), 'de');
    expect(sut?.label).toBe('Entfernung zum Bahnhof (m)');
    expect(sut).not.toHaveProperty('labelLang');
  });

  it('else from the CRM in another language, marked with that language', () => {
    expect(field(extra({ nl: 'Zonnepanelen (kWp)' }, 99), 'en')).toMatchObject({ label: 'Zonnepanelen (kWp)', labelLang: 'nl' });
  });

  it('else the code', () => {
    expect(field(extra({}, 99), 'en')?.label).toBe('_extra.99_');
  });

  it('mark a text value that falls back to another language', () => {
    const estate = buildEstate({ extraFields: [{ autoid: 1, type: 'TEXT', name: {}, value: null, values: { nl: 'Twee staanplaatsen' } }] });
    expect(field(estate, 'en')).toMatchObject({ label: 'Parking', text: 'Twee staanplaatsen', lang: 'nl' });
    expect(field(estate, 'nl')).not.toHaveProperty('lang');
  });
});

describe('facts said once, that agree (issue 38)', () => {
  const nl = fileTranslator('nl');
  const row = (estate: Estate, code: string, locale: (typeof LOCALES)[number] = 'nl') =>
    buildTabs(estate, fileTranslator(locale))
      .flatMap((tab) => tab.fields)
      .filter((item) => item.code === code)
      .map((item) => [item.label, item.text]);
  const availabilityExtra = { autoid: 5, type: 'DATE', name: { nl: 'Beschikbaar vanaf', fr: 'Disponible à partir du' }, value: '2027-01-15', values: {} };

  it('one availability line: the CRM’s date beside its "unknown" is the date', () => {
    const estate = buildEstate({ technical: { available: 'UNKNWON', availableDate: '2027-01-15' } });
    expect(row(estate, 'technical.available')).toEqual([['Beschikbaar', 'vanaf 15/01/2027']]);
    expect(row(estate, 'technical.availableDate')).toEqual([]);
    expect(row(estate, 'technical.available', 'de')).toEqual([['Verfügbar', 'ab 15/01/2027']]);
  });

  it('the agency’s extra field named as the availability date is that date, and not a second line', () => {
    const estate = buildEstate({ technical: { available: 'UNKNWON', availableDate: null }, extraFields: [availabilityExtra] });
    expect(row(estate, 'technical.available', 'fr')).toEqual([['Disponible', 'à partir du 15/01/2027']]);
    expect(buildTabs(estate, fileTranslator('fr')).find((tab) => tab.name === 'other')).toBeUndefined();
    // Another date field stays where it is.
    const other = buildEstate({ extraFields: [{ ...availabilityExtra, autoid: 99, name: { nl: 'Datum renovatie' } }] });
    expect(row(other, 'extra.99')).toEqual([['Datum renovatie', '15/01/2027']]);
  });

  it('without a date, the CRM’s answer', () => {
    expect(row(buildEstate({ technical: { available: 'DEED', availableDate: null } }), 'technical.available')).toEqual([['Beschikbaar', 'Bij akte']]);
    expect(row(buildEstate({ technical: { available: null, availableDate: null } }), 'technical.available')).toEqual([]);
  });

  it.each([
    ['OBTAINED', 'VALID', 'Verkregen (Conform)'],
    ['OBTAINED', 'INVALID', 'Verkregen (Niet conform)'],
    ['UNKNOWN', 'INVALID', 'Onbekend'],
    ['NOT_OBTAINED', 'VALID', 'Niet verkregen'],
  ] as const)('an electrical certificate %s with conformity %s reads “%s”', (certificate, conformity, text) => {
    const estate = buildEstate({ technical: { certificateElectricity: certificate, certificateElectricityConform: conformity } });
    expect(row(estate, 'technical.certificateElectricity')).toEqual([['Keuring elektriciteit', text]]);
  });

  it.each([
    ['GAS', 'COMMON', 'Aardgas (gemeenschappelijk)'],
    ['GAS', 'INDIVIDUAL', 'Aardgas (individueel)'],
    ['GAS', 'NOT_APPLICABLE', 'Aardgas'],
    [null, 'COMMON', 'Gemeenschappelijk'],
  ] as const)('heating %s shared %s is one line: “%s”', (heating, commonHeating, text) => {
    const estate = buildEstate({ comfort: { heating, commonHeating } });
    expect(row(estate, 'comfort.heating')).toEqual([['Verwarming', text]]);
    expect(row(estate, 'comfort.commonHeating')).toEqual([]);
  });

  it('over the demo catalogue in every locale: no second availability line, no conformity without a certificate, no "common heating" row', () => {
    for (const [locale, , estate] of CASES) {
      const fields = toDisplayModel(estate, fileTranslator(locale)).tabs.flatMap((tab) => tab.fields);
      const codes = fields.map((item) => item.code);
      expect(codes).not.toContain('technical.availableDate');
      expect(codes).not.toContain('comfort.commonHeating');
      expect(fields.filter((item) => item.label === fieldLabel(fileTranslator(locale), 'technical.availableDate'))).toEqual([]);
      const certificate = fields.find((item) => item.code === 'technical.certificateElectricity');
      if (certificate && estate.technical.certificateElectricity !== 'OBTAINED') expect(certificate.text).not.toContain('(');
    }
  });

  it('beside the purchase-cost block, the CRM’s own duty, notary and deed rows are left out (a tab they empty too)', () => {
    const estate = buildEstate({ registrationPercent: 3, registrationCost: 19950, notarySalery: 7315, notaryTotal: 29925, ki: { indexed: 2191, nonIndexed: null, communityTax: null } });
    const tabs = tabsBesidePurchaseCost(buildTabs(estate, nl));
    const codes = tabs.flatMap((tab) => tab.fields.map((item) => item.code));
    for (const code of CRM_PURCHASE_COST_CODES) expect(codes).not.toContain(code);
    expect(codes).toContain('ki.indexed');
    expect(tabs.map((tab) => tab.name)).not.toContain('financialNotary');
  });

  it('the brochure’s features are the page’s rows, in the brochure’s order', () => {
    const facts = brochureFacts(buildTabs(buildEstate(), nl));
    expect(facts.map((item) => item.code)).toEqual(['technical.constructionYear', 'technical.condition', 'comfort.heating', 'comfort.kitchenType', 'comfort.garden', 'comfort.gardenSurface', 'comfort.terraceSurface', 'technical.available']);
    expect(facts.find((item) => item.code === 'technical.constructionYear')?.text).toBe('1998');
  });
});
