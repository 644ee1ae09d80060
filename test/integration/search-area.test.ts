import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Estate } from '../../src/estates/domain/estate.js';
import { CatalogueVersionService } from '../../src/estates/persistence/catalogue-version.service.js';
import { ListingEventEntity } from '../../src/estates/persistence/listing-event.entity.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { urlFor } from '../../src/routing/routes.js';
import { isInArea, KM_PER_DEGREE, parsePolygon, type AreaShape, type LatLon } from '../../src/search/search-area.js';
import { EMPTY_CRITERIA, matchesCriteria, type SearchCriteria } from '../../src/search/search-criteria.js';
import { SearchService } from '../../src/search/search.service.js';
import { DigestService } from '../../src/subscriptions/digest.service.js';
import { SubscriptionEntity } from '../../src/subscriptions/subscription.entity.js';
import { storedCriteria } from '../../src/subscriptions/subscription-criteria.js';
import { buildEstate, storeEstates } from '../factories/estate.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A town in the North Sea: no listing of the demo catalogue is anywhere near it. */
const TOWN = { id: 9881, zip: '9881', name: 'Zeedorp', alias: { fr: 'Villemer' }, lat: 51.7, lon: 2.4 };
const GRID_TOWN = { id: 9882, zip: '9882', name: 'Roosterdorp', alias: {}, lat: 51.9, lon: 2.6 };

let nextId = 996_000;
function listing(title: string, point: { lat: number; lon: number } | null, overrides: Parameters<typeof buildEstate>[0] = {}): Estate {
  const id = nextId++;
  return buildEstate({
    id,
    sourceId: String(id),
    reference: `ZD-${id}`,
    title: { nl: title, fr: title },
    headType: 'HOUSE',
    transaction: { statusId: 1, status: 'FOR_SALE', forRent: false },
    address: { city: TOWN, visible: true, geoLocation: point },
    ...overrides,
  });
}

const centre = listing('Huis op de markt', { lat: 51.7, lon: 2.4 });
const north2km = listing('Huis twee km noord', { lat: 51.718, lon: 2.4 });
const north11km = listing('Huis elf km noord', { lat: 51.8, lon: 2.4 });
/** The agency hides its address: it is found at Zeedorp's point, never at its own (far to the east). */
const hidden = listing('Verborgen adres', { lat: 51.75, lon: 2.55 }, { address: { city: TOWN, visible: false, geoLocation: { lat: 51.75, lon: 2.55 } } });
const TOWN_LISTINGS = [centre, north2km, north11km, hidden];

/** Points on a grid, on the corners and edges of the test polygon, and on the circle's axes: SQL and memory must agree on each. */
const POLYGON = parsePolygon('51.88,2.58;51.88,2.62;51.92,2.62;51.9,2.6;51.92,2.58')!;
const gridPoints: Array<{ lat: number; lon: number }> = [];
for (let i = 0; i <= 16; i++) for (let j = 0; j <= 16; j++) gridPoints.push({ lat: 51.87 + i * 0.0035, lon: 2.57 + j * 0.0035 });
for (const corner of POLYGON.points) gridPoints.push(corner, { lat: corner.lat, lon: corner.lon + 0.01 }, { lat: corner.lat, lon: 2.6 });
gridPoints.push({ lat: 51.9, lon: 2.58 }, { lat: 51.9, lon: 2.62 }, { lat: 51.88, lon: 2.6 }, { lat: 51.92, lon: 2.6 }, { lat: 51.91, lon: 2.61 });
const GRID = gridPoints.map((point, index) => listing(`Rooster ${index}`, point, { address: { city: GRID_TOWN, visible: true, geoLocation: point } }));

/**
 * Points on a circle's edge, as exactly as doubles allow: along 64 directions from the centre, the last
 * double inside (distance² ≤ r², by the same formula) and the next one outside. A search that tested the edge any
 * other way (another order of operations) disagrees with the alerts on some of them; `ON_EDGE` below catches `<` for `≤`.
 */
const bits = new Float64Array(1);
const ints = new BigInt64Array(bits.buffer);
/** The neighbouring double of a positive number, towards +∞ (up) or 0. */
function nextDouble(value: number, up: boolean): number {
  bits[0] = value;
  ints[0]! += up ? 1n : -1n;
  return bits[0]!;
}
/**
 * A radius whose angle (radiusKm / KM_PER_DEGREE) is exactly 2⁻⁷ degree: then a point 2⁻⁷ north or south of the
 * centre is exactly on the circle (the difference of two latitudes this close is exact, and so is its square, 2⁻¹⁴, the
 * same double as r²), where only `≤` says inside.
 */
