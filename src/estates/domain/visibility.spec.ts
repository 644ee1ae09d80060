import { buildEstate } from '../../../test/factories/estate.factory.js';
import { hasMapMarker, isSimilarEstateShown, isStatusHidden, mapMarkers } from './visibility.js';

const sold = buildEstate({ id: 2, transaction: { statusId: 5, status: 'SOLD', sold: true, forRent: false } });

describe(isStatusHidden.name, () => {
  it('hides a listing whose status is in settings.hiddenStatus', () => {
    expect(isStatusHidden(sold, ['SOLD'])).toBe(true);
    expect(isStatusHidden(buildEstate(), ['SOLD'])).toBe(false);
  });
});

describe(hasMapMarker.name, () => {
  it('a map marker needs a geo-location, a type and a status', () => {
    expect(hasMapMarker(buildEstate())).toBe(true);
    expect(hasMapMarker(buildEstate({ address: { geoLocation: null } }))).toBe(false);
  });
});

describe(mapMarkers.name, () => {
  it('hidden statuses get no map marker', () => {
    expect(mapMarkers([buildEstate(), sold], ['SOLD']).map((marker) => marker.id)).toEqual([1001]);
  });
});

describe(isSimilarEstateShown.name, () => {
  it('shows an available listing', () => {
    expect(isSimilarEstateShown(buildEstate(), [])).toBe(true);
  });

  it('hides a listing with a hidden status', () => {
    expect(isSimilarEstateShown(buildEstate(), ['FOR_SALE'])).toBe(false);
  });

  it('hides a sold or rented listing even when its status is not hidden', () => {
    expect(isSimilarEstateShown(sold, [])).toBe(false);
  });

  it('hides a project unit (it is shown on its project page)', () => {
    expect(isSimilarEstateShown(buildEstate({ parentId: 2000 }), [])).toBe(false);
  });
});
