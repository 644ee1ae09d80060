import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../utils/paths.js';
import { TITLE_MAX_LENGTH } from './crm-values.js';
import { proxiedImageUrl } from './image-url.js';
import { InvalidRecordError } from './raw-text.js';
import { fixtureDictionaries, readSourceAFixtures } from './source-a/source-a.api.js';
import { SourceADictionaries } from './source-a/source-a.dictionaries.js';
import { formatPhone, hiddenReason, isLiveInSourceA, mapSourceAProperty, type SourceAContext } from './source-a/source-a.mapper.js';
import type { SourceAProperty } from './source-a/source-a.types.js';
import { mapSourceBListing } from './source-b/source-b.mapper.js';
import type { SourceBListing } from './source-b/source-b.types.js';

const fixturesA = readSourceAFixtures(join(FIXTURES_DIR, 'source-a'));
const feedB = JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-b/feed.json'), 'utf8')) as SourceBListing[];
const dictionaries = fixtureDictionaries(fixturesA);
const context: SourceAContext = { imageUrl: proxiedImageUrl, person: () => undefined, dictionaries };
const firstA = fixturesA.properties.find((property) => property.publish && !property.is_project && property.property_id === 1001)!;
const mapA = (change: Partial<SourceAProperty>, using = context) => mapSourceAProperty({ ...firstA, ...change }, using);

