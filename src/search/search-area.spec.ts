import { buildEstate } from '../../test/factories/estate.factory.js';
import { searchPointOf } from '../estates/domain/search-point.js';
import { areaBounds, areaOf, areaParams, isInArea, KM_PER_DEGREE, MAX_POLYGON_POINTS, parseCircle, parsePolygon, parseRadius, resolveArea, type AreaShape } from './search-area.js';
import { EMPTY_CRITERIA, matchesCriteria, parseSearchQuery, toSearchQuery } from './search-criteria.js';

const square: AreaShape = { kind: 'polygon', points: [{ lat: 51, lon: 3 }, { lat: 51, lon: 4 }, { lat: 52, lon: 4 }, { lat: 52, lon: 3 }] };
const gent: AreaShape = { kind: 'circle', center: { lat: 51.05, lon: 3.72 }, radiusKm: 5 };

describe('area parameters', () => {
  it('reads a circle and a polygon, rounded to 5 decimals, and writes them back canonically', () => {
    expect(parseCircle('51.0543219,3.7174,5')).toEqual({ kind: 'circle', center: { lat: 51.05432, lon: 3.7174 }, radiusKm: 5 });
    const polygon = parsePolygon('51.1,3.7;51.0,3.8;50.9,3.6;51.1,3.7');
    expect(polygon?.points).toHaveLength(3); // the closing corner equal to the first is dropped
    expect(areaParams(polygon!)).toEqual([['polygon', '51.1,3.7;51,3.8;50.9,3.6']]);
    expect(areaParams(parseCircle(' 51.000001 , 3.7 , 2.25 ')!)).toEqual([['circle', '51,3.7,2.3']]);
  });

  it('refuses what is not an area: out of range, too few or too many corners, on one line, not numbers', () => {
    expect(parseCircle('91,3,5')).toBeNull();
    expect(parseCircle('51,181,5')).toBeNull();
    expect(parseCircle('51,3,0.1')).toBeNull();
    expect(parseCircle('51,3,51')).toBeNull();
    expect(parseCircle('51,3')).toBeNull();
    expect(parseCircle('51,3,5e3')).toBeNull();
    expect(parsePolygon('51,3;52,4')).toBeNull();
    expect(parsePolygon('51,3;52,4;53,5')).toBeNull();
    expect(parsePolygon('51,3;52,4;x,5')).toBeNull();
    expect(parsePolygon('51,3,1;52,4;53,6')).toBeNull();
    const many = Array.from({ length: MAX_POLYGON_POINTS + 1 }, (_, i) => `${50 + Math.sin(i)},${4 + Math.cos(i)}`).join(';');
    expect(parsePolygon(many)).toBeNull();
    expect(parseRadius('5')).toBe(5);
    expect(parseRadius('2,5')).toBe(2.5);
    expect(parseRadius('-5')).toBeNull();
  });

  it('keeps one area: drawn wins over a radius around a point, which wins over a radius around a place', () => {
    expect(areaOf({ polygon: '51,3;51,4;52,4', circle: '51,3,5', near: 'Gent' })?.kind).toBe('polygon');
    expect(areaOf({ polygon: 'bad', circle: '51,3,5', near: 'Gent' })?.kind).toBe('circle');
    expect(areaOf({ near: 'Gent', within: '999' })).toEqual({ kind: 'near', place: 'Gent', radiusKm: 5 });
    expect(areaOf({ within: '10' })).toBeNull();
  });

  it('round-trips through the search URL, in a fixed place of the query', () => {
    const query = toSearchQuery(parseSearchQuery({ sort: 'price-asc', polygon: '51.1,3.7;51,3.8;50.9,3.6', headTypes: 'HOUSE', near: 'Gent' }));
    expect(query).toBe('transaction=buy&headTypes=HOUSE&polygon=51.1%2C3.7%3B51%2C3.8%3B50.9%2C3.6&sort=price-asc');
    expect(toSearchQuery(parseSearchQuery(new URLSearchParams(query)))).toBe(query);
    expect(toSearchQuery(parseSearchQuery({ within: '10', near: 'Gent' }))).toBe('transaction=buy&near=Gent&within=10');
    expect(parseSearchQuery({ polygon: '1,2;3' }).area).toBeNull();
  });
});

