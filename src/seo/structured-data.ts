import type { Offer, PriceSpecification, RealEstateAgent, RealEstateListing, UnitPriceSpecification, VacationRental, WithContext } from 'schema-dts';
import type { BivTitle, LegalIdentity } from '../config/legal-identity.js';
import type { PriceTerms, RentPeriod } from '../estates/display/price-display.js';

/** What search engines and share previews need to know about a listing. */
export interface ListingSeo {
  readonly url: string;
  readonly name: string;
  readonly description: string;
  readonly images: readonly string[];
  /** null: price on request or hidden, then the Offer carries no price. */
  readonly price: number | null;
  readonly forRent: boolean;
  /** The domain's one availability rule (display model `available`). */
  readonly available: boolean;
  readonly datePosted: string;
  readonly address: { readonly street: string | null; readonly zip: string; readonly city: string; readonly country: string };
  /** Only when the agency shows the address. */
  readonly geo: { readonly lat: number; readonly lon: number } | null;
  /** How the price reads (display model `priceTerms`): a "from" price, VAT excluded, a rent's period. */
  readonly priceTerms?: PriceTerms;
  /** The project a unit belongs to. */
  readonly partOf?: { readonly name: string; readonly url: string } | null;
}

/** UN/CEFACT common codes of the rent periods (schema.org unitCode). */
const PERIOD_UNIT_CODES: Readonly<Record<RentPeriod, string>> = { MONTH: 'MON', WEEK: 'WEE', YEAR: 'ANN', DAY: 'DAY' };

const EXACT_PRICE: PriceTerms = { from: false, vatExcluded: false, period: null };

/** The price's terms as schema.org says them; none for a plain sale at its exact price (Offer.price says it all). */
function priceSpecification(price: number, terms: PriceTerms): UnitPriceSpecification | PriceSpecification | null {
  if (!terms.from && !terms.vatExcluded && !terms.period) return null;
  const amount = terms.from ? { minPrice: price } : { price };
  const vat = terms.vatExcluded ? { valueAddedTaxIncluded: false } : {};
  if (!terms.period) return { '@type': 'PriceSpecification', ...amount, priceCurrency: 'EUR', ...vat };
  const unitCode = PERIOD_UNIT_CODES[terms.period];
  return {
    '@type': 'UnitPriceSpecification',
    ...amount,
    priceCurrency: 'EUR',
    ...vat,
    unitCode,
    referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode },
  };
}

function offer(listing: ListingSeo): Offer {
  const base: Offer = {
    '@type': 'Offer',
    url: listing.url,
    businessFunction: { '@id': listing.forRent ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell' },
    availability: listing.available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
  };
  if (listing.price === null) return base;
  const terms = listing.priceTerms ?? EXACT_PRICE;
  const specification = priceSpecification(listing.price, terms);
  return {
    ...base,
    // A "from" price is not what this offer costs: only its specification's minPrice says it.
    ...(terms.from ? {} : { price: listing.price }),
    priceCurrency: 'EUR',
    ...(specification ? { priceSpecification: specification } : {}),
  };
}

/** schema.org RealEstateListing with its Offer, address and geo; a unit is part of its project's listing. */
export function listingJsonLd(listing: ListingSeo): WithContext<RealEstateListing> {
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    url: listing.url,
    name: listing.name,
    description: listing.description,
    image: [...listing.images],
    datePosted: listing.datePosted,
    ...(listing.partOf ? { isPartOf: { '@type': 'RealEstateListing', url: listing.partOf.url, name: listing.partOf.name } } : {}),
    contentLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(listing.address.street ? { streetAddress: listing.address.street } : {}),
        postalCode: listing.address.zip,
        addressLocality: listing.address.city,
        addressCountry: listing.address.country,
      },
      ...(listing.geo ? { geo: { '@type': 'GeoCoordinates', latitude: listing.geo.lat, longitude: listing.geo.lon } } : {}),
    },
    offers: offer(listing),
  };
}

/** JSON for a <script type="application/ld+json">: no "</script>" or HTML comment can break out of it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * The page title: the listing's name, where it is (a unit: its project and city; otherwise the city
 * unless the name already says it) and its price.
 */
export function listingTitle(listing: { readonly name: string; readonly city: string; readonly priceText: string; readonly projectName?: string | null }): string {
  const place = listing.projectName
    ? `${listing.projectName}, ${listing.city}`
    : listing.name.toLocaleLowerCase().includes(listing.city.toLocaleLowerCase())
      ? null
      : listing.city;
  return [listing.name, place, listing.priceText].filter((part): part is string => !!part).join(' – ');
}

export interface ShareImage {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly alt: string;
}

export interface ShareMetaInput {
  readonly url: string;
  readonly title: string;
  readonly description: string;
  readonly image: ShareImage | null;
  readonly siteName: string;
  readonly locale: string;
}

/** Open Graph tags are `<meta property>`, Twitter's are `<meta name>`: kept apart so each gets its attribute. */
export interface ShareMeta {
  readonly openGraph: ReadonlyArray<{ readonly property: string; readonly content: string }>;
  readonly twitter: ReadonlyArray<{ readonly name: string; readonly content: string }>;
}

