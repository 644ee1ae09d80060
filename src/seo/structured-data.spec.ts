import { jsonForScript, type ListingSeo, listingJsonLd, socialMeta } from './structured-data.js';

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

describe(listingJsonLd.name, () => {
  it('is a schema.org RealEstateListing with an Offer in euro', () => {
    const sut = listingJsonLd(LISTING) as { '@type': string; offers: Record<string, unknown> };
    expect(sut['@type']).toBe('RealEstateListing');
    expect(sut.offers).toMatchObject({ '@type': 'Offer', price: 495000, priceCurrency: 'EUR' });
  });

  it('leaves the price out when it is on request', () => {
    const sut = listingJsonLd({ ...LISTING, price: null }) as { offers: Record<string, unknown> };
    expect(sut.offers).not.toHaveProperty('price');
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

describe(socialMeta.name, () => {
  it('uses the first photo for Open Graph and a large Twitter card', () => {
    const sut = socialMeta(LISTING, 'Immo', 'fr');
    expect(sut).toContainEqual({ property: 'og:image', content: LISTING.images[0] });
    expect(sut).toContainEqual({ property: 'twitter:card', content: 'summary_large_image' });
    expect(sut).toContainEqual({ property: 'og:locale', content: 'fr_BE' });
  });
});