describe(isInArea.name, () => {
  it('a circle: equirectangular distance at the centre latitude, the circle itself inside', () => {
    const north = { lat: gent.center.lat + 5 / KM_PER_DEGREE, lon: gent.center.lon };
    expect(isInArea(gent, gent.center)).toBe(true);
    expect(isInArea(gent, { lat: north.lat - 1e-7, lon: north.lon })).toBe(true);
    expect(isInArea(gent, { lat: north.lat + 1e-6, lon: north.lon })).toBe(false);
    // East-west degrees are shorter: 5 km east is 5 / (111.2 × cos 51°) ≈ 0.0714° of longitude.
    const dLon = 5 / (KM_PER_DEGREE * Math.cos((gent.center.lat * Math.PI) / 180));
    expect(isInArea(gent, { lat: gent.center.lat, lon: gent.center.lon + dLon * 0.999 })).toBe(true);
    expect(isInArea(gent, { lat: gent.center.lat, lon: gent.center.lon + dLon * 1.001 })).toBe(false);
  });

  it('a polygon: even-odd ray casting; west and south edges inside, east and north edges outside; corners', () => {
    expect(isInArea(square, { lat: 51.5, lon: 3.5 })).toBe(true);
    expect(isInArea(square, { lat: 51.5, lon: 3 })).toBe(true);
    expect(isInArea(square, { lat: 51.5, lon: 4 })).toBe(false);
    expect(isInArea(square, { lat: 51, lon: 3.5 })).toBe(true);
    expect(isInArea(square, { lat: 52, lon: 3.5 })).toBe(false);
    expect(isInArea(square, { lat: 51, lon: 3 })).toBe(true);
    expect(isInArea(square, { lat: 52, lon: 4 })).toBe(false);
    expect(isInArea(square, { lat: 52.5, lon: 3.5 })).toBe(false);
    // A concave area (a U): the notch is outside.
    const u: AreaShape = parsePolygon('51,3;51,4;52,4;52,3.7;51.5,3.7;51.5,3.3;52,3.3;52,3')!;
    expect(isInArea(u, { lat: 51.8, lon: 3.5 })).toBe(false);
    expect(isInArea(u, { lat: 51.8, lon: 3.1 })).toBe(true);
    expect(isInArea(u, { lat: 51.2, lon: 3.5 })).toBe(true);
  });

  it('the box holds the whole area', () => {
    expect(areaBounds(square)).toEqual(expect.objectContaining({ south: expect.closeTo(51, 6), north: expect.closeTo(52, 6) }));
    const box = areaBounds(gent);
    expect(box.north - gent.center.lat).toBeCloseTo(5 / KM_PER_DEGREE, 8);
  });
});

describe('a listing in an area (matchesCriteria)', () => {
  const inGent = buildEstate({ address: { visible: true, geoLocation: { lat: 51.05, lon: 3.72 }, city: { zip: '9000', name: 'Gent', lat: 51.054, lon: 3.717 } } });
  const criteria = (area: ReturnType<typeof areaOf>) => ({ ...EMPTY_CRITERIA, area });

  it('tests the listing at its own point', () => {
    expect(matchesCriteria(inGent, criteria(areaOf({ circle: '51.05,3.72,1' })))).toBe(true);
    expect(matchesCriteria(inGent, criteria(areaOf({ circle: '51.2,3.72,1' })))).toBe(false);
  });

  it('tests a listing whose address is hidden at its city point, never its own', () => {
    const hidden = buildEstate({ address: { visible: false, geoLocation: { lat: 51.2, lon: 3.9 }, city: { zip: '9000', name: 'Gent', lat: 51.054, lon: 3.717 } } });
    expect(searchPointOf(hidden)).toEqual({ lat: 51.054, lon: 3.717 });
    expect(matchesCriteria(hidden, criteria(areaOf({ circle: '51.2,3.9,1' })))).toBe(false);
    expect(matchesCriteria(hidden, criteria(areaOf({ circle: '51.054,3.717,1' })))).toBe(true);
    const nowhere = buildEstate({ address: { visible: false, geoLocation: { lat: 51.2, lon: 3.9 }, city: { zip: '9000', name: 'Gent', lat: null, lon: null } } });
    expect(matchesCriteria(nowhere, criteria(areaOf({ circle: '51.2,3.9,1' })))).toBe(false);
  });

  it('a radius around a place needs the place point; an unknown place finds nothing', () => {
    const near = criteria(areaOf({ near: 'Gent', within: '2' }));
    expect(matchesCriteria(inGent, near, (place) => (place === 'Gent' ? { lat: 51.054, lon: 3.717 } : null))).toBe(true);
    expect(matchesCriteria(inGent, near)).toBe(false);
    expect(resolveArea(near.area!, () => ({ lat: 51.0540001, lon: 3.7 }))).toEqual({ kind: 'circle', center: { lat: 51.054, lon: 3.7 }, radiusKm: 2 });
  });
});
