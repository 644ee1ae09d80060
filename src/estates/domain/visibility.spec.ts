import { buildEstate } from '../../../test/factories/estate.factory.js';
import type { Estate } from './estate.js';
import { isListed, mapMarkers, publicPrice, similarExcludedStatuses, visibleListings, withVisibleUnits } from './visibility.js';

const forSale = buildEstate({ id: 1 });
const sold = buildEstate({ id: 2, transaction: { statusId: 5, status: 'SOLD', forRent: false } });
const rented = buildEstate({ id: 3, transaction: { statusId: 6, status: 'RENTED', forRent: true } });

function project(children: Estate[]): Estate {
  return buildEstate({ id: 2000, isProject: true, headType: 'PROJECT', children: children.map((unit) => ({ ...unit, parentId: 2000 })) });
}

describe(isListed.name, () => {
  it('hides a listing whose status is in settings.hiddenStatus', () => {
    expect(isListed(sold, ['SOLD'])).toBe(false);
    expect(isListed(forSale, ['SOLD'])).toBe(true);
  });
});

describe(withVisibleUnits.name, () => {
  it('leaves out the units whose status is hidden', () => {
    const sut = withVisibleUnits(project([forSale, sold, rented]), ['SOLD', 'RENTED']);
    expect(sut.children.map((unit) => unit.id)).toEqual([1]);
  });

  it('keeps the listing as it is when nothing is hidden', () => {
    const listing = project([forSale, sold]);
    expect(withVisibleUnits(listing, ['TAKEN_OVER'])).toBe(listing);
  });
});

describe(visibleListings.name, () => {
  it('leaves out hidden listings and the hidden units of the others', () => {
    const sut = visibleListings([sold, project([forSale, sold]), rented], ['SOLD']);
    expect(sut.map((estate) => estate.id)).toEqual([2000, 3]);
    expect(sut[0].children.map((unit) => unit.id)).toEqual([1]);
  });
});

describe(similarExcludedStatuses.name, () => {
  it('excludes what is no longer available and what is hidden, each once', () => {
    expect(similarExcludedStatuses(['SOLD', 'TAKE_OVER']).sort()).toEqual(['RENTED', 'SOLD', 'TAKEN_OVER', 'TAKE_OVER']);
  });
});

describe(mapMarkers.name, () => {
  const ids = (estates: Estate[], hiddenStatus: string[] = []) => mapMarkers(estates, hiddenStatus).map((marker) => marker.id);

  it('gives a listing with a geo-location, a type and a status its marker', () => {
    expect(mapMarkers([forSale], [])).toEqual([{ id: 1, lat: 51.0543, lon: 3.7174, headType: 'HOUSE', status: 'FOR_SALE' }]);
  });

  it('a listing without a geo-location has no marker', () => {
    expect(ids([buildEstate({ address: { geoLocation: null } })])).toEqual([]);
  });

  it('a listing without a type has no marker', () => {
    expect(ids([{ ...forSale, headType: '' as Estate['headType'] }])).toEqual([]);
  });

  it('a listing without a status has no marker', () => {
    expect(ids([{ ...forSale, transaction: { ...forSale.transaction, status: '' as Estate['transaction']['status'] } }])).toEqual([]);
  });

  it('a listing with a hidden status has no marker', () => {
    expect(ids([forSale, sold], ['SOLD'])).toEqual([1]);
  });
});

describe(publicPrice.name, () => {
  it('is the price, else the "from" price', () => {
    expect(publicPrice(buildEstate({ price: { value: 250_000, priceFrom: 200_000 } }))).toBe(250_000);
    expect(publicPrice(buildEstate({ price: { value: null, priceFrom: 200_000 } }))).toBe(200_000);
  });

  it('is none when the agency hides the price, whatever the CRM sends', () => {
    expect(publicPrice(buildEstate({ price: { value: 660_000, priceFrom: 600_000, visible: false } }))).toBeNull();
  });

  it('is none for a zero amount, which no visitor reads as a price', () => {
    expect(publicPrice(buildEstate({ price: { value: 0, priceFrom: null } }))).toBeNull();
    expect(publicPrice(buildEstate({ price: { value: 0, priceFrom: 180_000 } }))).toBe(180_000);
  });
});
