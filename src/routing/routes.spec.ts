import { LOCALES } from './locales.js';
import {
  alternates,
  decodePhotoOrigin,
  encodePhotoOrigin,
  KEYED_PHOTO_STEM,
  keyedPropertyImageUrl,
  parsePropertyImageUrl,
  propertyImageUrl,
  propertyImageVariantUrlOf,
  remotePhotoFileName,
  remotePropertyImageUrl,
  ROOT_PATH,
  ROUTES,
  routerPaths,
  urlFor,
} from './routes.js';

/** SPEC §2, written out by hand so the table is checked against the specification, not itself. */
const SPEC_PATHS: Record<string, Record<string, string>> = {
  privacy: { en: '/en/privacy-statement', nl: '/nl/privacy-verklaring', fr: '/fr/declaration-de-confidentialite', de: '/de/datenschutzerklarung' },
  terms: { en: '/en/terms-of-use', nl: '/nl/gebruiksvoorwaarden', fr: '/fr/conditions-d-utilisation', de: '/de/agb' },
  favorites: { en: '/en/favorites', nl: '/nl/favorieten', fr: '/fr/favoris', de: '/de/favoriten' },
  subscribe: { en: '/en/keep-me-informed', nl: '/nl/hou-me-op-de-hoogte', fr: '/fr/tenez-moi-au-courant', de: '/de/halte-mich-auf-dem-laufenden' },
  subscribeSuccess: { en: '/en/keep-me-informed/success', nl: '/nl/hou-me-op-de-hoogte/succes', fr: '/fr/tenez-moi-au-courant/reussi', de: '/de/halte-mich-auf-dem-laufenden/gelungen' },
  unsubscribe: { en: '/en/keep-me-informed/unsubscribe/T1', nl: '/nl/hou-me-op-de-hoogte/uitschrijven/T1', fr: '/fr/tenez-moi-au-courant/desinscrire/T1', de: '/de/halte-mich-auf-dem-laufenden/abbestellen/T1' },
  editSubscriptions: { en: '/en/keep-me-informed/T1', nl: '/nl/hou-me-op-de-hoogte/T1', fr: '/fr/tenez-moi-au-courant/T1', de: '/de/halte-mich-auf-dem-laufenden/T1' },
  confirmSubscription: { en: '/en/keep-me-informed/confirm/T1', nl: '/nl/hou-me-op-de-hoogte/bevestigen/T1', fr: '/fr/tenez-moi-au-courant/confirmer/T1', de: '/de/halte-mich-auf-dem-laufenden/bestaetigen/T1' },
  detailShort: { en: '/en/offer/42', nl: '/nl/aanbod/42', fr: '/fr/offre/42', de: '/de/angebot/42' },
  detail: { en: '/en/offer/42/villa-for-sale', nl: '/nl/aanbod/42/villa-for-sale', fr: '/fr/offre/42/villa-for-sale', de: '/de/angebot/42/villa-for-sale' },
  projectUnit: { en: '/en/offer/42/villa-for-sale/7', nl: '/nl/aanbod/42/villa-for-sale/7', fr: '/fr/offre/42/villa-for-sale/7', de: '/de/angebot/42/villa-for-sale/7' },
  cancelAppointment: { en: '/en/cancel-appointment/A9', nl: '/nl/afspraak-annuleren/A9', fr: '/fr/annuler-rendez-vous/A9', de: '/de/termin-absagen/A9' },
  holiday: { en: '/en/holiday/R3', nl: '/nl/vakantie/R3', fr: '/fr/vacances/R3', de: '/de/feiertage/R3' },
  ajaxSimilarEstates: { en: '/en/ajax/similar-estate/42', nl: '/nl/ajax/similar-estate/42', fr: '/fr/ajax/similar-estate/42', de: '/de/ajax/similar-estate/42' },
  ajaxEstate: { en: '/en/ajax/estate/42', nl: '/nl/ajax/estate/42', fr: '/fr/ajax/estate/42', de: '/de/ajax/estate/42' },
  ajaxNotifications: { en: '/en/ajax/notifications', nl: '/nl/ajax/notifications', fr: '/fr/ajax/notifications', de: '/de/ajax/notifications' },
  ajaxContactForm: { en: '/en/ajax/contact-form-handler', nl: '/nl/ajax/contact-form-handler', fr: '/fr/ajax/contact-form-handler', de: '/de/ajax/contact-form-handler' },
  ajaxSearchCity: { en: '/en/ajax/search-city', nl: '/nl/ajax/search-city', fr: '/fr/ajax/search-city', de: '/de/ajax/search-city' },
  ajaxSendToFriend: { en: '/en/ajax/send-to-a-friend', nl: '/nl/ajax/send-to-a-friend', fr: '/fr/ajax/send-to-a-friend', de: '/de/ajax/send-to-a-friend' },
  home: { en: '/en', nl: '/nl', fr: '/fr', de: '/de' },
  // Issue 12: the heart posts to the favourites page's own path with the listing id.
  favoriteToggle: { en: '/en/favorites/42', nl: '/nl/favorieten/42', fr: '/fr/favoris/42', de: '/de/favoriten/42' },
  favoritesMail: { en: '/en/favorites/mail', nl: '/nl/favorieten/mailen', fr: '/fr/favoris/envoyer', de: '/de/favoriten/senden' },
  contact: { en: '/en/contact', nl: '/nl/contact', fr: '/fr/contact', de: '/de/kontakt' },
};