const EDGE_ANGLE = 2 ** -7;
const EDGE_RADIUS_KM = (() => {
  let radius = EDGE_ANGLE * KM_PER_DEGREE;
  for (let step = 0; radius / KM_PER_DEGREE !== EDGE_ANGLE; step++) {
    if (step > 64) throw new Error('no radius gives an angle of exactly 2^-7 degree');
    radius = nextDouble(radius, radius / KM_PER_DEGREE < EDGE_ANGLE);
  }
  return radius;
})();
const EDGE_CIRCLE = { kind: 'circle', center: { lat: 51.9, lon: 2.6 }, radiusKm: EDGE_RADIUS_KM } as const satisfies AreaShape;
const EDGE_TOWN = { id: 9883, zip: '9883', name: 'Randdorp', alias: {}, lat: 51.9, lon: 2.6 };
/** Exactly on the edge: distance² equals r² to the last bit. */
const ON_EDGE: LatLon[] = [
  { lat: EDGE_CIRCLE.center.lat + EDGE_ANGLE, lon: EDGE_CIRCLE.center.lon },
  { lat: EDGE_CIRCLE.center.lat - EDGE_ANGLE, lon: EDGE_CIRCLE.center.lon },
];
/** Walks a coordinate one double at a time from `start` until the point crosses the edge: [last inside, first outside]. */
function edgePair(at: (coordinate: number) => LatLon, start: number, outwards: boolean): [LatLon, LatLon] {
  let inside = start;
  while (!isInArea(EDGE_CIRCLE, at(inside))) inside = nextDouble(inside, !outwards);
  let outside = nextDouble(inside, outwards);
  while (isInArea(EDGE_CIRCLE, at(outside))) [inside, outside] = [outside, nextDouble(outside, outwards)];
  return [at(inside), at(outside)];
}
const EDGE_POINTS: LatLon[] = (() => {
  const { lat, lon } = EDGE_CIRCLE.center;
  const r = EDGE_CIRCLE.radiusKm / KM_PER_DEGREE;
  const kx = Math.cos((lat * Math.PI) / 180);
  const points: LatLon[] = [];
  // 64 directions: many rounding cases, so a test that rounds differently from isInArea meets one it gets wrong.
  for (let step = 0; step < 64; step++) {
    const north = Math.cos((step * Math.PI) / 32);
    const east = Math.sin((step * Math.PI) / 32);
    if (step === 0 || step === 32) points.push(...edgePair((y) => ({ lat: y, lon }), lat + north * r, north > 0));
    else {
      const y = lat + north * r;
      points.push(...edgePair((x) => ({ lat: y, lon: x }), lon + (east * r) / kx, east > 0));
    }
  }
  return points;
})();
const EDGE = [...EDGE_POINTS, ...ON_EDGE].map((point, index) => listing(`Rand ${index}`, point, { address: { city: EDGE_TOWN, visible: true, geoLocation: point } }));

