import { whiseEstate, whiseFixtureEstates } from '../../../../test/support/fake-whise-server.js';
import { PhotoHosts } from '../../../config/photo-hosts.js';
import { DEFAULT_PHOTO_HOSTS } from '../../../config/photo-hosts.js';
import { proxiedImageUrl, usePhotoUrlPolicy } from '../image-url.js';
import { InvalidRecordError } from '../raw-text.js';
import { mapWhiseEstate, type WhiseMapContext, type WhiseMapped } from './whise.mapper.js';
import type { WhiseDetail, WhiseEstate } from './whise.types.js';

const context: WhiseMapContext = { imageUrl: proxiedImageUrl, locale: 'nl' };

function mapped(raw: WhiseEstate): Extract<WhiseMapped, { estate: unknown }> {
  const result = mapWhiseEstate(raw, context);
  if (!('estate' in result)) throw new Error(`hidden: ${result.hidden}`);
  return result;
}
const shown = (raw: WhiseEstate) => mapped(raw).estate;

/** A fixture estate (the recorded answer's shapes) by id. */
const fixture = (id: number): WhiseEstate => whiseFixtureEstates().find((estate) => estate.id === id)!;

/** The estate with one detail's value (and enum) replaced or added. */
function withDetail(raw: WhiseEstate, detail: WhiseDetail): WhiseEstate {
  const details = (raw.details as WhiseDetail[]).filter((item) => item.id !== detail.id);
  return { ...raw, details: [...details, detail] };
}

beforeAll(() => usePhotoUrlPolicy(PhotoHosts.parse(DEFAULT_PHOTO_HOSTS)!, null));

