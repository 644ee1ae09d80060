import { regionOfZip } from './region.js';

describe(regionOfZip.name, () => {
  it.each([
    ['1000', 'BRUSSELS'],
    ['1299', 'BRUSSELS'],
    ['1300', 'WALLONIA'],
    ['1499', 'WALLONIA'],
    ['1500', 'FLANDERS'],
    ['3999', 'FLANDERS'],
    ['4000', 'WALLONIA'],
    ['7999', 'WALLONIA'],
    ['8000', 'FLANDERS'],
    ['9000', 'FLANDERS'],
    ['abc', null],
    ['75001', null],
  ])('%s is %s', (zip, region) => {
    expect(regionOfZip(zip)).toBe(region);
  });
});
