/**
 * Who runs the site, as Belgian law wants it on an estate agent's website (Code of Economic Law art. III.74,
 * the Royal Decree on estate agents' code of conduct): legal name, address, company and VAT number, the
 * agent's BIV/IPI number, the country of accreditation, the supervisory authority and the code of conduct.
 */
export interface LegalIdentity {
  readonly legalName: string;
  readonly street: string;
  readonly postalCode: string;
  readonly city: string;
  /** ISO 3166 alpha-2. */
  readonly country: string;
  /** KBO/BCE enterprise number, `0123.456.749`. */
  readonly companyNumber: string;
  readonly vatNumber: string;
  readonly bivNumber: string;
  /** ISO 3166 alpha-2 of the country where the agent is accredited. */
  readonly accreditationCountry: string;
  readonly supervisoryAuthority: string;
  readonly supervisoryAuthorityUrl: string;
  readonly codeOfConductUrl: string;
}

interface LegalIdentityConfig {
  readonly AGENCY_LEGAL_NAME: string;
  readonly AGENCY_STREET: string;
  readonly AGENCY_POSTAL_CODE: string;
  readonly AGENCY_CITY: string;
  readonly AGENCY_COUNTRY: string;
  readonly AGENCY_COMPANY_NUMBER: string;
  readonly AGENCY_VAT_NUMBER: string;
  readonly AGENCY_BIV_NUMBER: string;
  readonly AGENCY_ACCREDITATION_COUNTRY: string;
  readonly AGENCY_SUPERVISORY_AUTHORITY: string;
  readonly AGENCY_SUPERVISORY_AUTHORITY_URL: string;
  readonly AGENCY_CODE_OF_CONDUCT_URL: string;
}

export function legalIdentity(config: LegalIdentityConfig): LegalIdentity {
  return {
    legalName: config.AGENCY_LEGAL_NAME,
    street: config.AGENCY_STREET,
    postalCode: config.AGENCY_POSTAL_CODE,
    city: config.AGENCY_CITY,
    country: config.AGENCY_COUNTRY,
    companyNumber: config.AGENCY_COMPANY_NUMBER,
    vatNumber: config.AGENCY_VAT_NUMBER,
    bivNumber: config.AGENCY_BIV_NUMBER,
    accreditationCountry: config.AGENCY_ACCREDITATION_COUNTRY,
    supervisoryAuthority: config.AGENCY_SUPERVISORY_AUTHORITY,
    supervisoryAuthorityUrl: config.AGENCY_SUPERVISORY_AUTHORITY_URL,
    codeOfConductUrl: config.AGENCY_CODE_OF_CONDUCT_URL,
  };
}

/** A KBO/BCE enterprise number: ten digits (dots and spaces allowed) whose last two are 97 minus the first eight mod 97. */
export function isBelgianCompanyNumber(value: string): boolean {
  const digits = value.replace(/[.\s]/g, '');
  if (!/^[01]\d{9}$/.test(digits)) return false;
  return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
}

/** The address on one line, as the footer and mails print it. */
export function addressLine(identity: LegalIdentity): string {
  return `${identity.street}, ${identity.postalCode} ${identity.city}`;
}


/** A country's name in `locale` ("België", "Belgique"), from its ISO code. */
const regionNames = new Map<string, Intl.DisplayNames>();

/** The country's name in `locale` (every page's footer asks: the formatter is made once per language). */
export function countryName(code: string, locale: string): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    regionNames.set(locale, names);
  }
  return names.of(code) ?? code;
}
