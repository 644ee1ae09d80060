/// <reference types="jest" />
import { hasCoordinates } from './map';

describe(hasCoordinates.name, () => {
  const tileUrl = '/tiles/{z}/{x}/{y}.png';

  it('accepts finite latitude and longitude with a tile URL', () => {
    expect(hasCoordinates({ lat: 51.05, lon: 3.72, tileUrl })).toBe(true);
  });

  it('accepts the equator and the prime meridian', () => {
    expect(hasCoordinates({ lat: 0, lon: 0, tileUrl })).toBe(true);
  });

  it('refuses a missing or non-numeric coordinate', () => {
    expect(hasCoordinates({ lon: 3.72, tileUrl })).toBe(false);
    expect(hasCoordinates({ lat: Number.NaN, lon: 3.72, tileUrl })).toBe(false);
    expect(hasCoordinates({ lat: '51' as unknown as number, lon: 3.72, tileUrl })).toBe(false);
  });

  it('refuses props without a tile URL', () => {
    expect(hasCoordinates({ lat: 51.05, lon: 3.72 })).toBe(false);
  });
});
