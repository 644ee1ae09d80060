import { loadConfig } from '../config/config.js';
import { legalIdentity } from '../config/legal-identity.js';
import { agencyJsonLd, jsonForScript, type ListingSeo, listingJsonLd, listingTitle, shareMeta } from './structured-data.js';

const LISTING: ListingSeo = {
  url: 'https://immo.example/nl/aanbod/1001/villa-te-koop-in-gent',
  name: 'Villa te koop in Gent',
  description: 'Ruime villa met tuin.',
  images: ['https://immo.example/property-images/1/large/a.jpg'],
  price: 495000,
  forRent: false,
  available: true,
  datePosted: '2026-10-01T00:00:00.000Z',
  address: { street: 'Kerkstraat 12', zip: '9000', city: 'Gent', country: 'BE' },
  geo: { lat: 51.05, lon: 3.72 },
};

type Json = Record<string, unknown>;
const offers = (listing: ListingSeo) => (listingJsonLd(listing) as unknown as { offers: Json }).offers;

describe(listingJsonLd.name, () => {
  it('is a schema.org RealEstateListing with an Offer in euro', () => {
    const sut = listingJsonLd(LISTING) as unknown as Json;
    expect(sut['@type']).toBe('RealEstateListing');
    expect(offers(LISTING)).toMatchObject({ '@type': 'Offer', price: 495000, priceCurrency: 'EUR' });
    expect(offers(LISTING)).not.toHaveProperty('priceSpecification');
  });

  it('leaves the price out when it is on request', () => {
    expect(offers({ ...LISTING, price: null })).not.toHaveProperty('price');
  });

  it('says whether the listing is still available', () => {
    expect(offers(LISTING).availability).toBe('https://schema.org/InStock');
    expect(offers({ ...LISTING, available: false }).availability).toBe('https://schema.org/SoldOut');
  });

  it('a rental’s offer carries its period', () => {
    const sut = offers({ ...LISTING, forRent: true, price: 950, priceTerms: { from: false, vatExcluded: false, period: 'MONTH' } });
    expect(sut).toMatchObject({
      businessFunction: { '@id': 'http://purl.org/goodrelations/v1#LeaseOut' },
      price: 950,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: 950,
        priceCurrency: 'EUR',
        unitCode: 'MON',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
      },
    });
  });

  it('a price excluding VAT says so', () => {
    const sut = offers({ ...LISTING, priceTerms: { from: false, vatExcluded: true, period: null } });
    expect(sut.priceSpecification).toEqual({ '@type': 'PriceSpecification', price: 495000, priceCurrency: 'EUR', valueAddedTaxIncluded: false });
  });

  it('a "from" price is a minimum price, not the offer’s price', () => {
    const sut = offers({ ...LISTING, price: 300000, priceTerms: { from: true, vatExcluded: false, period: null } });
    expect(sut).not.toHaveProperty('price');
    expect(sut.priceSpecification).toMatchObject({ minPrice: 300000, priceCurrency: 'EUR' });
  });

  it('a unit’s listing is part of its project’s listing', () => {
    const partOf = { name: 'Residentie De Linde', url: 'https://immo.example/nl/aanbod/1043/residentie-de-linde' };
    expect(listingJsonLd({ ...LISTING, partOf })).toMatchObject({ isPartOf: { '@type': 'RealEstateListing', ...partOf } });
    expect(listingJsonLd(LISTING)).not.toHaveProperty('isPartOf');
  });

  it('leaves street and geo out for a hidden address', () => {
    const text = JSON.stringify(listingJsonLd({ ...LISTING, address: { ...LISTING.address, street: null }, geo: null }));
    expect(text).not.toContain('streetAddress');
    expect(text).not.toContain('GeoCoordinates');
  });
});

