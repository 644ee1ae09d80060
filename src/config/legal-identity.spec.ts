import { fileTranslator } from '../../test/support/file-translator.js';
import { loadConfig } from './config.js';
import { addressLine, countryName, insuranceLine, isBelgianCompanyNumber, legalIdentity, parseBivTitles, professionalTitleLine } from './legal-identity.js';

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

describe(parseBivTitles.name, () => {
  it('reads one title or a comma list, in the law\'s order, ignoring case, spaces and repeats', () => {
    expect(parseBivTitles('bemiddelaar')).toEqual(['bemiddelaar']);
    expect(parseBivTitles(' Rentmeester , syndicus,bemiddelaar,syndicus ')).toEqual(['bemiddelaar', 'syndicus', 'rentmeester']);
  });

  it('refuses an unknown word and an empty list', () => {
    expect(parseBivTitles('makelaar')).toBeNull();
    expect(parseBivTitles('bemiddelaar,makelaar')).toBeNull();
    expect(parseBivTitles(' , ')).toBeNull();
  });

  it('stops the start on an unknown title, naming the variable and the allowed words', () => {
    expect(() => loadConfig({ AGENCY_BIV_TITLE: 'courtier' })).toThrow(/AGENCY_BIV_TITLE="courtier".*bemiddelaar, syndicus or rentmeester/);
  });
});

describe(professionalTitleLine.name, () => {
  const identity = (title: string) => legalIdentity(loadConfig({ AGENCY_BIV_TITLE: title, AGENCY_BIV_NUMBER: '512345' }));

  it.each([
    ['nl', 'bemiddelaar', 'vastgoedmakelaar-bemiddelaar, BIV 512345 (erkend in België)'],
    ['fr', 'bemiddelaar', 'agent immobilier intermédiaire, IPI 512345 (agréé en Belgique)'],
    ['en', 'bemiddelaar', 'real estate agent-intermediary, BIV/IPI 512345 (accredited in Belgium)'],
    ['de', 'bemiddelaar', 'Immobilienmakler-Vermittler, IPI 512345 (zugelassen in Belgien)'],
    ['nl', 'syndicus', 'vastgoedmakelaar-syndicus, BIV 512345 (erkend in België)'],
    ['fr', 'syndicus', 'agent immobilier syndic, IPI 512345 (agréé en Belgique)'],
    ['nl', 'rentmeester', 'vastgoedmakelaar-rentmeester, BIV 512345 (erkend in België)'],
    ['fr', 'rentmeester', 'agent immobilier régisseur, IPI 512345 (agréé en Belgique)'],
  ] as const)('in %s names the %s title before the institute\'s number', (locale, title, line) => {
    expect(professionalTitleLine(identity(title), fileTranslator(locale).t, locale)).toBe(line);
  });

  it('joins several titles as the language joins a list', () => {
    const sut = identity('syndicus,bemiddelaar');
    expect(professionalTitleLine(sut, fileTranslator('nl').t, 'nl')).toBe('vastgoedmakelaar-bemiddelaar en vastgoedmakelaar-syndicus, BIV 512345 (erkend in België)');
    expect(professionalTitleLine(sut, fileTranslator('fr').t, 'fr')).toBe('agent immobilier intermédiaire et agent immobilier syndic, IPI 512345 (agréé en Belgique)');
  });
});

describe(insuranceLine.name, () => {
  const sut = legalIdentity(loadConfig({ AGENCY_INSURER: 'AXA Belgium', AGENCY_INSURANCE_POLICY: '730.390.160' }));

  it.each([
    ['nl', 'Verzekeraar beroepsaansprakelijkheid en borgtocht: AXA Belgium, polis 730.390.160'],
    ['fr', 'Assureur responsabilité civile professionnelle et cautionnement : AXA Belgium, police n° 730.390.160'],
    ['en', 'Professional liability and surety insurer: AXA Belgium, policy 730.390.160'],
    ['de', 'Berufshaftpflicht- und Bürgschaftsversicherer: AXA Belgium, Police 730.390.160'],
  ] as const)('in %s names the liability and surety insurer with the policy number', (locale, line) => {
    expect(insuranceLine(sut, fileTranslator(locale).t)).toBe(line);
  });

  it('has a complete demo identity without configuration: a title, an insurer and a policy', () => {
    const demo = legalIdentity(loadConfig({}));
    expect(demo.bivTitles).toEqual(['bemiddelaar']);
    expect(demo.insurer).not.toBe('');
    expect(demo.insurancePolicy).not.toBe('');
  });
});
