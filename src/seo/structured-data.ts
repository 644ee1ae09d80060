/** What search engines and share previews need to know about a listing. */
export interface ListingSeo {
  readonly url: string;
  readonly name: string;
  readonly description: string;
  readonly images: readonly string[];
  /** null: price on request or hidden (VAT regime), then the Offer carries no price. */
  readonly price: number | null;
  readonly forRent: boolean;
  readonly available: boolean;
  readonly datePosted: string;
  readonly address: { readonly street: string | null; readonly zip: string; readonly city: string; readonly country: string };
  /** Only when the agency shows the address. */
  readonly geo: { readonly lat: number; readonly lon: number } | null;
}

/** schema.org RealEstateListing with its Offer, address and geo. */
export function listingJsonLd(listing: ListingSeo): Record<string, unknown> {
  const place = {
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      ...(listing.address.street ? { streetAddress: listing.address.street } : {}),
      postalCode: listing.address.zip,
      addressLocality: listing.address.city,
      addressCountry: listing.address.country,
    },
    ...(listing.geo ? { geo: { '@type': 'GeoCoordinates', latitude: listing.geo.lat, longitude: listing.geo.lon } } : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    url: listing.url,
    name: listing.name,
    description: listing.description,
    image: listing.images,
    datePosted: listing.datePosted,
    contentLocation: place,
    offers: {
      '@type': 'Offer',
      url: listing.url,
      businessFunction: listing.forRent ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
      availability: listing.available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      ...(listing.price !== null ? { price: listing.price, priceCurrency: 'EUR' } : {}),
    },
  };
}

/** JSON for a <script type="application/ld+json">: no "</script>" or HTML comment can break out of it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** Open Graph and Twitter card tags as name/content pairs. */
export function socialMeta(listing: ListingSeo, siteName: string, locale: string): Array<{ property: string; content: string }> {
  const image = listing.images[0];
  return [
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:locale', content: { nl: 'nl_BE', fr: 'fr_BE', en: 'en_GB', de: 'de_BE' }[locale] ?? locale },
    { property: 'og:url', content: listing.url },
    { property: 'og:title', content: listing.name },
    { property: 'og:description', content: listing.description },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { property: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { property: 'twitter:title', content: listing.name },
    { property: 'twitter:description', content: listing.description },
    ...(image ? [{ property: 'twitter:image', content: image }] : []),
  ];
}
