import { whiseEstate } from '../../../../test/support/fake-whise-server.js';
import { proxiedImageUrl } from '../image-url.js';
import { InvalidRecordError } from '../raw-text.js';
import { mapWhiseEstate, type WhiseMapContext } from './whise.mapper.js';
import type { WhiseEstate } from './whise.types.js';

const context: WhiseMapContext = { imageUrl: proxiedImageUrl, locale: 'nl' };

function shown(raw: WhiseEstate) {
  const mapped = mapWhiseEstate(raw, context);
  if (!('estate' in mapped)) throw new Error(`hidden: ${mapped.hidden}`);
  return mapped.estate;
}

describe(mapWhiseEstate.name, () => {
  it('maps a full estate into the domain Estate', () => {
    const estate = shown(whiseEstate(3515113));
    expect(estate).toMatchObject({
      id: 3515113,
      source: 'W',
      sourceId: '3515113',
      parentId: null,
      isProject: false,
      title: { nl: 'Woning 3515113' },
      shortDescription: { nl: 'Ruime woning 3515113', fr: 'Maison spacieuse 3515113' },
      description: { nl: 'Een lange beschrijving van woning 3515113.' },
      headType: 'HOUSE',
      subType: null,
      transaction: { statusId: 1, status: 'FOR_SALE', forRent: false },
      reference: 'W-3515113',
      price: { value: 325000, visible: true, period: null },
      bedrooms: 3,
      bathrooms: 2,
      dimensions: { areaBuild: 180, areaGround: 420 },
      technical: { constructionYear: 1998 },
      energy: { epcValue: 212, energyLabel: 'C', epcReference: '20240101-0001234-00000001' },
      planning: { floodingArea: 'YES', summons: 'NO', recentDestination: 'WG' },
      salesRep: { firstname: 'Els', lastname: 'Peeters', email: 'els@agency.example', phone: '+32 9 111 22 33', mobile: '+32 470 11 22 33' },
      updatedAt: '2026-03-01T10:30:00Z',
    });
    expect(estate.address).toEqual({
      street: { nl: 'Veldstraat' },
      number: '12',
      box: 'b2',
      city: { id: null, zip: '9000', name: 'Gent', alias: {}, lat: null, lon: null },
      region: 'FLANDERS',
      country: 'BE',
      visible: true,
      geoLocation: { lat: 51.05, lon: 3.72 },
      geoPrecision: null,
    });
  });

  it('serves photos in Whise order through the image proxy, versioned by the update time', () => {
    const estate = shown(whiseEstate(42));
    expect(estate.pictures.map((picture) => picture.index)).toEqual([1, 2]);
    // Whise's photo host is on the default allow-list: the site serves its photos through the proxy, naming the original.
    const original = (url: string) => Buffer.from(url.split('/')[3], 'base64url').toString();
    expect(estate.pictures[0].file).toMatch(/^\/property-images\/u\/[\w-]+\/large\/42-a\.jpg\?v=[a-z0-9]+$/);
    expect(original(estate.pictures[0].file)).toBe('https://r.whise.eu/pictures/4668/42-a.jpg');
    expect(estate.pictures[0].thumbnail).toMatch(/^\/property-images\/u\/[\w-]+\/thumb\/42-a\.jpg\?v=[a-z0-9]+$/);
    expect(original(estate.pictures[0].thumbnail)).toBe('https://r.whise.eu/pictures/4668/thumbs/42-a.jpg');
  });

  it('drops photos whose link is not http(s)', () => {
    const estate = shown(whiseEstate(42, { pictures: [{ order: 1, urlLarge: 'javascript:alert(1)' }, { order: 2, urlLarge: 'https://r.whise.eu/pictures/4668/x.jpg' }] }));
    expect(estate.pictures).toHaveLength(1);
  });

  it('accepts flat ids (purposeId, purposeStatusId, categoryId) as well as dictionary objects', () => {
    const estate = shown(whiseEstate(7, { purpose: undefined, purposeStatus: undefined, category: undefined, purposeId: 2, purposeStatusId: 2, categoryId: 2 }));
    expect(estate).toMatchObject({ headType: 'APARTMENT', transaction: { status: 'TO_RENT', forRent: true }, price: { period: 'MONTH' } });
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
    ['no purpose status', { purposeStatus: undefined }, 'missing purposeStatusId'],
    ['an unknown purpose status', { purposeStatus: { id: 99 } }, 'unknown purposeStatusId 99'],
    ['an unknown category', { category: { id: 12 } }, 'unknown categoryId 12'],
    ['no zip', { zip: null }, 'missing zip'],
    ['no update time', { updateDateTime: undefined }, 'missing updateDateTime'],
    ['an unreadable update time', { updateDateTime: 'yesterday' }, 'invalid updateDateTime yesterday'],
  ])('rejects an estate with %s', (_, overrides, message) => {
    expect(() => mapWhiseEstate(whiseEstate(10, overrides as Partial<WhiseEstate>), context)).toThrow(new InvalidRecordError(message));
  });

  it('does not choke on junk in optional fields', () => {
    const estate = shown(whiseEstate(11, { pictures: 'none', details: [null, { id: 'x' }], representatives: [{}], shortDescription: 5, price: 'on request' }));
    expect(estate).toMatchObject({ pictures: [], salesRep: null, price: { value: null }, planning: { floodingArea: null } });
  });
});
