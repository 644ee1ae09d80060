import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../../utils/paths.js';
import { proxiedImageUrl } from '../image-url.js';
import { fixtureDictionaries, readSourceAFixtures, type SourceAFixtures } from './source-a.api.js';
import { SourceADictionaries } from './source-a.dictionaries.js';
import { mapSourceAProperty, mapSourceAPropertyWithGaps, type SourceAContext } from './source-a.mapper.js';
import type { SourceADictionaryEntry, SourceAOptionItems, SourceAProperty } from './source-a.types.js';

const ROOT = join(FIXTURES_DIR, '..');
const fixtures = readSourceAFixtures(join(FIXTURES_DIR, 'source-a'));
const context: SourceAContext = { imageUrl: proxiedImageUrl, person: () => undefined, dictionaries: fixtureDictionaries(fixtures) };
const template = fixtures.properties.find((property) => property.property_id === 1001)!;
const map = (change: Partial<SourceAProperty>, using = context) => mapSourceAPropertyWithGaps({ ...template, ...change }, using);

/** The raw field names a mapper source reads, in the notation of docs/crm/zabun.md's field column. */
export function fieldReads(source: string): Set<string> {
  const reads = new Set<string>();
  const add = (pattern: RegExp, name: (match: RegExpExecArray) => string | string[]) => {
    for (const match of source.matchAll(pattern)) for (const field of [name(match)].flat()) reads.add(field);
  };
  add(/\braw\.([a-z_0-9]+)/g, (m) => m[1]!);
  add(/\b(?:property|child|item)\??\.([a-z_0-9]+)/g, (m) => m[1]!);
  add(/\b[nsbt]\('([a-z_0-9]+)'\)/g, (m) => m[1]!);
  add(/`([a-z_0-9]+)\$\{suffix\}`/g, (m) => [m[1]!, `${m[1]!}_shared`]);
  add(/\baddress\??\.([a-z_0-9]+)/g, (m) => `address.${m[1]!}`);
  const nested: Record<string, string> = { photo: 'photos[]', room: 'layouts[]', video: 'videos[]', file: 'files[]', facility: 'facilities[]', environment: 'environments[]', row: 'technicals[]' };
  add(/\b(photo|room|video|file|facility|environment|row)\??\.([a-z_0-9]+)/g, (m) => `${nested[m[1]!]}.${m[2]!}`);
  // Dictionary entries: geo cities (geo, embedded, known, city, named aliases), persons, stickers, entries.
  add(/\b(?:geo|embedded|known|city|person|sticker|entry|type)\??\.([a-z_0-9]+)/g, (m) => m[1]!);
  add(/\bnamed\??\.([a-z_0-9]+)/g, (m) => `alias[].${m[1]!}`);
  return reads;
}