const OG_LOCALES: Readonly<Record<string, string>> = { nl: 'nl_BE', fr: 'fr_BE', en: 'en_GB', de: 'de_BE' };

/** Open Graph and Twitter card tags; the image with its size and alternative text. */
export function shareMeta(input: ShareMetaInput): ShareMeta {
  const { image } = input;
  return {
    openGraph: [
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: input.siteName },
      { property: 'og:locale', content: OG_LOCALES[input.locale] ?? input.locale },
      { property: 'og:url', content: input.url },
      { property: 'og:title', content: input.title },
      { property: 'og:description', content: input.description },
      ...(image
        ? [
            { property: 'og:image', content: image.url },
            { property: 'og:image:width', content: String(image.width) },
            { property: 'og:image:height', content: String(image.height) },
            { property: 'og:image:alt', content: image.alt },
          ]
        : []),
    ],
    twitter: [
      { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
      { name: 'twitter:title', content: input.title },
      { name: 'twitter:description', content: input.description },
      ...(image ? [{ name: 'twitter:image', content: image.url }, { name: 'twitter:image:alt', content: image.alt }] : []),
    ],
  };
}

export interface AgencyContact {
  readonly name: string;
  readonly url: string;
  readonly logoUrl: string;
  readonly email: string;
  readonly phone: string;
}

/** The words of the agency's description in the page's language. */
export interface AgencyWords {
  /** "vastgoedmakelaar-bemiddelaar", "agent immobilier intermédiaire", … */
  readonly title: (title: BivTitle) => string;
  /** What the insurance is ("Verzekering beroepsaansprakelijkheid en borgtocht"). */
  readonly insurance: string;
}

/**
 * schema.org RealEstateAgent of the site: the trading name, the legal name and its identifiers. Each professional
 * title is a credential (a licence the BIV/IPI recognizes, named in the page's language, the BIV number as its
 * identifier). schema.org has no property for an insurance policy; a RealEstateAgent is also a Place, so the
 * insurance is an `additionalProperty`: named in the page's language, the insurer as value, the policy as identifier.
 */
export function agencyJsonLd(identity: LegalIdentity, contact: AgencyContact, words: AgencyWords): WithContext<RealEstateAgent> {
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: contact.name,
    legalName: identity.legalName,
    url: contact.url,
    logo: contact.logoUrl,
    email: contact.email,
    telephone: contact.phone,
    vatID: identity.vatNumber,
    taxID: identity.companyNumber,
    address: {
      '@type': 'PostalAddress',
      streetAddress: identity.street,
      postalCode: identity.postalCode,
      addressLocality: identity.city,
      addressCountry: identity.country,
    },
    hasCredential: identity.bivTitles.map((title) => ({
      '@type': 'EducationalOccupationalCredential',
      name: words.title(title),
      credentialCategory: 'license',
      identifier: identity.bivNumber,
      recognizedBy: { '@type': 'Organization', name: identity.supervisoryAuthority, url: identity.supervisoryAuthorityUrl },
    })),
    additionalProperty: {
      '@type': 'PropertyValue',
      name: words.insurance,
      value: identity.insurer,
      identifier: identity.insurancePolicy,
    },
    publishingPrinciples: identity.codeOfConductUrl,
  };
}

/** What search engines need to know about a holiday unit. */
export interface HolidaySeo {
  /** The unit's id on this site (Google requires an `identifier` for a VacationRental). */
  readonly id: number | string;
  readonly url: string;
  readonly name: string;
  readonly description: string;
  readonly images: readonly string[];
  readonly address: { readonly street: string; readonly zip: string; readonly city: string };
  readonly geo: { readonly lat: number; readonly lon: number } | null;
  readonly guests: number;
  readonly bedrooms: number;
  readonly amenities: readonly string[];
  /** `HH:MM`. */
  readonly checkIn: string;
  readonly checkOut: string;
}

/** schema.org VacationRental: the unit with its address, capacity, amenities and check-in/out times. */
export function holidayJsonLd(unit: HolidaySeo): WithContext<VacationRental> {
  return {
    '@context': 'https://schema.org',
    '@type': 'VacationRental',
    '@id': unit.url,
    identifier: String(unit.id),
    url: unit.url,
    name: unit.name,
    description: unit.description,
    image: [...unit.images],
    address: { '@type': 'PostalAddress', streetAddress: unit.address.street, postalCode: unit.address.zip, addressLocality: unit.address.city, addressCountry: 'BE' },
    ...(unit.geo ? { latitude: unit.geo.lat, longitude: unit.geo.lon } : {}),
    checkinTime: `${unit.checkIn}:00`,
    checkoutTime: `${unit.checkOut}:00`,
    amenityFeature: unit.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
    containsPlace: {
      '@type': 'Accommodation',
      occupancy: { '@type': 'QuantitativeValue', value: unit.guests },
      numberOfBedrooms: unit.bedrooms,
    },
  };
}
