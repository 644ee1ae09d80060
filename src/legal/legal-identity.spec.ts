import { loadConfig } from '../config/config.js';
import { addressLine, countryName, isBelgianCompanyNumber, legalIdentity } from './legal-identity.js';

describe(isBelgianCompanyNumber.name, () => {
  it('accepts a KBO/BCE number whose last two digits are 97 minus the first eight mod 97, with or without dots', () => {
    expect(isBelgianCompanyNumber('0123.456.749')).toBe(true);
    expect(isBelgianCompanyNumber('0123456749')).toBe(true);
  });

  it('refuses wrong check digits, wrong lengths and numbers not starting with 0 or 1', () => {
    expect(isBelgianCompanyNumber('0123.456.748')).toBe(false);
    expect(isBelgianCompanyNumber('123.456.749')).toBe(false);
    expect(isBelgianCompanyNumber('2123.456.749')).toBe(false);
  });
});

describe(legalIdentity.name, () => {
  it('has demo defaults that need no configuration', () => {
    const sut = legalIdentity(loadConfig({}));
    expect(sut.legalName).toBe('Immo Vastgoed BV');
    expect(addressLine(sut)).toBe('Kouter 1, 9000 Gent');
    expect(countryName(sut.accreditationCountry, 'nl')).toBe('België');
  });

  it('stops the start on a company number with wrong check digits, naming the variable', () => {
    expect(() => loadConfig({ AGENCY_COMPANY_NUMBER: '0123.456.748' })).toThrow(/AGENCY_COMPANY_NUMBER="0123.456.748"/);
  });
});