/** Every name in the first column of the document's field tables ("## Fields of …" sections). */
export function documentedFields(markdown: string): Set<string> {
  const fields = new Set<string>();
  let inFields = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) inFields = line.startsWith('## Fields');
    if (!inFields || !line.startsWith('| `')) continue;
    const first = line.split('|')[1] ?? '';
    for (const match of first.matchAll(/`([^`]+)`/g)) fields.add(match[1]!);
  }
  for (const field of [...fields]) {
    // `alias[].lang` documents `alias` too; `address.city_geo` its city fields.
    const parent = /^(.+)\[\]\./.exec(field)?.[1];
    if (parent) fields.add(parent);
  }
  return fields;
}

function undocumentedReads(sources: readonly string[], markdown: string): string[] {
  const documented = documentedFields(markdown);
  const ignored = new Set(['length', 'map', 'filter', 'some', 'find', 'flatMap', 'sort', 'trim', 'name', 'id', 'language']);
  return [...new Set(sources.flatMap((source) => [...fieldReads(source)]))].filter((field) => !documented.has(field) && !ignored.has(field.replace(/^.*\./, ''))).sort();
}

describe('docs/crm/zabun.md lists every field the source A code reads', () => {
  const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
  const doc = read('docs/crm/zabun.md');
  const sources = ['mapper', 'source', 'dictionaries'].map((name) => read(`src/estates/sources/source-a/source-a.${name}.ts`));

  it('no read outside the tables', () => {
    expect(undocumentedReads(sources, doc)).toEqual([]);
  });

  it('a read of a field the tables lack is named (the check can fail)', () => {
    expect(undocumentedReads(["const x = raw.pets_allowed; n('garden_orientation'); address.city_name;"], doc)).toEqual(['address.city_name', 'garden_orientation', 'pets_allowed']);
  });

  it('the tables hold the names public clients read, and none of the old guesses', () => {
    const documented = documentedFields(doc);
    for (const field of ['pets_allowed_ynu', 'furniture_ynu', 'direction_garden_id', 'o_level_flooding_sensitivity_id', 'certificate_electricity_ynu', 'available', 'available_date', 'floors_total', 'epc_date_expire', 'technicals[].technical_dropdown_id', 'city_full', 'alias[].lang', 'address.city_geo']) {
      expect(documented).toContain(field);
    }
    for (const field of ['pets_allowed', 'furnished', 'garden_orientation', 'free_on', 'certificate_electricity', 'o_level_zone', 'heating', 'kitchen_type']) {
      expect(documented).not.toContain(field);
    }
  });
});

/** The same account numbered differently: every list's ids moved, the listing's ids with them. */
function renumbered(source: SourceAFixtures, property: SourceAProperty): { dictionaries: SourceADictionaries; property: SourceAProperty } {
  const shift = (list: string) => (id: unknown) => (typeof id === 'number' ? 7000 - id * 3 - list.length : id);
  const lists: Record<string, (id: unknown) => unknown> = {};
  const optionItems: Record<string, SourceADictionaryEntry[]> = {};
  for (const [list, entries] of Object.entries(source.optionItems)) {
    lists[list] = shift(list);
    optionItems[list] = (entries ?? []).map((entry) => ({ ...entry, id: lists[list]!(entry.id) as number }));
  }
  optionItems.types = optionItems.types!.map((type) => ({ ...type, head_type_id: lists.head_types!(type.head_type_id) as number }));
  // Reverse each list, so an id that meant one thing means another in this account.
  for (const list of Object.keys(optionItems)) optionItems[list] = [...optionItems[list]!].reverse();
  const technical = (id: unknown) => (typeof id === 'number' ? id + 40 : id);
  const dropdown = (id: unknown) => (typeof id === 'number' ? 99_000 - id : id);
  const evaluation = (id: unknown) => (typeof id === 'number' ? 10 - id : id);
  const videoType = (id: unknown) => (typeof id === 'number' ? 100 + id : id);
  const dictionaries = new SourceADictionaries(optionItems as SourceAOptionItems, source.cities, 'nl', {
    technicals: source.technicals.map((entry) => ({ ...entry, id: technical(entry.id) as number })),
    technicalDropdowns: Object.fromEntries(Object.entries(source.technicalDropdowns).map(([id, entries]) => [technical(Number(id)), entries.map((entry) => ({ ...entry, id: dropdown(entry.id) as number }))])),
    evaluations: source.evaluations.map((entry) => ({ ...entry, id: evaluation(entry.id) as number })),
    videoTypes: source.videoTypes.map((entry) => ({ ...entry, id: videoType(entry.id) as number })),
  });
  const ids: Array<[keyof SourceAProperty, string]> = [
    ['type_id', 'types'], ['transaction_id', 'transactions'], ['status_id', 'status'], ['building_type_id', 'building_types'], ['condition_id', 'conditions'],
    ['town_planning_id', 'town_plannings'], ['building_license_id', 'building_licenses'], ['heritage_inventoried_id', 'heritage_inventorieds'],
    ['renovation_obligation_id', 'renovation_obligations'], ['direction_garden_id', 'garden_directions'], ['sticker_id', 'stickers'],
    ['o_level_flooding_sensitivity_id', 'flooding_sensitivities'], ['o_level_flooding_zone_id', 'flooding_zones'],
  ];
  const moved: Record<string, unknown> = { ...property };
  for (const [field, list] of ids) moved[field] = lists[list]!(property[field]);
  moved.environments = property.environments?.map((item) => ({ environment_id: lists.environments!(item.environment_id) as number }));
  moved.facilities = property.facilities?.map((item) => ({ facility_id: lists.facilities!(item.facility_id) as number }));
  moved.layouts = property.layouts?.map((room) => ({ ...room, layout_id: room.custom_index ? room.layout_id : (lists.layouts!(room.layout_id) as number) }));
  moved.technicals = property.technicals?.map((row) => ({ technical_id: technical(row.technical_id) as number, technical_dropdown_id: dropdown(row.technical_dropdown_id) as number, evaluation_id: evaluation(row.evaluation_id) as number }));
  moved.videos = property.videos?.map((video) => ({ ...video, type_id: videoType(video.type_id) as number }));
  return { dictionaries, property: moved as SourceAProperty };
}

describe('dictionaries decoded by name', () => {
  const publishedIds = fixtures.properties.filter((property) => property.publish !== false && property.type_id !== undefined).map((property) => property.property_id!);

  it.each(publishedIds)('listing %i maps the same from an account that numbers every dictionary differently', (id) => {
    const property = fixtures.properties.find((candidate) => candidate.property_id === id)!;
    const other = renumbered(fixtures, { ...property, o_level_flooding_sensitivity_id: 2, o_level_flooding_zone_id: 1 });
    const expected = mapSourceAProperty({ ...property, o_level_flooding_sensitivity_id: 2, o_level_flooding_zone_id: 1 }, context);
    const mapped = mapSourceAProperty(other.property, { ...context, dictionaries: other.dictionaries });
    // A sticker keeps the account's own id (the page shows its name and colours).
    expect({ ...mapped, sticker: mapped.sticker && { ...mapped.sticker, id: expected.sticker?.id } }).toEqual(expected);
  });

  it('a required entry whose name the site does not know skips the record, naming the entry', () => {
    const optionItems = { ...fixtures.optionItems, transactions: [{ id: 1, name: { nl: 'Lijfrente', fr: 'Viager' } }] };
    const dictionaries = new SourceADictionaries(optionItems, fixtures.cities, 'nl');
    expect(() => map({}, { ...context, dictionaries })).toThrow('transaction_id 1 ("Lijfrente") of the transactions dictionary has no meaning on the site');
  });

  it('names are matched without case, accents or punctuation, in any language the entry carries', () => {
    const optionItems = { ...fixtures.optionItems, conditions: [{ id: 3, name: 'À RÉNOVER' }], garden_directions: [{ id: 1, name: { de: 'Südwest', fr: 'Sud-Ouest' } }] };
    const dictionaries = new SourceADictionaries(optionItems, fixtures.cities, 'nl');
    const { estate } = map({ condition_id: 3, direction_garden_id: 1 }, { ...context, dictionaries });
    expect(estate.technical).toMatchObject({ condition: 'TO_RENOVATE', directionGarden: 'SW' });
  });
});

describe('geo cities in the shape public clients read', () => {
  it("the detail's address.city_geo names the city: `city` its name, the aliases its other languages", () => {
    const { estate, gaps } = map({});
    expect(estate.address.city).toEqual({ id: 9000, zip: '9000', name: 'Gent', alias: { fr: 'Gand' }, lat: 51.0543, lon: 3.7174 });
    expect(gaps).toEqual([]);
  });

  it('without city_geo the dictionary entry of address.city_geo_id names it', () => {
    const { estate } = map({ address: { ...template.address, city_geo: undefined } });
    expect(estate.address.city).toMatchObject({ id: 9000, name: 'Gent', alias: { fr: 'Gand' } });
  });

  it('a city neither knows is shown under its zip (or the address city text), with a city gap', () => {
    const unknown = { ...template.address, city_geo: undefined, city_geo_id: 424242, zip: '9999' };
    const { estate, gaps } = map({ address: unknown });
    expect(estate.address.city).toMatchObject({ id: 424242, zip: '9999', name: '9999', alias: {} });
    expect(estate.address.street).toEqual({ nl: 'Sint-Pietersnieuwstraat' });
    expect(gaps).toEqual([{ field: 'city', reason: 'address.city_geo_id 424242 is not in the cities dictionary' }]);
    expect(map({ address: { ...unknown, city: 'Nergensdorp' } }).estate.address.city.name).toBe('Nergensdorp');
  });

  it('a city in the old guessed shape (a `name` object, no `city`) is a gap, not a name', () => {
    const old = { city_geo_id: 9000, zip: '9000', name: { nl: 'Gent', fr: 'Gand' } } as never;
    const dictionaries = new SourceADictionaries(fixtures.optionItems, [old], 'nl');
    const { estate, gaps } = map({ address: { ...template.address, city_geo: undefined } }, { ...context, dictionaries });
    expect(estate.address.city.name).toBe('9000');
    expect(gaps.map((gap) => gap.field)).toEqual(['city']);
  });
});

describe('fields under the names public clients read', () => {
  const technicalId = (name: string) => fixtures.technicals.find((entry) => (entry.name as { en: string }).en === name)!.id!;
  const dropdownOf = (technical: number, en: string) => fixtures.technicalDropdowns[String(technical)]!.find((entry) => (entry.name as { en: string }).en === en)!.id!;

  it('the _ynu answers, the garden direction, flooding, the electrical certificate, availability, floors and EPC dates', () => {
    const { estate } = map({
      pets_allowed_ynu: 'YES',
      furniture_ynu: 'NO',
      direction_garden_id: fixtures.optionItems.garden_directions!.find((entry) => (entry.name as { en: string }).en === 'South-west')!.id,
      o_level_flooding_sensitivity_id: 2,
      o_level_flooding_zone_id: 1,
      certificate_electricity_ynu: 'NO',
      available: 'Na opzeg',
      available_date: '2027-03-01T00:00:00',
      renovation_obligation_id: fixtures.optionItems.renovation_obligations!.find((entry) => (entry.name as { en: string }).en === 'Yes')!.id,
      floors_total: 4,
      epc_date: '2025-02-03T10:00:00',
      epc_date_expire: '2035-02-03',
    });
    expect(estate.petsAllowed).toBe(true);
    expect(estate.technical).toMatchObject({
      petsAllowed: true,
      furniture: false,
      directionGarden: 'SW',
      oLevelSensitivity: 'Mogelijk overstromingsgevoelig',
      oLevelZone: 'Geen risicozone',
      certificateElectricity: 'NOT_OBTAINED',
      available: 'AFTER_NOTICE_PERIOD',
      availableDate: '2027-03-01',
      floors: 4,
    });
    expect(estate.planning.renovationObligation).toBe('YES');
    expect(estate.energy).toMatchObject({ issuedOn: '2025-02-03', validUntil: '2035-02-03' });
  });

  it('the old guessed names are not read', () => {
    const { estate } = map({ pets_allowed_ynu: undefined, furniture_ynu: undefined, available: undefined, direction_garden_id: undefined, pets_allowed: true, furnished: true, free_on: 'IMMEDIATE', garden_orientation: 'S' });
    expect(estate.technical).toMatchObject({ petsAllowed: null, furniture: null, available: null, directionGarden: null });
  });

  it('renovation_obligation_id is a dictionary id, not a yes/no answer', () => {
    expect(map({ renovation_obligation_id: 'YES' as never }).estate.planning.renovationObligation).toBeNull();
  });

  it('technicals[] fill heating, kitchen, glazing, window frames, roof and sanitary by their names; others are rows', () => {
    const heating = technicalId('Heating');
    const electricity = technicalId('Electricity');
    const { estate } = map({
      technicals: [
        { technical_id: heating, technical_dropdown_id: dropdownOf(heating, 'Heat accumulation'), evaluation_id: 3 },
        { technical_id: technicalId('Kitchen'), technical_dropdown_id: dropdownOf(technicalId('Kitchen'), 'Semi-equipped'), evaluation_id: 2 },
        { technical_id: technicalId('Glazing'), technical_dropdown_id: dropdownOf(technicalId('Glazing'), 'Triple glazing'), evaluation_id: null },
        { technical_id: technicalId('Window frames'), technical_dropdown_id: dropdownOf(technicalId('Window frames'), 'PVC'), evaluation_id: 4 },
        { technical_id: technicalId('Roof'), technical_dropdown_id: dropdownOf(technicalId('Roof'), 'Flat roof'), evaluation_id: 1 },
        { technical_id: technicalId('Sanitary fittings'), technical_dropdown_id: dropdownOf(technicalId('Sanitary fittings'), 'Not equipped'), evaluation_id: 3 },
        { technical_id: electricity, technical_dropdown_id: null, evaluation_id: 4 },
        { technical_id: 9999, technical_dropdown_id: 1, evaluation_id: 1 },
      ],
      build_technicals: [],
    });
    expect(estate.comfort).toMatchObject({ heating: 'HEAT_ACCUMULATION', kitchenType: 'SEMI_EQUIPPED', windowGlazing: 'TRIPLE', carpentry: 'PLASTIC', roofType: 'FLAT', bathroomType: 'NOT_EQUIPPED' });
    expect(estate.buildTechnicals).toEqual([{ criteria: { nl: 'Elektriciteit', fr: 'Électricité', en: 'Electricity', de: 'Elektrizität' }, value: {}, comment: { nl: 'Zeer goed', fr: 'Très bon', en: 'Very good', de: 'Sehr gut' } }]);
  });

  it('the old flat comfort fields are not read', () => {
    const { estate } = map({ technicals: [], heating: 'GAS', kitchen_type: 'EQUIPPED', window_glazing: 'DOUBLE', carpentry: 'WOOD', roof_type: 'FLAT' });
    expect(estate.comfort).toMatchObject({ heating: null, kitchenType: null, windowGlazing: null, carpentry: null, roofType: null });
  });

  it('a video whose type is named a virtual tour is the virtual visit (typeId 2), whatever its id; others are videos', () => {
    const tour = fixtures.videoTypes.find((entry) => (entry.name as { en: string }).en === 'Virtual Tour')!.id!;
    const video = fixtures.videoTypes.find((entry) => (entry.name as { en: string }).en === 'Video')!.id!;
    const { estate } = map({ videos: [{ type_id: tour, url: 'https://tour.example/1' }, { type_id: video, url: 'https://video.example/1' }, { type_id: 2, url: 'https://video.example/2' }] });
    expect(tour).not.toBe(2);
    expect(estate.videos).toEqual([
      { typeId: 2, link: 'https://tour.example/1' },
      { typeId: 1, link: 'https://video.example/1' },
      { typeId: 1, link: 'https://video.example/2' },
    ]);
  });

  it('a photo on a host PHOTO_HOSTS does not allow is left out, and the gap names the host to add', () => {
    const { estate, gaps } = map({
      photos: [
        { url: 'https://cdn.source-a.example/1042/house-01.jpg', index: 0 },
        { url: 'https://photos.elsewhere.example.com/a.jpg', index: 1 },
        { url: 'https://photos.elsewhere.example.com/b.jpg', index: 2 },
        { url: 'javascript:alert(1)', index: 3 },
      ],
    });
    expect(estate.pictures).toHaveLength(1);
    expect(gaps).toEqual([
      { field: 'photos', reason: '2 photo(s) dropped: host photos.elsewhere.example.com is not in PHOTO_HOSTS (add photos.elsewhere.example.com)' },
      { field: 'photos', reason: '1 photo(s) without an http(s) url' },
    ]);
  });

  it('file types 103 and 104 are the estimation and the electrical inspection', () => {
    const { estate } = map({ files: [{ type_id: 103, url: 'https://cdn.source-a.example/1042/docs/estimation.pdf' }, { type_id: 104, url: 'https://cdn.source-a.example/1042/docs/keuring.pdf' }] });
    expect(estate.files.map((file) => file.type)).toEqual(['ESTIMATION', 'ELECTRICAL_INSPECTION']);
  });
});

describe('odd data in the fields public clients read never throws', () => {
  const odd: Array<[string, unknown]> = [
    ['technicals', 'heating'], ['technicals', [null, 5, { technical_id: 'x' }, { technical_id: 4, technical_dropdown_id: {} }]],
    ['videos', [null, { type_id: 9 }, { url: 42 }]], ['files', [null, { type_id: 103 }]], ['photos', [null, 'x']], ['photos', 'x'],
    ['layouts', [null]], ['environments', {}], ['facilities', [null]], ['extra_fields', [null]], ['build_technicals', 'x'], ['child_properties', 'x'],
    ['available', { nl: 42 }], ['available', 7], ['available_date', 'soon'], ['epc_date', 20250101], ['pets_allowed_ynu', { yes: true }],
    ['direction_garden_id', 'S'], ['o_level_flooding_zone_id', [1]], ['renovation_obligation_id', null], ['floors_total', 'four'],
    ['address', { city_geo: 'Gent', city_geo_id: 'x' }], ['address', { city_geo: { city: 5, alias: 'Gand' }, zip: 9000 }], ['address', { city_geo: { city: 'Gent', alias: [null, { lang: 5 }, { lang: 'FR' }] } }],
  ];

  it.each(odd)('%s = %j: the listing is shown', (field, value) => {
    expect(() => map({ [field]: value } as Partial<SourceAProperty>)).not.toThrow();
  });

  it('a city name that is no text is a city gap', () => {
    const { estate, gaps } = map({ address: { city_geo: { city: 5, alias: 'Gand' } as never, zip: 9000 } as never });
    expect(estate.address.city).toMatchObject({ zip: '9000', name: '9000' });
    expect(gaps.map((gap) => gap.field)).toEqual(['city']);
  });
});
