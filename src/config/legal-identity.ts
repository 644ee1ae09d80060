/**
 * The professional titles the BIV/IPI grants (law of 11 February 2013): an agent holds one or more and the
 * website names each, in the page's language, before the BIV number.
 */
const BIV_TITLES = ['bemiddelaar', 'syndicus', 'rentmeester'] as const;
export type BivTitle = (typeof BIV_TITLES)[number];

/** AGENCY_BIV_TITLE (`bemiddelaar` or a comma list such as `bemiddelaar,syndicus`) in the law's order, or null when a word is unknown. */
export function parseBivTitles(value: string): BivTitle[] | null {
  const words = value.split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);
  if (words.length === 0 || !words.every((word) => (BIV_TITLES as readonly string[]).includes(word))) return null;
  return BIV_TITLES.filter((title) => words.includes(title));
}

/**
 * Who runs the site, as Belgian law wants it on an estate agent's website (Code of Economic Law art. III.74 and
 * XII.6, the Royal Decree on estate agents' code of conduct art. 20): legal name, address, company and VAT number,
 * the professional title with the agent's BIV/IPI number, the country of accreditation, the supervisory authority,
 * the code of conduct and the professional liability and surety insurer with its policy number.
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
  /** At least one, in the law's order. */
  readonly bivTitles: readonly BivTitle[];
  /** ISO 3166 alpha-2 of the country where the agent is accredited. */
  readonly accreditationCountry: string;
  readonly supervisoryAuthority: string;
  readonly supervisoryAuthorityUrl: string;
  readonly codeOfConductUrl: string;
  /** The insurer of the agent's professional liability and surety ("AXA Belgium"). */
  readonly insurer: string;
  readonly insurancePolicy: string;
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
  readonly AGENCY_BIV_TITLE: string;
  readonly AGENCY_ACCREDITATION_COUNTRY: string;
  readonly AGENCY_SUPERVISORY_AUTHORITY: string;
  readonly AGENCY_SUPERVISORY_AUTHORITY_URL: string;
  readonly AGENCY_CODE_OF_CONDUCT_URL: string;
  readonly AGENCY_INSURER: string;
  readonly AGENCY_INSURANCE_POLICY: string;
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
    // Validated when the configuration is loaded.
    bivTitles: parseBivTitles(config.AGENCY_BIV_TITLE) ?? [],
    accreditationCountry: config.AGENCY_ACCREDITATION_COUNTRY,
    supervisoryAuthority: config.AGENCY_SUPERVISORY_AUTHORITY,
    supervisoryAuthorityUrl: config.AGENCY_SUPERVISORY_AUTHORITY_URL,
    codeOfConductUrl: config.AGENCY_CODE_OF_CONDUCT_URL,
    insurer: config.AGENCY_INSURER,
    insurancePolicy: config.AGENCY_INSURANCE_POLICY,
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

type Translate = (key: string, args?: Readonly<Record<string, string | number>>) => string;

const listFormats = new Map<string, Intl.ListFormat>();

/** The titles alone in the page's language, joined as the language joins a list ("… en …", "… et …"). */
function professionalTitles(identity: LegalIdentity, t: Translate, locale: string): string {
  let list = listFormats.get(locale);
  if (!list) {
    list = new Intl.ListFormat(locale, { type: 'conjunction' });
    listFormats.set(locale, list);
  }
  return list.format(identity.bivTitles.map((title) => t(`legal.identity.titles.${title}`)));
}

/** "vastgoedmakelaar-bemiddelaar, BIV 512345 (erkend in België)": the title before the number, as the BIV asks. */
export function professionalTitleLine(identity: LegalIdentity, t: Translate, locale: string): string {
  return t('legal.identity.bivNumber', {
    titles: professionalTitles(identity, t, locale),
    number: identity.bivNumber,
    country: countryName(identity.accreditationCountry, locale),
  });
}

/** The professional liability and surety insurer with the policy number, in the page's language. */
export function insuranceLine(identity: LegalIdentity, t: Translate): string {
  return t('legal.identity.insurance', { insurer: identity.insurer, policy: identity.insurancePolicy });
}

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