describe(mapSourceAProperty.name, () => {
  it('keeps every language the CRM sent; empty texts are dropped', () => {
    const sut = mapA({ title: { nl: 'Villa', fr: '', en: null, de: 'Villa DE' } });
    expect(sut.title).toEqual({ nl: 'Villa', de: 'Villa DE' });
  });

  it('takes a plain-string text as written in the API language (Accept-Language)', () => {
    const sut = mapA({ title: 'Villa', description: '<p>Mooi</p>', description_short: 'Kort' });
    expect(sut).toMatchObject({ title: { nl: 'Villa' }, description: { nl: '<p>Mooi</p>' }, shortDescription: { nl: 'Kort' } });
    const french = mapA({ title: 'Villa' }, { ...context, dictionaries: fixtureDictionaries(fixturesA, 'fr') });
    expect(french.title).toEqual({ fr: 'Villa' });
  });

  it('maps snake_case fields onto the domain names (notary_document_salary is notarySalery)', () => {
    const sut = mapA({ notary_document_salary: 4321, epc_value: 199, indexed_ki: 1500 });
    expect(sut).toMatchObject({ notarySalery: 4321, energy: { epcValue: 199 }, ki: { indexed: 1500 } });
  });

  it('reads dictionary ids as SPEC enums: type and head type, transaction + status, condition, planning, rooms, facilities', () => {
    const sut = mapA({
      type_id: 5, // villa, head type 1 (house)
      transaction_id: 2,
      status_id: 3, // rented
      condition_id: 6,
      building_type_id: 1,
      town_planning_id: 11,
      building_license_id: 4,
      heritage_inventoried_id: 5,
      environments: [{ environment_id: 4 }],
      facilities: [{ facility_id: 2 }, { facility_id: 77 }],
      layouts: [{ layout_id: 1, count: 3 }, { layout_id: 99, count: 1 }],
      custom_epc_label: 'B',
      presale_right_ynu: 'Y',
    });
    expect(sut).toMatchObject({
      headType: 'HOUSE',
      subType: 'VILLA',
      transaction: { statusId: 6, status: 'RENTED', forRent: true },
      technical: { condition: 'NEW', buildingType: 'OPEN' },
      planning: { recentDestination: 'WG', buildingLicense: 'PENDING', heritageInventoried: 'BEFORE_1962', presaleRight: 'YES' },
      comfort: { environment: 'VILLAGE' },
      facilities: ['BICYCLE_STORAGE'],
      energy: { energyLabel: 'B', customEpcLabel: null },
    });
    expect(sut.layoutRooms.map((room) => [room.typeId, room.count])).toEqual([[1, 3]]);
  });

  it('a required dictionary entry that is missing makes the record invalid, naming the dictionary and the id', () => {
    expect(() => mapA({ type_id: 999 })).toThrow(/type_id 999 is not in the types dictionary/);
    expect(() => mapA({ status_id: 42 })).toThrow(/status_id 42 is not in the status dictionary/);
    expect(() => mapA({ transaction_id: 8 })).toThrow(/transaction_id 8 is not in the transactions dictionary/);
    expect(() => mapA({ type_id: undefined })).toThrow(InvalidRecordError);
  });

  it('a city the dictionary lacks is a gap, not a reason to drop the listing (source-a.spec.ts tests it whole)', () => {
    const sut = mapA({ address: { ...firstA.address, city_geo: undefined, city_geo_id: 123456 } });
    expect(sut.address.city).toMatchObject({ id: 123456, zip: firstA.address!.zip, name: firstA.address!.zip });
  });

  it('an optional dictionary entry that is missing leaves its field null', () => {
    const sut = mapA({ condition_id: 99, building_type_id: 99, town_planning_id: 99, sticker_id: 99 });
    expect(sut.technical).toMatchObject({ condition: null, buildingType: null });
    expect(sut.planning.recentDestination).toBeNull();
    expect(sut.sticker).toBeNull();
  });

  it('names the city from the geo dictionary in its region’s language, the region following the zip', () => {
    expect(mapA({}).address).toMatchObject({ city: { zip: '9000', name: 'Gent', alias: { fr: 'Gand' } }, region: 'FLANDERS', country: 'BE' });
    const namur = fixturesA.properties.find((property) => property.address?.city_geo_id === 5000)!;
    expect(mapSourceAProperty(namur, context).address).toMatchObject({ city: { name: 'Namur', alias: { nl: 'Namen' } }, region: 'WALLONIA' });
  });

  it('serves photos through the property-images proxy per account', () => {
    const sut = mapA({});
    expect(sut.pictures[0].file).toMatch(/^\/property-images\/1042\/large\/[\w-]+\.jpg\?v=[a-z0-9]+$/);
    expect(sut.pictures[0].thumbnail).toMatch(/^\/property-images\/1042\/thumb\//);
  });

  it('versions photo URLs by the record\'s changed time, so a changed photo gets a new URL (cached for a year)', () => {
    const before = mapA({}).pictures[0].file;
    const after = mapA({ changed: new Date(Date.parse(firstA.changed!) + 60_000).toISOString() }).pictures[0].file;
    expect(before).toMatch(/\?v=\w+$/);
    expect(after).not.toBe(before);
    expect(after.split('?')[0]).toBe(before.split('?')[0]);
  });

  it('keeps a sticker colour only when it is a hex or named CSS colour', () => {
    const hostile = new SourceADictionaries(
      { ...fixturesA.optionItems, stickers: [{ id: 1, name: { nl: 'Nieuw' }, color: 'red;position:fixed;inset:0', color_text: 'White' }] },
      fixturesA.cities,
      'nl',
    );
    const sut = mapA({ sticker_id: 1 }, { ...context, dictionaries: hostile });
    expect(sut.sticker).toMatchObject({ id: 1, name: { nl: 'Nieuw' }, color: null, colorText: 'white' });
  });

  it('keeps only http(s) links for photos, files, videos and the sales rep’s picture', () => {
    const hostile = 'javascript:alert(1)';
    const persons = { person: () => ({ person_id: 1, first_name: 'Sofie', last_name: 'P', photo_url: hostile }) };
    const sut = mapA(
      {
        responsible_salesrep_person_id: 1,
        photos: [{ url: hostile }, { url: 'https://cdn.source-a.example/1042/house-01.jpg', url_thumbnail: 'data:image/png,x' }],
        files: [{ url: hostile }, { url: 'https://cdn.example/plan.pdf', type_id: 1 }],
        videos: [{ type_id: 1, url: 'vbscript:x' }, { type_id: 2, url: 'https://tour.example/1' }],
      },
      { ...context, ...persons },
    );
    expect(sut.pictures.map((picture) => [picture.file, picture.thumbnail])).toEqual([
      [expect.stringMatching(/^\/property-images\/1042\/large\/house-01\.jpg\?v=\w+$/), expect.stringMatching(/^\/property-images\/1042\/large\/house-01\.jpg\?v=\w+$/)],
    ]);
    expect(sut.files.map((file) => file.link)).toEqual(['https://cdn.example/plan.pdf']);
    expect(sut.videos.map((video) => video.link)).toEqual(['https://tour.example/1']);
    expect(sut.salesRep?.picture).toBeNull();
  });

  it('names files by Zabun’s file type ids (1 floor plan, 2 specifications, 3 brochure, 29 asbestos, 45 EPC, 102 water sensitivity, others OTHER)', () => {
    const files = [1, 2, 3, 29, 45, 102, 7].map((type_id) => ({ type_id, url: `https://cdn.example/${type_id}.pdf` }));
    expect(mapA({ files }).files.map((file) => file.type)).toEqual([
      'FLOOR_PLAN',
      'SPECIFICATIONS',
      'BROCHURE',
      'ASBESTOS_CERTIFICATE',
      'EPC_CERTIFICATE',
      'WATER_SENSITIVITY',
      'OTHER',
    ]);
  });

  it('builds the sales rep’s phones from country code and number', () => {
    const person = { person_id: 1, first_name: 'Sofie', last_name: 'P', mobile_phone_cc: '+32', mobile_phone: '0475 12 34 56', direct_phone_cc: '32', direct_phone: '091234567' };
    const sut = mapA({ responsible_salesrep_person_id: 1 }, { ...context, person: () => person });
    expect(sut.salesRep).toMatchObject({ firstname: 'Sofie', mobile: '+32 475 12 34 56', phone: '+32 9 123 45 67' });
  });

  it('cuts a title longer than TITLE_MAX_LENGTH', () => {
    const sut = mapA({ title: { nl: 'Villa '.repeat(200) } });
    expect(sut.title.nl!.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
  });

  it('only published, shown, not archived and not deleted records are live', () => {
    expect(isLiveInSourceA(firstA)).toBe(true);
    for (const change of [{ publish: false }, { show: false }, { archived: true }, { deleted: true }]) {
      expect(isLiveInSourceA({ ...firstA, ...change })).toBe(false);
    }
  });

  it('hides a record not published to the website medium, or with a status the site never shows', () => {
    const medium = { id: 14, published: new Set([1001]) };
    expect(hiddenReason(firstA, medium, dictionaries)).toBeNull();
    expect(hiddenReason({ ...firstA, property_id: 2002 }, medium, dictionaries)).toBe('not published to medium 14');
    expect(hiddenReason({ ...firstA, status_id: 4 }, medium, dictionaries)).toBe('status 4 (In voorbereiding) is not public');
    expect(hiddenReason({ ...firstA, archived: true }, medium, dictionaries)).toBe('archived');
  });
});

describe(formatPhone.name, () => {
  it.each([
    ['+32', '475123456', '+32 475 12 34 56'],
    ['32', '0475/12.34.56', '+32 475 12 34 56'],
    ['+32', '32475123456', '+32 475 12 34 56'],
    ['+32', '91234567', '+32 9 123 45 67'],
    ['+32', '025550102', '+32 2 555 01 02'],
    ['+32', '50123456', '+32 50 12 34 56'],
    ['+31', '612345678', '+31 612345678'],
    [null, '475123456', '+32 475 12 34 56'],
    ['+32', '', null],
    ['+32', null, null],
  ])('%s %s → %s', (cc, number, expected) => {
    expect(formatPhone(cc, number)).toBe(expected);
  });
});

describe(mapSourceBListing.name, () => {
  const first = feedB[0];

  it('carries the guid, which marks data source B', () => {
    const sut = mapSourceBListing(first);
    expect(sut).toMatchObject({ source: 'B', guid: first.guid, sourceId: first.guid });
  });

  it('keeps a sticker colour only when it is a hex or named CSS colour', () => {
    const sut = mapSourceBListing({ ...first, sticker: { id: 1, name: { nl: 'Nieuw' }, color: '#D81B60', colorText: 'black;background:url(x)' } });
    expect(sut.sticker).toMatchObject({ color: '#d81b60', colorText: null });
  });

  it('keeps only http(s) links for photos, files, videos and the sales rep’s picture', () => {
    const hostile = 'javascript:alert(1)';
    const sut = mapSourceBListing({
      ...first,
      salesRep: { firstname: 'Sofie', lastname: 'P', picture: hostile },
      pictures: [{ file: hostile }, { file: 'https://cdn.source-b.example/2001/house-01.jpg' }],
      files: [{ link: 'data:text/html,x' }, { link: 'https://cdn.example/plan.pdf' }],
      videos: [{ typeId: 1, link: hostile }, { typeId: 1, link: 'https://video.example/1' }],
    });
    expect(sut.pictures.map((picture) => picture.file)).toEqual([expect.stringMatching(/^\/property-images\/2001\/large\/house-01\.jpg\?v=\w+$/)]);
    expect(sut.files.map((file) => file.link)).toEqual(['https://cdn.example/plan.pdf']);
    expect(sut.videos.map((video) => video.link)).toEqual(['https://video.example/1']);
    expect(sut.salesRep?.picture).toBeNull();
  });

  it('cuts a title longer than TITLE_MAX_LENGTH', () => {
    expect(mapSourceBListing({ ...first, title: { fr: 'x'.repeat(1000) } }).title.fr!.length).toBe(TITLE_MAX_LENGTH);
  });

  it('a malformed guid is invalid', () => {
    expect(() => mapSourceBListing({ ...first, guid: 'x' })).toThrow(InvalidRecordError);
  });

  it('nests published project units with their parent id', () => {
    const project = feedB.find((listing) => listing.isProject)!;
    const sut = mapSourceBListing(project);
    expect(sut.children.length).toBeGreaterThanOrEqual(3);
    expect(sut.children.every((child) => child.parentId === sut.id)).toBe(true);
  });
});