describe('search by area (real app, real database)', () => {
  let sut: TestApp;
  const get = (path: string) => request(sut.server).get(path);
  const search = (query: string, locale: 'nl' | 'fr' = 'nl') => get(`${urlFor('home', locale)}?${query}`);
  const ids = (html: string) => [...html.matchAll(/data-estate-id="(\d+)"/g)].map((match) => Number(match[1])).sort();
  const total = (html: string) => Number(/data-total="(\d+)"/.exec(html)?.[1]);
  const idsOf = (...estates: Estate[]) => estates.map((estate) => estate.id).sort();

  beforeAll(async () => {
    sut = await startTestApp({ FORM_RATE_LIMIT: '100' });
    await storeEstates(sut.app.get(DataSource), [...TOWN_LISTINGS, ...GRID, ...EDGE]);
    await sut.app.get(CatalogueVersionService).refresh();
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('a radius around a place: the results and their count follow it, and the form says which', async () => {
    const html = (await search(`near=${TOWN.name}&within=5`)).text;
    expect(ids(html)).toEqual(idsOf(centre, north2km, hidden));
    expect(total(html)).toBe(3);
    expect(ids((await search(`near=${TOWN.name}&within=20`)).text)).toEqual(idsOf(...TOWN_LISTINGS));
    expect(ids((await search(`near=${TOWN.name}&within=1`)).text)).toEqual(idsOf(centre, hidden));
    // The place in another language's name, the same circle.
    expect(ids((await search('near=villemer&within=5', 'fr')).text)).toEqual(idsOf(centre, north2km, hidden));
    expect(html).toMatch(/<select id="search-near" name="near">.*<option value="Zeedorp" selected="">Zeedorp<\/option>/s);
    expect(html).toMatch(/<select id="search-within" name="within">.*<option value="5" selected="">5 km<\/option>/s);
    // A place the catalogue does not know finds nothing (and is no error).
    const unknown = await search('near=Nergensdorp&within=5').expect(200);
    expect(total(unknown.text)).toBe(0);
  });

  it('a radius around a point and a drawn area; the drawn area is said in words with a link that removes it', async () => {
    expect(ids((await search('circle=51.8,2.4,1')).text)).toEqual(idsOf(north11km));
    const polygon = '51.69,2.39;51.69,2.41;51.73,2.41;51.73,2.39';
    const html = (await search(`polygon=${polygon}`)).text;
    expect(ids(html)).toEqual(idsOf(centre, north2km, hidden));
    expect(html).toContain('Gebied getekend op de kaart');
    expect(html).toContain(`<input type="hidden" name="polygon" value="${polygon}"/>`);
    expect(html).toMatch(/<a class="area-fields__remove" href="\/nl"/);
    expect((await search(`polygon=${polygon}`, 'fr')).text).toContain('Zone dessinée sur la carte');
  });

  it('never reveals a hidden address: an area around its own point does not find it, its markers never show it', async () => {
    const aroundOwnPoint = '51.74,2.54;51.74,2.56;51.76,2.56;51.76,2.54';
    expect(ids((await search(`polygon=${aroundOwnPoint}`)).text)).toEqual([]);
    expect(ids((await search('circle=51.75,2.55,2')).text)).toEqual([]);
    const markers = (await get(`${urlFor('ajaxSearchMap', 'nl')}?near=${TOWN.name}&within=5`).set('Accept', 'application/json').expect(200)).body as Array<{ id: number }>;
    expect(markers.map((marker) => marker.id).sort()).toEqual(idsOf(centre, north2km));
  });

  it('keeps the area in the URL: canonical links in every language, pages, and the keep-me-informed link', async () => {
    const html = (await search('within=5&near=Zeedorp&sort=price-asc')).text;
    expect(html).toContain('href="/fr?transaction=buy&amp;near=Zeedorp&amp;within=5&amp;sort=price-asc"');
    expect(html).toContain(`${urlFor('ajaxSearchMap', 'nl')}?transaction=buy&amp;near=Zeedorp&amp;within=5&amp;sort=price-asc`);
    const empty = (await search('near=Zeedorp&within=5&headTypes=PLOT')).text;
    expect(empty).toContain(`href="${urlFor('subscribe', 'nl')}?transaction=buy&amp;headTypes=PLOT&amp;near=Zeedorp&amp;within=5"`);
    // The map is offered with an area even when nothing is inside it (to draw another).
    expect(empty).toContain('data-island="results-map"');
  });

  it('drops a bad area from a search instead of refusing it', async () => {
    const response = await search(`near=${TOWN.name}&within=5&polygon=91,2;3,4`).expect(200);
    expect(ids(response.text)).toEqual(idsOf(centre, north2km, hidden));
    expect((await search('circle=51.8,2.4,5000').expect(200)).text).not.toContain('area-fields__drawn');
  });

  it('the search index and matchesCriteria agree on every point of a grid, the corners and the edges', async () => {
    const service = sut.app.get(SearchService);
    const shapes: AreaShape[] = [
      POLYGON,
      { kind: 'circle', center: { lat: 51.9, lon: 2.6 }, radiusKm: 1 },
      { kind: 'circle', center: { lat: 51.9035, lon: 2.5945 }, radiusKm: 0.5 },
      parsePolygon('51.87,2.57;51.93,2.63;51.87,2.63;51.925,2.575')!, // a bow tie: crossing edges
    ];
    for (const area of shapes) {
      const criteria: SearchCriteria = { ...EMPTY_CRITERIA, locations: [GRID_TOWN.zip], area };
      const found = await service.matchingIds(criteria);
      const inMemory = GRID.filter((estate) => matchesCriteria(estate, criteria)).map((estate) => estate.id).sort();
      expect(found.sort()).toEqual(inMemory);
      // Neither empty nor everything: the test can tell a wrong rule.
      expect(inMemory.length).toBeGreaterThan(3);
      expect(inMemory.length).toBeLessThan(GRID.length - 3);
    }
  });

  it('the search index and matchesCriteria agree on points exactly on a circle\'s edge, and on the last double inside and the first outside it', async () => {
    // Each pair straddles the edge by one double: one in, one out.
    for (let i = 0; i < EDGE_POINTS.length; i += 2) {
      expect([isInArea(EDGE_CIRCLE, EDGE_POINTS[i]!), isInArea(EDGE_CIRCLE, EDGE_POINTS[i + 1]!)]).toEqual([true, false]);
    }
    // On the circle is inside.
    for (const point of ON_EDGE) {
      const dy = point.lat - EDGE_CIRCLE.center.lat;
      expect(dy * dy).toBe((EDGE_RADIUS_KM / KM_PER_DEGREE) ** 2);
      expect(isInArea(EDGE_CIRCLE, point)).toBe(true);
    }
    const criteria: SearchCriteria = { ...EMPTY_CRITERIA, locations: [EDGE_TOWN.zip], area: EDGE_CIRCLE };
    const found = await sut.app.get(SearchService).matchingIds(criteria);
    const inMemory = EDGE.filter((estate) => matchesCriteria(estate, criteria)).map((estate) => estate.id).sort();
    expect(inMemory).toEqual(EDGE.filter((_, index) => index >= EDGE_POINTS.length || index % 2 === 0).map((estate) => estate.id).sort());
    expect(found.sort()).toEqual(inMemory);
  });

  it('refuses a subscription with a bad area with a field error in the visitor language', async () => {
    const body = new URLSearchParams({
      transaction: 'buy',
      polygon: '51,2;91,3;52,4',
      email: 'zee@example.be',
      name: 'Zee',
      language: 'fr',
      frequency: 'daily',
      privacyConsent: 'on',
    }).toString();
    const response = await request(sut.server).post(urlFor('ajaxNotifications', 'fr')).type('form').send(body);
    expect(response.status).toBe(422);
    expect(response.text).toMatch(/<p class="form-field__error" id="subscription-polygon-error">Cette zone n’est pas valable/);
    expect(await sut.app.get(DataSource).getRepository(SubscriptionEntity).count({ where: { email: 'zee@example.be' } })).toBe(0);
  });

  it('a subscription holds the area: its digest only has the new listings inside it, and says the area in words', async () => {
    const dataSource = sut.app.get(DataSource);
    const now = new Date();
    const email = `area-${Date.now()}@example.be`;
    const criteria = storedCriteria(new URLSearchParams(`near=${TOWN.name}&within=5`));
    expect(criteria.area).toEqual({ kind: 'near', place: TOWN.name, radiusKm: 5 });
    await dataSource.getRepository(SubscriptionEntity).insert({
      id: crypto.randomUUID(),
      email,
      name: 'Zee',
      locale: 'nl',
      criteria,
      frequency: 'instant',
      status: 'active',
      expiresAt: null,
      createdAt: now,
      updatedAt: now,
      confirmedAt: new Date(now.getTime() - 60_000),
      unsubscribedAt: null,
      anonymizedAt: null,
      lastDigestAt: null,
    });
    await dataSource.getRepository(ListingEventEntity).insert(
      [centre, north11km, hidden].map((estate) => ({ estateId: estate.id, kind: 'NEW' as const, oldPrice: null, newPrice: null, oldStatus: null, newStatus: null, occurredAt: now })),
    );
    await sut.app.get(DigestService).run(new Date(now.getTime() + 1000));
    const [digest, more] = await dataSource.getRepository(MailEntity).find({ where: { to: email, template: 'subscription-digest' } });
    expect(more).toBeUndefined();
    expect(digest!.text).toContain('Huis op de markt');
    expect(digest!.text).toContain('Verborgen adres');
    expect(digest!.text).not.toContain('Huis elf km noord');
    expect(digest!.text).toContain('Binnen 5 km van Zeedorp');
  });
});
