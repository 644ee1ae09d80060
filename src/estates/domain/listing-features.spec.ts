import { buildEstate } from '../../../test/factories/estate.factory.js';
import type { LayoutRoom } from './estate.js';
import { epcRankOf, facadesOf, hasGarden, hasParking, hasTerrace, isNewBuild, listingFeatures, livingAreaOf, plotAreaOf } from './listing-features.js';

const room = (typeId: number, count: number | null = 1): LayoutRoom => ({ typeId, count, surface: null, comment: {}, floor: 0, sort: 0, customIndex: null, customName: {} });
const bare = (overrides: Parameters<typeof buildEstate>[0] = {}) =>
  buildEstate({
    technical: { buildingType: null, newBuilding: null },
    comfort: { garden: null, gardenSurface: null, terraceSurface: null },
    energy: { energyLabel: null },
    dimensions: { areaBuild: null, areaGround: null },
    layoutRooms: [],
    ...overrides,
  });

describe(epcRankOf.name, () => {
  it('ranks A++ best and G worst, a pair as its worse label, anything else as no label', () => {
    expect(['A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G'].map(epcRankOf)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(epcRankOf('A_B')).toBe(4);
    expect(epcRankOf('a+_a')).toBe(3);
    expect([null, '', 'H', 'in progress', 'A_'].map(epcRankOf)).toEqual([null, null, null, null, null]);
  });
});

describe('what a listing has', () => {
  it('takes an area only when positive (0 and -1 are "not stated"), to the cm²', () => {
    expect(livingAreaOf(bare({ dimensions: { areaBuild: 145.555 } }))).toBe(145.56);
    expect([0, -1, null, 1e9].map((areaBuild) => livingAreaOf(bare({ dimensions: { areaBuild } })))).toEqual([null, null, null, null]);
    expect(plotAreaOf(bare({ dimensions: { areaGround: 600 } }))).toBe(600);
  });

  it('has a garden by its kind, its surface or the layout; a terrace by its surface or the layout', () => {
    expect(hasGarden(bare())).toBe(false);
    expect(hasGarden(bare({ comfort: { garden: 'NOT_CONSTRUCTED' } }))).toBe(true);
    expect(hasGarden(bare({ comfort: { gardenSurface: 80 } }))).toBe(true);
    expect(hasGarden(bare({ layoutRooms: [room(22)] }))).toBe(true);
    expect(hasGarden(bare({ layoutRooms: [room(22, 0)] }))).toBe(false);
    expect(hasTerrace(bare({ comfort: { terraceSurface: 12 } }))).toBe(true);
    expect(hasTerrace(bare({ layoutRooms: [room(10, null)] }))).toBe(true);
    expect(hasTerrace(bare({ comfort: { terraceSurface: -1 } }))).toBe(false);
  });

  it('has parking by a garage or parking space in the layout, or by being one', () => {
    expect(hasParking(bare())).toBe(false);
    expect(hasParking(bare({ layoutRooms: [room(6)] }))).toBe(true);
    expect(hasParking(bare({ layoutRooms: [room(14, 2)] }))).toBe(true);
    expect(hasParking(bare({ headType: 'GARAGE', subType: 'GARAGE_BOX' }))).toBe(true);
  });

  it('counts facades from the construction type, else from a house’s sub type', () => {
    expect(['CLOSED', 'HALF_OPEN', 'OPEN'].map((buildingType) => facadesOf(bare({ technical: { buildingType } })))).toEqual([2, 3, 4]);
    expect(facadesOf(bare({ headType: 'HOUSE', subType: 'SEMI_DETACHED' }))).toBe(3);
    expect(facadesOf(bare({ headType: 'APARTMENT', subType: 'FLAT' }))).toBeNull();
  });

  it('is a new build when the CRM says so or as a new-build project', () => {
    expect(isNewBuild(bare({ technical: { newBuilding: true } }))).toBe(true);
    expect(isNewBuild(bare({ isProject: true, headType: 'PROJECT', subType: 'NEW_BUILD_PROJECT' }))).toBe(true);
    expect(isNewBuild(bare({ technical: { newBuilding: false } }))).toBe(false);
  });

  it('gives the row’s columns at once', () => {
    expect(listingFeatures(buildEstate())).toEqual({ livingArea: 280, plotArea: 1200, epcRank: 5, hasGarden: true, hasTerrace: true, hasParking: false, facades: 4, newBuild: false });
  });
});
