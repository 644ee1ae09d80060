import { buildEstate } from '../../../test/factories/estate.factory.js';
import { isAvailable } from './availability.js';
import type { Status } from './estate.js';

const withStatus = (status: Status) => buildEstate({ transaction: { status } });

describe(isAvailable.name, () => {
  it.each<Status>(['FOR_SALE', 'TO_RENT', 'TAKE_OVER'])('a listing %s is available', (status) => {
    expect(isAvailable(withStatus(status))).toBe(true);
  });

  it.each<Status>(['SOLD', 'RENTED', 'TAKEN_OVER'])('a listing %s is no longer available', (status) => {
    expect(isAvailable(withStatus(status))).toBe(false);
  });
});
