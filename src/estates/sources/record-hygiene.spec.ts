import { buildEstate } from '../../../test/factories/estate.factory.js';
import type { Estate } from '../domain/estate.js';
import type { FieldGap, SourceRecord } from './estate-source.port.js';
import { cleanSourceRecord, cleanText, MAX_PRICE, UNKNOWN_UPDATED_AT } from './record-hygiene.js';

const ok = (estate: Estate, gaps?: readonly FieldGap[]): SourceRecord => ({ ok: true, estate, ...(gaps ? { gaps } : {}) });
const cleaned = (estate: Estate) => {
  const record = cleanSourceRecord(ok(estate));
  if (!record.ok) throw new Error(`skipped: ${'error' in record ? record.error : record.hidden}`);
  return record;
};

describe(cleanText.name, () => {
  it('removes NUL characters and lone surrogates, and keeps everything else', () => {
    expect(cleanText('a\u0000b')).toBe('ab');
    expect(cleanText('x\uD800y\uDC00z')).toBe('xyz');
    expect(cleanText('café 🏠 \t\n\u0001 ok')).toBe('café 🏠 \t\n\u0001 ok');
  });
});

describe(cleanSourceRecord.name, () => {
  it('returns a clean record as it was', () => {
    const record = ok(buildEstate());
    expect(cleanSourceRecord(record)).toBe(record);
  });

  it('cleans every string of the listing, its units and object keys, with one text gap', () => {
    const unit = buildEstate({ id: 1002, sourceId: '1002', description: { nl: 'unit\u0000' } });
    const estate = { ...buildEstate({ title: { nl: 'Villa\u0000 met tuin' }, description: { nl: '<p>\uD83D</p>' } }), children: [unit] };
    const record = cleaned(estate);
    expect(record.estate.title.nl).toBe('Villa met tuin');
    expect(record.estate.description.nl).toBe('<p></p>');
    expect(record.estate.children[0]!.description.nl).toBe('unit');
    expect(JSON.stringify(record.estate)).not.toMatch(/\\u0000|\\ud83d/i);
    expect(record.gaps).toEqual([
      { field: 'text', reason: expect.stringContaining('title.nl, description.nl') },
      { field: 'text', reason: expect.stringMatching(/^unit 1002: .*description\.nl/) },
    ]);
  });

  it('keeps the gaps the mapper gave, first', () => {
    const record = cleanSourceRecord(ok(buildEstate({ title: { nl: 'a\u0000' } }), [{ field: 'city', reason: 'unknown city' }]));
    expect(record.ok && record.gaps?.map((gap) => gap.field)).toEqual(['city', 'text']);
  });

  it('refuses a price a numeric(14,2) column cannot hold, per field, and shows the listing without it', () => {
    const record = cleaned(buildEstate({ price: { value: 1e12, priceFrom: 250_000 } }));
    expect(record.estate.price).toMatchObject({ value: null, priceFrom: 250_000 });
    expect(record.gaps).toEqual([{ field: 'price', reason: expect.stringContaining('1000000000000') }]);
    expect(cleaned(buildEstate({ price: { value: MAX_PRICE } })).estate.price.value).toBe(MAX_PRICE);
  });

  it('refuses bedrooms a smallint cannot hold, points off the map and an unreadable change date', () => {
    const record = cleaned(buildEstate({ bedrooms: 2.5, address: { geoLocation: { lat: 510, lon: 3.7 } }, updatedAt: 'yesterday' }));
    expect(record.estate.bedrooms).toBeNull();
    expect(record.estate.address.geoLocation).toBeNull();
    expect(record.estate.updatedAt).toBe(UNKNOWN_UPDATED_AT);
    expect(record.gaps!.map((gap) => gap.field)).toEqual(['coordinates', 'bedrooms', 'updatedAt']);
    expect(cleaned(buildEstate({ bedrooms: 40_000 })).estate.bedrooms).toBeNull();
  });

  it('leaves out non-finite numbers and values too long for their varchar columns', () => {
    const record = cleaned(buildEstate({ floor: Number.NaN, subType: 'X'.repeat(41), guid: 'g'.repeat(65), address: { city: { name: 'Gent'.repeat(30), zip: '9000-9000-9000' } } }));
    expect(record.estate).toMatchObject({ floor: null, subType: null, guid: null });
    expect(record.estate.address.city.name).toHaveLength(80);
    expect(record.estate.address.city.zip).toBe('');
    expect(record.gaps!.map((gap) => gap.field).sort()).toEqual(['city', 'city', 'guid', 'numbers', 'subType']);
  });

  it('skips a record whose id or type cannot be stored, and drops only a unit that cannot', () => {
    expect(cleanSourceRecord(ok(buildEstate({ sourceId: 'x'.repeat(65) })))).toMatchObject({ ok: false, error: expect.stringContaining('sourceId') });
    expect(cleanSourceRecord(ok(buildEstate({ headType: '' as Estate['headType'] })))).toMatchObject({ ok: false, sourceId: '1001', error: expect.stringContaining('headType') });
    const project = { ...buildEstate({ isProject: true }), children: [buildEstate({ id: 2, sourceId: '2' }), buildEstate({ id: 3, sourceId: '\u0000' })] };
    const record = cleaned(project);
    expect(record.estate.children.map((unit) => unit.sourceId)).toEqual(['2']);
    expect(record.gaps).toEqual([{ field: 'units', reason: expect.stringContaining('sourceId is missing') }]);
  });

  it('never throws: a listing of the wrong shape is skipped as unreadable', () => {
    const broken = { ...buildEstate(), address: undefined } as unknown as Estate;
    expect(cleanSourceRecord(ok(broken))).toMatchObject({ ok: false, sourceId: '1001', error: expect.stringMatching(/^unreadable: /) });
  });

  it('cleans the ids and reasons of records that are not shown', () => {
    expect(cleanSourceRecord({ ok: false, sourceId: '7\u0000', error: 'bad\u0000' })).toEqual({ ok: false, sourceId: '7', error: 'bad' });
    const hidden: SourceRecord = { ok: false, sourceId: '8', hidden: 'archived' };
    expect(cleanSourceRecord(hidden)).toBe(hidden);
  });
});