/** Routes the product adds beyond SPEC §2 (the holiday overview, its calendar feed, booking and price). */
const BEYOND_SPEC = ['cookieConsent', 'ajaxSearchMap', 'holidayOverview', 'holidayCalendar', 'holidayBooking', 'ajaxHolidayQuote',
  // Issue 23: comparing favourites, the purchase-cost block without JavaScript, a viewing request.
  'favoritesCompare', 'purchaseCost', 'viewingRequest'];

const PARAMS = { estateId: 42, slug: 'villa-for-sale', entityId: 7, appointmentId: 'A9', rentalUnitId: 'R3', token: 'T1' };

describe(urlFor.name, () => {
  const cases = Object.entries(SPEC_PATHS).flatMap(([name, paths]) =>
    LOCALES.map((locale) => [name, locale, paths[locale]] as const),
  );

  it.each(cases)('gives the SPEC path of %s in %s', (name, locale, expected) => {
    expect(urlFor(name, locale, PARAMS)).toBe(expected);
  });

  it('covers every route of the table with a SPEC path', () => {
    expect(Object.keys(ROUTES).filter((name) => !BEYOND_SPEC.includes(name)).sort()).toEqual(Object.keys(SPEC_PATHS).sort());
  });

  it('gives the root path for an unknown route name', () => {
    expect(urlFor('noSuchRoute', 'fr', PARAMS)).toBe(ROOT_PATH);
    expect(ROOT_PATH).toBe('/');
  });

  it('fills each placeholder with its URL-encoded value', () => {
    expect(urlFor('detail', 'fr', { estateId: 5, slug: 'maison à Liège' })).toBe('/fr/offre/5/maison%20%C3%A0%20Li%C3%A8ge');
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => urlFor('holiday', 'nl', {})).toThrow('<rentalUnitId>');
  });
});

describe(alternates.name, () => {
  it('gives the page in the four locales', () => {
    expect(alternates('favorites')).toEqual({ nl: '/nl/favorieten', fr: '/fr/favoris', en: '/en/favorites', de: '/de/favoriten' });
  });

  it('fills parameters in every locale', () => {
    expect(alternates('detailShort', { estateId: 3 }).de).toBe('/de/angebot/3');
  });
});

describe(routerPaths.name, () => {
  it('writes placeholders in the router syntax, one path per locale', () => {
    expect(routerPaths('projectUnit')).toEqual([
      '/nl/aanbod/:estateId/:slug/:entityId',
      '/fr/offre/:estateId/:slug/:entityId',
      '/en/offer/:estateId/:slug/:entityId',
      '/de/angebot/:estateId/:slug/:entityId',
    ]);
  });
});

describe('remote property image URLs', () => {
  const original = 'https://files.zabun.be/upload/3489/images/a b%C3%A9.jpg?x=1';

  it('name the original in one path segment that decodes back to it', () => {
    const segment = encodePhotoOrigin(original);
    expect(segment).toMatch(/^[\w-]+$/);
    expect(decodePhotoOrigin(segment)).toBe(original);
  });

  it('accept only the one canonical spelling of a segment', () => {
    const segment = encodePhotoOrigin('https://files.zabun.be/a.jpg');
    expect(decodePhotoOrigin(`${segment}=`)).toBeNull();
    expect(decodePhotoOrigin(`${segment.slice(0, 4)}+${segment.slice(4)}`)).toBeNull();
    expect(decodePhotoOrigin('_w')).toBeNull();
    expect(decodePhotoOrigin(encodePhotoOrigin('x').slice(0, -1) + 'z')).toBeNull();
  });

  it('parse back with their source, size, file and version', () => {
    const url = remotePropertyImageUrl('https://files.zabun.be/upload/1/images/abc_tn.jpg', 'thumb', '7f');
    expect(parsePropertyImageUrl(`https://immo.example${url}`)).toEqual({
      origin: 'https://immo.example',
      source: `u/${encodePhotoOrigin('https://files.zabun.be/upload/1/images/abc_tn.jpg')}`,
      size: 'thumb',
      file: 'abc_tn.jpg',
      version: '7f',
    });
    expect(parsePropertyImageUrl(propertyImageUrl(1042, 'large', 'house-01.jpg'))).toMatchObject({ source: '1042', size: 'large' });
  });
});

describe(keyedPropertyImageUrl.name, () => {
  const key = 'AbCdEfGhIjKlMnOpQrStUv';

  it('names a photo by its key with a short readable file name, and parses back', () => {
    const url = keyedPropertyImageUrl(key, 'large', remotePhotoFileName(`https://whisestorageprod.blob.core.windows.net/p/${'x'.repeat(90)}.JPG?sig=1`, KEYED_PHOTO_STEM), 'tb7');
    expect(url).toBe(`/property-images/h/${key}/large/${'x'.repeat(40)}.jpg?v=tb7`);
    const ref = parsePropertyImageUrl(url)!;
    expect(ref).toEqual({ origin: '', source: `h/${key}`, size: 'large', file: `${'x'.repeat(40)}.jpg`, version: 'tb7' });
    expect(propertyImageVariantUrlOf(ref, 480, 'avif')).toBe(`/property-images/h/${key}/480w/${'x'.repeat(40)}.jpg.avif?v=tb7`);
  });
});
