import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildEstate } from '../../../test/factories/estate.factory.js';
import { fileTranslator } from '../../../test/support/file-translator.js';
import { FIXTURES_DIR } from '../../common/paths.js';
import { LOCALES } from '../../routing/locales.js';
import type { Estate } from '../domain/estate.js';
import { proxiedImageUrl } from '../sources/image-url.js';
import { isLiveInSourceA, mapSourceAProperty } from '../sources/source-a/source-a.mapper.js';
import type { SourceAProperty } from '../sources/source-a/source-a.types.js';
import { mapSourceBListing } from '../sources/source-b/source-b.mapper.js';
import type { SourceBListing } from '../sources/source-b/source-b.types.js';
import { buildTabs, toCardModel, toDisplayModel } from './estate-display.js';
import { TAB_NAMES } from './tabs.js';

/** The demo catalogue mapped as the sync maps it (records a mapper rejects are left out). */
function catalogue(): Estate[] {
  const a = JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-a/properties.json'), 'utf8')) as SourceAProperty[];
  const b = JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-b/feed.json'), 'utf8')) as SourceBListing[];
  const attempt = (map: () => Estate) => {
    try {
      return [map()];
    } catch {
      return [];
    }
  };
  const context = { imageUrl: proxiedImageUrl, person: () => undefined };
  return [
    ...a.filter(isLiveInSourceA).flatMap((raw) => attempt(() => mapSourceAProperty(raw, context))),
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
    expect(sut.videos).toEqual(['https://video/1']);
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

  it('lists a project’s units with status, price and path', () => {
    const unit = buildEstate({ id: 2001, parentId: 2000, headType: 'APARTMENT', subType: 'FLAT', title: { nl: 'App 1.01' } });
    const project = buildEstate({ id: 2000, isProject: true, headType: 'PROJECT', children: [unit] });
    const sut = toDisplayModel(project, fileTranslator('nl'), { pathFor: (child, parent) => `/p/${parent!.id}/${child.id}` });
    expect(sut.units).toEqual([expect.objectContaining({ id: 2001, title: 'App 1.01', statusLabel: 'Te koop', priceText: '€ 495.000,00', path: '/p/2000/2001' })]);
  });
});

describe(toCardModel.name, () => {
  it('is a compact card with the first photo and the price', () => {
    const sut = toCardModel(buildEstate(), fileTranslator('fr'), '/fr/offre/1001/x');
    expect(sut).toMatchObject({ title: 'Villa spacieuse avec jardin', priceText: '€ 495.000,00', city: 'Gand', path: '/fr/offre/1001/x' });
    expect(sut.facts[0]).toBe('4 chambres');
  });
});
