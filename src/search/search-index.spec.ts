import { EMPTY_CRITERIA, type SearchCriteria } from './search-criteria.js';
import { type IndexedListing, SearchIndex, type SearchVisibility } from './search-index.js';

let nextId = 1;
function listing(values: Partial<IndexedListing> = {}): IndexedListing {
  const id = values.id ?? nextId++;
  return {
    id,
    parentId: null,
    isProject: false,
    forRent: false,
    status: 'FOR_SALE',
    updatedAt: Date.UTC(2026, 0, 1) + id * 60_000,
    listedAt: null,
    priceReducedAt: null,
    cityZip: '9000',
    cityName: 'Gent',
    headType: 'HOUSE',
    subType: null,
    publicPrice: 300_000,
    bedrooms: 3,
    referenceKey: null,
    livingArea: 150,
    plotArea: null,
    epcRank: null,
    hasGarden: false,
    hasTerrace: false,
    hasParking: false,
    facades: null,
    newBuild: false,
    lat: 51.05,
    lon: 3.72,
    areaLat: 51.05,
    areaLon: 3.72,
    addressVisible: true,
    ...values,
  };
}

const visible: SearchVisibility = { hiddenStatus: ['OFF_MARKET'], showUnavailable: false };
const search = (index: SearchIndex, criteria: Partial<SearchCriteria>, visibility = visible) =>
  index.matches({ ...EMPTY_CRITERIA, ...criteria }, null, visibility).map((found) => found.id);

describe('SearchIndex', () => {
  it('orders by price with the listings on request (no public price) last both ways, ties by id', () => {
    const index = new SearchIndex([
      listing({ id: 1, publicPrice: 200_000 }),
      listing({ id: 2, publicPrice: null }),
      listing({ id: 3, publicPrice: 100_000 }),
      listing({ id: 4, publicPrice: 200_000 }),
    ]);
    expect(search(index, { sort: 'price-asc' })).toEqual([3, 1, 4, 2]);
    expect(search(index, { sort: 'price-desc' })).toEqual([4, 1, 3, 2]);
  });

  it('orders the newest first, then by id, and the latest price reduction first with the others after it', () => {
    const at = Date.UTC(2026, 5, 1);
    const index = new SearchIndex([
      listing({ id: 1, updatedAt: at }),
      listing({ id: 2, updatedAt: at }),
      listing({ id: 3, updatedAt: at + 1, priceReducedAt: at - 10 }),
      listing({ id: 4, updatedAt: at - 1, priceReducedAt: at }),
    ]);
    expect(search(index, { sort: 'newest' })).toEqual([3, 2, 1, 4]);
    expect(search(index, { sort: 'reduced' })).toEqual([4, 3, 2, 1]);
  });

  it('orders by price per m² with those lacking a price or an area last, and by living area largest first', () => {
    const index = new SearchIndex([
      listing({ id: 1, publicPrice: 300_000, livingArea: 100 }),
      listing({ id: 2, publicPrice: 300_000, livingArea: null }),
      listing({ id: 3, publicPrice: 300_000, livingArea: 150 }),
      listing({ id: 4, publicPrice: null, livingArea: 200 }),
    ]);
    expect(search(index, { sort: 'price-per-m2' })).toEqual([3, 1, 2, 4]);
    expect(search(index, { sort: 'area-desc' })).toEqual([4, 3, 1, 2]);
  });

  it('orders a radius search nearest first, and without a circle as the newest', () => {
    const index = new SearchIndex([
      listing({ id: 1, areaLat: 51.1, areaLon: 3.7 }),
      listing({ id: 2, areaLat: 51.01, areaLon: 3.7 }),
      listing({ id: 3, areaLat: 51.05, areaLon: 3.7 }),
    ]);
    expect(search(index, { sort: 'distance', area: { kind: 'circle', center: { lat: 51, lon: 3.7 }, radiusKm: 50 } })).toEqual([2, 3, 1]);
    expect(search(index, { sort: 'distance' })).toEqual([3, 2, 1]);
  });

  it('leaves hidden statuses out, and sold ones unless shown, then after every available listing', () => {
    const index = new SearchIndex([listing({ id: 1, status: 'SOLD' }), listing({ id: 2, status: 'OFF_MARKET' }), listing({ id: 3 })]);
    expect(search(index, {})).toEqual([3]);
    expect(search(index, {}, { ...visible, showUnavailable: true })).toEqual([3, 1]);
  });

  it('finds a project through a unit on offer that answers the unit criteria, never a unit itself', () => {
    const index = new SearchIndex([
      listing({ id: 10, isProject: true, headType: 'APARTMENT', publicPrice: null, bedrooms: null }),
      listing({ id: 11, parentId: 10, headType: 'APARTMENT', publicPrice: 250_000, bedrooms: 2 }),
      listing({ id: 12, parentId: 10, headType: 'APARTMENT', publicPrice: 180_000, bedrooms: 1, status: 'SOLD' }),
      listing({ id: 20, publicPrice: 500_000 }),
    ]);
    expect(search(index, { priceMax: 260_000 })).toEqual([10]);
    // The only unit under € 200.000 is sold: the project is not found through it.
    expect(search(index, { priceMax: 200_000 })).toEqual([]);
    expect(search(index, { bedroomsMin: 2, priceMin: 400_000 })).toEqual([20]);
  });

  it('treats a missing value as not matching a bound, and a reference by its prefix', () => {
    const index = new SearchIndex([
      listing({ id: 1, bedrooms: null, referenceKey: 'AB12' }),
      listing({ id: 2, bedrooms: 4, referenceKey: 'AC1' }),
      listing({ id: 3, bedrooms: 2, referenceKey: null }),
    ]);
    expect(search(index, { bedroomsMin: 2 })).toEqual([3, 2]);
    expect(search(index, { reference: 'ab 1' })).toEqual([1]);
  });

  it('matches a typed name by its zip and name together, and an exact zip alone', () => {
    const index = new SearchIndex([
      listing({ id: 1, cityZip: '9000', cityName: 'Gent' }),
      listing({ id: 2, cityZip: '9000', cityName: 'Other' }),
      listing({ id: 3, cityZip: '9050', cityName: 'Gent' }),
    ]);
    const find = (zips: string[], cityZips: string[], cityNames: string[]) =>
      index.matches(EMPTY_CRITERIA, { zips, cityZips, cityNames }, visible).map((found) => found.id).sort();
    expect(find([], ['9000'], ['Gent'])).toEqual([1]);
    expect(find(['9050'], [], [])).toEqual([3]);
    expect(find([], [], [])).toEqual([]);
  });

  it('pages the result and counts it all; markers only with a point, a type, a status and a visible address, in id order', () => {
    const listings = Array.from({ length: 30 }, (_, i) => listing({ id: 100 + i, addressVisible: i !== 3, lat: i === 4 ? null : 51 }));
    const index = new SearchIndex(listings);
    const page = index.page({ ...EMPTY_CRITERIA, page: 2 }, null, visible, 12);
    expect(page.total).toBe(30);
    expect(page.ids).toEqual([117, 116, 115, 114, 113, 112, 111, 110, 109, 108, 107, 106]);
    const markers = index.markers(EMPTY_CRITERIA, null, visible).map((marker) => marker.id);
    expect(markers).toHaveLength(28);
    expect(markers).not.toContain(103);
    expect(markers).not.toContain(104);
    expect(markers).toEqual([...markers].sort((a, b) => a - b));
  });
});