describe(mapWhiseEstate.name, () => {
  it('maps the house in Gent whole: texts, address, coordinates, EPC, planning, cadastre, buyer fields', () => {
    const estate = shown(fixture(7101001));
    expect(estate).toMatchObject({
      id: 7101001,
      source: 'W',
      sourceId: '7101001',
      parentId: null,
      isProject: false,
      title: { nl: 'Halfopen woning met tuin in Gent' },
      shortDescription: { nl: '<p>Ruime halfopen woning met zonnige tuin.</p>', fr: '<p>Maison spacieuse avec jardin ensoleillé.</p>' },
      headType: 'HOUSE',
      transaction: { statusId: 1, status: 'FOR_SALE', forRent: false },
      reference: 'IV-7101001',
      price: { value: 465000, visible: true, period: null },
      bedrooms: 4,
      bathrooms: 2,
      dimensions: { areaBuild: 186, areaGround: 540 },
      technical: {
        constructionYear: 1978,
        renovationYear: 2015,
        floors: 2,
        buildingType: 'HALF_OPEN',
        condition: 'GOOD_CONDITION',
        available: 'DEED',
        furniture: false,
      },
      comfort: { gardenSurface: 320, terraceSurface: 18, alarm: true, heating: 'GAS', commonHeating: 'INDIVIDUAL', kitchenType: 'EQUIPPED', windowGlazing: 'DOUBLE', carpentry: 'PLASTIC', roofType: 'SADDLEBACK', heatPump: null },
      energy: { epcValue: 245, epcValueTotal: 41300, energyLabel: 'C', epcReference: '20250312-0003456789-RES-1', co2: 48, issuedOn: '2025-03-12', validUntil: '2035-03-12' },
      planning: { buildingLicense: 'YES', plannedPermission: 'YES', allocationLicense: 'NO', subdivisionPermit: null, presaleRight: 'NO', proceeding: 'NO', floodingArea: 'YES', summons: 'NO', recentDestination: 'WG' },
      ki: { indexed: 1480, nonIndexed: 1012 },
      salesRep: { firstname: 'Els', lastname: 'Peeters', email: 'els.peeters@immo-voorbeeld.example', phone: '+32 9 111 22 33', mobile: '+32 470 11 22 33' },
      videos: [{ typeId: 2, link: 'https://my.matterport.com/show/?m=GentHuis7101001' }],
      updatedAt: '2026-03-01T10:30:00.25',
    });
    // The long description wins where it exists.
    expect(estate.description.nl).toContain('Sint-Pietersstation');
    expect(estate.layoutRooms.map((room) => [room.typeId, room.count])).toEqual([
      [22, 1],
      [10, 1],
      [6, 1],
    ]);
    expect(estate.address).toEqual({
      street: { nl: 'Kortrijksesteenweg' },
      number: '112',
      box: null,
      city: { id: null, zip: '9000', name: 'Gent', alias: {}, lat: null, lon: null },
      region: 'FLANDERS',
      country: 'BE',
      visible: true,
      geoLocation: { lat: 51.0377214, lon: 3.7152801 },
      geoPrecision: null,
    });
    expect(mapped(fixture(7101001)).gaps).toEqual([]);
  });

  it('reads list details by enum.id, not by their label text', () => {
    const raw = withDetail(fixture(7101001), { value: 'zone agricole', enum: { id: 1 }, id: 1736, group: 'Domaine juridique', type: 'ground_destination', label: 'affectation urbanistique' });
    expect(shown(raw).planning.recentDestination).toBe('AG');
    const summons = withDetail(fixture(7101001), { value: 'intimation existante', enum: { id: 1832 }, id: 2712, group: 'Domaine juridique', type: 'Summon Type', label: "type d'intimation" });
    expect(shown(summons).planning.summons).toBe('YES');
    const noFlood = withDetail(fixture(7101009), { value: 'pas de zone inondable', enum: { id: 1233 }, id: 2222, group: 'Spécificités terrain', type: 'possibleFloodType', label: "risque d'inondation" });
    expect(shown(noFlood).planning.floodingArea).toBe('NO');
  });

  it('shows the short description where there is no long one, and reads a flat for rent with a range as energy value', () => {
    const estate = shown(fixture(7101002));
    expect(estate.description).toEqual({
      fr: '<span>Duplex lumineux de deux chambres avec terrasse.</span>',
      nl: '<span>Lichtrijke duplex met twee slaapkamers en terras.</span>',
      en: '<span>Bright two-bedroom duplex with a terrace.</span>',
    });
    expect(estate).toMatchObject({
      headType: 'APARTMENT',
      subType: 'DUPLEX',
      floor: 3,
      transaction: { status: 'TO_RENT', forRent: true },
      price: { period: 'MONTH' },
      energy: { epcValue: 179, energyLabel: 'C' },
      technical: { monthlyCost: 150, available: 'IMMEDIATE', elevator: true, floors: 5, buildingType: 'CLOSED', condition: 'EXCELLENT_CONDITION', furniture: true },
      address: { region: 'BRUSSELS', geoLocation: { lat: 50.8268932, lon: 4.361245 } },
      // Floor heating has no SPEC heating value: no row, no gap.
      comfort: { heating: null, commonHeating: 'COMMON', kitchenType: 'AMERICAN_EQUIPPED' },
      videos: [{ typeId: 2, link: 'https://tour.example-visits.be/ixelles-7101002' }],
    });
  });

  it('reads a heat pump as such', () => {
    const raw = withDetail(fixture(7101001), { value: 'pompe à chaleur', enum: { id: 667 }, id: 1020, group: 'Equipement de base', type: 'heating', label: 'chauffage' });
    expect(shown(raw).comfort).toMatchObject({ heating: null, heatPump: true });
  });

  it('reads charges per m² a year as a monthly cost over the area', () => {
    // 18 €/m²/year over 82 m².
    expect(shown(fixture(7101007)).technical.monthlyCost).toBe(123);
  });

  it('maps a project (canHaveChildren) with its availability at delivery', () => {
    const estate = shown(fixture(7101004));
    expect(estate).toMatchObject({ isProject: true, technical: { available: 'DELIVERY', availableDate: '2027-06-30', condition: 'NEW', newBuilding: true, floors: 4 } });
    expect(shown(fixture(7101005))).toMatchObject({ parentId: 7101004, floor: 1, subType: 'FLAT', energy: { energyLabel: 'A', epcValue: 45 } });
  });

  it.each([
    ['offline (display status 1)', 7101010, 'offline in Whise (display status 1)'],
    ['archived (status 5)', 7101011, 'archived in Whise (status 5)'],
  ])('hides an estate that is %s', (_, id, hidden) => {
    expect(mapWhiseEstate(fixture(id), context)).toEqual({ hidden });
  });

  it('hides a deleted estate (status 6)', () => {
    expect(mapWhiseEstate(whiseEstate(5, { status: { id: 6 } }), context)).toEqual({ hidden: 'deleted in Whise (status 6)' });
  });

  it('serves the photos on Whise storage in Whise order through the image proxy, versioned by the update time', () => {
    const raw = fixture(7101001);
    const estate = shown(raw);
    const urls = raw.pictures as Array<{ urlLarge: string; urlSmall: string }>;
    expect(estate.pictures.map((picture) => picture.index)).toEqual([0, 1, 2, 3, 4]);
    const original = (url: string) => Buffer.from(url.split('/')[3]!, 'base64url').toString();
    expect(estate.pictures[0]!.file).toMatch(/^\/property-images\/u\/[\w-]+\/large\/[0-9a-f]{32}\.jpg\?v=[a-z0-9]+$/);
    expect(original(estate.pictures[0]!.file)).toBe(urls[0]!.urlLarge);
    expect(original(estate.pictures[0]!.thumbnail)).toBe(urls[0]!.urlSmall);
  });

  it('drops photos on a host PHOTO_HOSTS does not allow, with a gap naming the host to add', () => {
    const strict: WhiseMapContext = { locale: 'nl', imageUrl: () => null };
    const result = mapWhiseEstate(fixture(7101001), strict);
    expect(result).toMatchObject({
      estate: { pictures: [] },
      gaps: [{ field: 'photos', reason: '5 photo(s) dropped: host whisestorageprod.blob.core.windows.net is not in PHOTO_HOSTS (add whisestorageprod.blob.core.windows.net)' }],
    });
  });

  it('drops photos whose link is not http(s)', () => {
    const estate = shown(whiseEstate(42, { pictures: [{ order: 1, urlLarge: 'javascript:alert(1)' }, fixture(7101001).pictures && (fixture(7101001).pictures as unknown[])[1]] }));
    expect(estate.pictures).toHaveLength(1);
  });

  it.each([
    [4, 'COMMERCIAL', 'OFFICE'],
    [5, 'COMMERCIAL', null],
    [6, 'COMMERCIAL', 'INDUSTRIAL_BUILDING'],
    [3, 'PLOT', null],
    [7, 'GARAGE', null],
  ])('category %i is head type %s (subtype %s)', (categoryId, headType, subType) => {
    expect(shown(whiseEstate(8, { category: { id: categoryId } }))).toMatchObject({ headType, subType });
  });

  it('hides a preparation estate with why, and shows a sold one as sold', () => {
    expect(mapWhiseEstate(whiseEstate(9, { purposeStatus: { id: 20 } }), context)).toEqual({ hidden: 'purpose status 20 (preparation) is not public' });
    expect(shown(whiseEstate(9, { purposeStatus: { id: 3 } })).transaction.status).toBe('SOLD');
  });

  it.each([
    ['no id', { id: undefined }, 'missing id'],
    ['no purpose status', { purposeStatus: undefined }, 'missing purposeStatus.id'],
    ['an unknown purpose status', { purposeStatus: { id: 99 } }, 'unknown purposeStatus.id 99'],
    ['no category', { category: undefined }, 'missing category.id'],
    ['an unknown category', { category: { id: 12 } }, 'unknown category.id 12'],
  ])('rejects an estate with %s', (_, overrides, message) => {
    expect(() => mapWhiseEstate(whiseEstate(10, overrides as Partial<WhiseEstate>), context)).toThrow(new InvalidRecordError(message));
  });

  it('shows an estate without zip, city or update time, with gaps', () => {
    const result = mapped(whiseEstate(12, { zip: undefined, city: '', updateDateTime: 'yesterday', createDateTime: undefined }));
    expect(result.estate.address.city).toMatchObject({ zip: '', name: '' });
    expect(result.gaps.map((gap) => gap.field)).toEqual(['address', 'address', 'updatedAt']);
  });

  it('tolerates odd values: each is left out with a gap, the rest is shown', () => {
    let raw = whiseEstate(13, { energyValue: '150-260', energyClass: 'Z', link3DModel: 'javascript:alert(1)' });
    raw = withDetail(raw, { value: '51,05', id: 1849, group: 'x', type: 'float', label: 'x' });
    raw = withDetail(raw, { value: 'ver weg', id: 1850, group: 'x', type: 'float', label: 'y' });
    raw = withDetail(raw, { value: 'misschien', id: 808, group: 'x', type: 'yes/no', label: 'Bouwvergunning' });
    raw = withDetail(raw, { value: 'onbekend gebied', enum: { id: 4242 }, id: 1736, group: 'x', type: 'ground_destination', label: 'bestemming' });
    raw = withDetail(raw, { value: 'zone inondable', id: 2222, group: 'x', type: 'possibleFloodType', label: 'risque' });
    raw = withDetail(raw, { value: '31/31/2025 00:00', id: 2776, group: 'x', type: 'datetime', label: 'geldig tot' });
    raw = withDetail(raw, { value: 'zonnekeuken', enum: { id: 9999 }, id: 1595, group: 'x', type: 'kitchen', label: 'keuken' });
    const result = mapped(raw);
    expect(result.estate).toMatchObject({
      address: { geoLocation: null },
      energy: { epcValue: 245, energyLabel: null, validUntil: null },
      comfort: { kitchenType: null, heating: 'GAS' },
      planning: { buildingLicense: null, plannedPermission: null, recentDestination: null, floodingArea: 'YES', allocationLicense: 'NO' },
      videos: [],
    });
    expect(result.gaps.map((gap) => gap.field).sort()).toEqual(['comfort.kitchenType', 'energy', 'energy', 'energy', 'map', 'planning.floodingArea', 'planning.plannedPermission', 'planning.recentDestination', 'virtualTour']);
  });

  it('maps hostile values without throwing: a 140-character name is capped at a word boundary; NUL and 10^12 are left to the sync', () => {
    const name = 'Uitzonderlijk herenhuis met zicht op de Leie en de Graslei, in het hart van Gent, met tuin, terras, garage en een ruime kelder'.padEnd(140, ' x');
    const estate = shown(whiseEstate(14, { name, price: 10 ** 12, shortDescription: [{ languageId: 'nl-BE', content: 'NUL\u0000teken' }] }));
    expect(estate.title.nl!.length).toBeLessThanOrEqual(120);
    expect(estate.title.nl).toMatch(/…$/);
    expect(estate.price.value).toBe(10 ** 12);
    expect(estate.shortDescription.nl).toBe('NUL\u0000teken');
  });

  it('does not choke on junk in optional fields', () => {
    const estate = shown(whiseEstate(11, { pictures: 'none', details: [null, { id: 'x' }], representatives: [{}], shortDescription: 5, longDescription: null, price: 'on request', state: 'x', availability: [] }));
    expect(estate).toMatchObject({ pictures: [], salesRep: null, price: { value: null }, planning: { floodingArea: null }, technical: { condition: null, available: null } });
  });
});