describe(jsonForScript.name, () => {
  it('cannot close the script element it is written in', () => {
    expect(jsonForScript({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});

describe(listingTitle.name, () => {
  it('a unit’s title names its project and city', () => {
    expect(listingTitle({ name: 'Appartement 1.01', projectName: 'Residentie De Linde', city: 'Gent', priceText: '€ 300.000,00 + btw' })).toBe(
      'Appartement 1.01 – Residentie De Linde, Gent – € 300.000,00 + btw',
    );
  });

  it('another listing’s title names its city unless its name already does', () => {
    expect(listingTitle({ name: 'Ruime villa met tuin', city: 'Gent', priceText: '€ 495.000,00' })).toBe('Ruime villa met tuin – Gent – € 495.000,00');
    expect(listingTitle({ name: 'Villa in Gent', city: 'Gent', priceText: '€ 495.000,00' })).toBe('Villa in Gent – € 495.000,00');
  });
});

describe(shareMeta.name, () => {
  const input = {
    url: LISTING.url,
    title: 'Villa – Gent',
    description: 'Ruime villa.',
    image: { url: LISTING.images[0], width: 1600, height: 1067, alt: 'Villa, foto 1' },
    siteName: 'Immo',
    locale: 'fr',
  };

  it('gives the Open Graph image its width, height and alternative text', () => {
    expect(shareMeta(input).openGraph).toEqual(
      expect.arrayContaining([
        { property: 'og:image', content: LISTING.images[0] },
        { property: 'og:image:width', content: '1600' },
        { property: 'og:image:height', content: '1067' },
        { property: 'og:image:alt', content: 'Villa, foto 1' },
        { property: 'og:locale', content: 'fr_BE' },
      ]),
    );
  });

  it('returns the Twitter tags apart, as name tags with a large card', () => {
    const sut = shareMeta(input);
    expect(sut.twitter).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(sut.twitter).toContainEqual({ name: 'twitter:image:alt', content: 'Villa, foto 1' });
    expect(sut.openGraph.some((tag) => tag.property.startsWith('twitter:'))).toBe(false);
  });

  it('without a photo has no image tags and a small card', () => {
    const sut = shareMeta({ ...input, image: null });
    expect(sut.openGraph.some((tag) => tag.property.startsWith('og:image'))).toBe(false);
    expect(sut.twitter).toEqual([
      { name: 'twitter:card', content: 'summary' },
      { name: 'twitter:title', content: 'Villa – Gent' },
      { name: 'twitter:description', content: 'Ruime villa.' },
    ]);
  });
});

describe(agencyJsonLd.name, () => {
  const contact = {
    name: 'Immo Vastgoed',
    url: 'https://www.immo.example/',
    logoUrl: 'https://www.immo.example/logo.svg',
    email: 'info@immo.example',
    phone: '+32 9 123 45 67',
  };
  const words = { title: (title: string) => `title:${title}`, insurance: 'Verzekeraar' };

  it('describes the site as a RealEstateAgent with its legal name, address, VAT and company numbers and BIV/IPI credential', () => {
    const sut = agencyJsonLd(legalIdentity(loadConfig({})), contact, words);
    expect(sut).toMatchObject({
      '@type': 'RealEstateAgent',
      name: 'Immo Vastgoed',
      legalName: 'Immo Vastgoed BV',
      vatID: 'BE0123456749',
      taxID: '0123.456.749',
      address: { streetAddress: 'Kouter 1', postalCode: '9000', addressLocality: 'Gent', addressCountry: 'BE' },
      hasCredential: [{ identifier: '512345' }],
    });
  });

  it('names each professional title as a licence with the BIV number, and the insurer with the policy as a property', () => {
    const identity = legalIdentity(loadConfig({ AGENCY_BIV_TITLE: 'bemiddelaar,syndicus', AGENCY_INSURER: 'AXA Belgium', AGENCY_INSURANCE_POLICY: '730.390.160' }));
    const sut = agencyJsonLd(identity, contact, words);
    expect(sut).toHaveProperty('hasCredential', [
      expect.objectContaining({ '@type': 'EducationalOccupationalCredential', name: 'title:bemiddelaar', credentialCategory: 'license', identifier: '512345' }),
      expect.objectContaining({ '@type': 'EducationalOccupationalCredential', name: 'title:syndicus', credentialCategory: 'license', identifier: '512345' }),
    ]);
    expect(sut).toHaveProperty('additionalProperty', { '@type': 'PropertyValue', name: 'Verzekeraar', value: 'AXA Belgium', identifier: '730.390.160' });
  });
});
