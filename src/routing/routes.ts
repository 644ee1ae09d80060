import { LOCALES, type Locale } from './locales.js';

type LocalizedPaths = Readonly<Record<Locale, string>>;

/** The same path shape in every locale: `/<locale>` followed by `tail`. */
function everyLocale(tail: string): LocalizedPaths {
  return Object.fromEntries(LOCALES.map((locale) => [locale, `/${locale}${tail}`])) as unknown as LocalizedPaths;
}

/** Adds `suffix` (which may differ per locale) to every path of `base`. */
function extend(base: LocalizedPaths, suffix: string | LocalizedPaths): LocalizedPaths {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, base[locale] + (typeof suffix === 'string' ? suffix : suffix[locale])]),
  ) as unknown as LocalizedPaths;
}

const subscribe: LocalizedPaths = {
  en: '/en/keep-me-informed',
  nl: '/nl/hou-me-op-de-hoogte',
  fr: '/fr/tenez-moi-au-courant',
  de: '/de/halte-mich-auf-dem-laufenden',
};

const favorites: LocalizedPaths = { en: '/en/favorites', nl: '/nl/favorieten', fr: '/fr/favoris', de: '/de/favoriten' };

const detailShort: LocalizedPaths = {
  en: '/en/offer/<estateId>',
  nl: '/nl/aanbod/<estateId>',
  fr: '/fr/offre/<estateId>',
  de: '/de/angebot/<estateId>',
};

const holiday: LocalizedPaths = {
  en: '/en/holiday/<rentalUnitId>',
  nl: '/nl/vakantie/<rentalUnitId>',
  fr: '/fr/vacances/<rentalUnitId>',
  de: '/de/feiertage/<rentalUnitId>',
};

/**
 * Every screen of SPEC §2 and every ajax endpoint, in the four locales. This is the only place a
 * path is written: controllers, links, redirects, hreflang, the language switcher and the sitemap
 * all read it.
 */
export const ROUTES = {
  home: everyLocale(''),
  privacy: {
    en: '/en/privacy-statement',
    nl: '/nl/privacy-verklaring',
    fr: '/fr/declaration-de-confidentialite',
    de: '/de/datenschutzerklarung',
  },
  terms: { en: '/en/terms-of-use', nl: '/nl/gebruiksvoorwaarden', fr: '/fr/conditions-d-utilisation', de: '/de/agb' },
  favorites,
  favoriteToggle: extend(favorites, '/<estateId>'),
  favoritesMail: extend(favorites, { en: '/mail', nl: '/mailen', fr: '/envoyer', de: '/senden' }),
  /** Two to four favourites side by side (`?ids=1&ids=2`: shareable, the same page for everyone). */
  favoritesCompare: extend(favorites, { en: '/compare', nl: '/vergelijken', fr: '/comparer', de: '/vergleichen' }),
  contact: { en: '/en/contact', nl: '/nl/contact', fr: '/fr/contact', de: '/de/kontakt' },
  subscribe,
  subscribeSuccess: extend(subscribe, { en: '/success', nl: '/succes', fr: '/reussi', de: '/gelungen' }),
  unsubscribe: extend(subscribe, {
    en: '/unsubscribe/<token>',
    nl: '/uitschrijven/<token>',
    fr: '/desinscrire/<token>',
    de: '/abbestellen/<token>',
  }),
  editSubscriptions: extend(subscribe, '/<token>'),
  /** The double opt-in link of the confirmation mail (a page with one button: a GET changes nothing). */
  confirmSubscription: extend(subscribe, {
    en: '/confirm/<token>',
    nl: '/bevestigen/<token>',
    fr: '/confirmer/<token>',
    de: '/bestaetigen/<token>',
  }),

  detailShort,
  detail: extend(detailShort, '/<slug>'),
  projectUnit: extend(detailShort, '/<slug>/<entityId>'),
  /** The purchase-cost block recomputed for the visitor's choices (GET form; a static segment, so no slug clashes). */
  purchaseCost: extend(detailShort, { en: '/purchase-costs', nl: '/aankoopkosten', fr: '/frais-d-achat', de: '/kaufnebenkosten' }),
  /** Issue 23: a listing's viewing request (the form and its post; the detail page links to it). */
  viewingRequest: extend(detailShort, { en: '/request-a-viewing', nl: '/bezoek-aanvragen', fr: '/demander-une-visite', de: '/besichtigung-anfragen' }),
  cancelAppointment: {
    en: '/en/cancel-appointment/<appointmentId>',
    nl: '/nl/afspraak-annuleren/<appointmentId>',
    fr: '/fr/annuler-rendez-vous/<appointmentId>',
    de: '/de/termin-absagen/<appointmentId>',
  },
  holiday,
  holidayOverview: { en: '/en/holiday-rentals', nl: '/nl/vakantieverhuur', fr: '/fr/locations-de-vacances', de: '/de/ferienwohnungen' },
  holidayCalendar: extend(holiday, { en: '/availability.ics', nl: '/beschikbaarheid.ics', fr: '/disponibilites.ics', de: '/verfuegbarkeit.ics' }),
  holidayBooking: extend(holiday, { en: '/booking-request', nl: '/boekingsaanvraag', fr: '/demande-de-reservation', de: '/buchungsanfrage' }),
  cookieConsent: everyLocale('/cookie-consent'),
  ajaxNotifications: everyLocale('/ajax/notifications'),
  ajaxContactForm: everyLocale('/ajax/contact-form-handler'),
  ajaxEstate: everyLocale('/ajax/estate/<estateId>'),
  ajaxSearchCity: everyLocale('/ajax/search-city'),
  /** The markers of a search's whole result set, for the results map (same query string as the search). */
  ajaxSearchMap: everyLocale('/ajax/search-map'),
  ajaxSendToFriend: everyLocale('/ajax/send-to-a-friend'),
  ajaxSimilarEstates: everyLocale('/ajax/similar-estate/<estateId>'),
  ajaxHolidayQuote: everyLocale('/ajax/holiday-quote/<rentalUnitId>'),
} as const satisfies Record<string, LocalizedPaths>;

export type RouteName = keyof typeof ROUTES;
export type RouteParams = Readonly<Record<string, string | number>>;

export const ROOT_PATH = '/';

export function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(ROUTES, name);
}

const PLACEHOLDER = /<([A-Za-z]+)>/g;

/**
 * The path of `routeName` in `locale` with each `<placeholder>` replaced by its URL-encoded value.
 * An unknown route name gives the root path (SPEC §2); a missing parameter is a programming error.
 */
export function urlFor(routeName: string, locale: Locale, params: RouteParams = {}): string {
  if (!isRouteName(routeName)) return ROOT_PATH;
  return ROUTES[routeName][locale].replace(PLACEHOLDER, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`urlFor(${routeName}): missing parameter <${key}>`);
    return encodeURIComponent(String(value));
  });
}

/** The four localized URLs of one page, for hreflang links and the language switcher. */
export function alternates(routeName: string, params: RouteParams = {}): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, urlFor(routeName, locale, params)])) as Record<
    Locale,
    string
  >;
}

/** The route's paths in the router's syntax (`:param`), one per locale, for controller decorators. */
export function routerPaths(routeName: RouteName): string[] {
  return LOCALES.map((locale) => ROUTES[routeName][locale].replace(PLACEHOLDER, ':$1'));
}

/** Listing photos are served through the site (SPEC §7 "property images: a proxy path per account id"). */
export const PROPERTY_IMAGES_PATH = '/property-images';
export type PropertyImageSize = 'large' | 'thumb';
/** Encodings of the resized variants; the format is in the URL so a CDN needs no `Vary: Accept`. */
export type PropertyImageFormat = 'avif' | 'webp' | 'jpg';

/** `?v=<version>`: a URL that changes whenever the photo does, so it may be cached for a year. */
function versionQuery(version: string | null | undefined): string {
  return version ? `?v=${encodeURIComponent(version)}` : '';
}

/** `/property-images/<accountId>/<large|thumb>/<file>[?v=<version>]`: a demo photo, or one under PROPERTY_IMAGES_URL. */
export function propertyImageUrl(accountId: string | number, size: PropertyImageSize, file: string, version?: string | null): string {
  return `${PROPERTY_IMAGES_PATH}/${encodeURIComponent(String(accountId))}/${size}/${encodeURIComponent(file)}${versionQuery(version)}`;
}

/** The path segment that names the original URL of a remote photo: base64url of its UTF-8 bytes, unpadded. */
export function encodePhotoOrigin(originalUrl: string): string {
  const bytes = new TextEncoder().encode(originalUrl);
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The original URL named by `encodePhotoOrigin`; null unless `segment` is exactly what it would produce. */
export function decodePhotoOrigin(segment: string): string | null {
  if (!/^[\w-]+$/.test(segment)) return null;
  try {
    const binary = atob(segment.replaceAll('-', '+').replaceAll('_', '/'));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    // One path per photo: no second spelling of the same URL (padding bits, other encodings) reaches the cache.
    return encodePhotoOrigin(text) === segment ? text : null;
  } catch {
    return null;
  }
}

/**
 * `/property-images/u/<base64url of the original URL>/<large|thumb>/<file>[?v=<version>]`: a photo on an allowed CRM
 * host, as the mappers name it. The path alone names the original, but it grows with the URL (over ~75 characters
 * the router's 100-character parameter limit answered 414), so the sync stores the keyed form instead
 * (`keyedPropertyImageUrl`); this form is still served for the URLs caches and mails hold.
 */
export function remotePropertyImageUrl(originalUrl: string, size: PropertyImageSize, version?: string | null): string {
  return `${PROPERTY_IMAGES_PATH}/u/${encodePhotoOrigin(originalUrl)}/${size}/${remotePhotoFileName(originalUrl)}${versionQuery(version)}`;
}

/** The longest file-name stem of a keyed photo URL: the path stays short whatever the CRM's file names. */
export const KEYED_PHOTO_STEM = 40;

/**
 * `/property-images/h/<key>/<large|thumb>/<file>[?v=<version>]`: a photo on an allowed CRM host by a fixed-length key
 * (a hash of its original URL, which the proxy looks up where the sync stored it); `file` is the original's file name,
 * readable and short: `remotePhotoFileName(url, KEYED_PHOTO_STEM)`.
 */
export function keyedPropertyImageUrl(key: string, size: PropertyImageSize, file: string, version?: string | null): string {
  return `${PROPERTY_IMAGES_PATH}/h/${key}/${size}/${encodeURIComponent(file)}${versionQuery(version)}`;
}

/**
 * The readable file name of a remote photo: the last segment of its path in letters, digits, `_` and `-` (`maxStem`
 * at most), and its extension when it is a photo's (`.jpg` otherwise: the proxy's variants are made from the bytes).
 */
export function remotePhotoFileName(originalUrl: string, maxStem = 80): string {
  const last = URL.canParse(originalUrl) ? (new URL(originalUrl).pathname.split('/').pop() ?? '') : '';
  const match = /^(.*?)(?:\.(jpe?g|png|webp))?$/i.exec(safeDecode(last))!;
  const stem = match[1].replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, maxStem) || 'photo';
  return `${stem}.${(match[2] ?? 'jpg').toLowerCase()}`;
}

/** Whether a photo source (`PropertyImageRef.source`) is a remote photo (`u/…` or `h/…`) rather than an account's. */
export function isRemotePhotoSource(source: string): boolean {
  return source.startsWith('u/') || source.startsWith('h/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * `/property-images/<accountId>/<width>w/<file>.<format>[?v=<version>]`: the photo resized to `width` pixels
 * (never enlarged) and encoded as `format`. The original's file name is kept whole, so `house-01.jpg` at
 * 768 px in AVIF is `768w/house-01.jpg.avif`.
 */
export function propertyImageVariantUrl(
  accountId: string | number,
  width: number,
  file: string,
  format: PropertyImageFormat,
  version?: string | null,
): string {
  return `${PROPERTY_IMAGES_PATH}/${encodeURIComponent(String(accountId))}/${width}w/${encodeURIComponent(file)}.${format}${versionQuery(version)}`;
}

export interface PropertyImageRef {
  /** Whatever came before the images path (an origin for absolute URLs, else empty). */
  readonly origin: string;
  /** The segments naming where the photo comes from: `<accountId>`, `h/<key>` or `u/<base64url of the original URL>`. */
  readonly source: string;
  readonly size: PropertyImageSize;
  readonly file: string;
  readonly version: string | null;
}

/** The photo at another size or version, from the same source (site-relative: prepend `ref.origin` if wanted). */
export function propertyImageUrlOf(ref: PropertyImageRef, size: PropertyImageSize, version: string | null): string {
  return `${PROPERTY_IMAGES_PATH}/${ref.source}/${size}/${encodeURIComponent(ref.file)}${versionQuery(version)}`;
}

/**
 * A variant of the photo (site-relative): `<source>/<width>w/<file>.<format>`, for both sources. Variants of a
 * remote photo are made from the URL it names (a thumbnail's from the CRM's thumbnail), of an account's from `large`.
 */
export function propertyImageVariantUrlOf(ref: PropertyImageRef, width: number, format: PropertyImageFormat): string {
  return isRemotePhotoSource(ref.source)
    ? `${PROPERTY_IMAGES_PATH}/${ref.source}/${width}w/${encodeURIComponent(ref.file)}.${format}${versionQuery(ref.version)}`
    : propertyImageVariantUrl(ref.source, width, ref.file, format, ref.version);
}

const PROPERTY_IMAGE_URL = new RegExp(
  `^(.*?)${PROPERTY_IMAGES_PATH}/(\\d+|[uh]/[\\w-]+)/(large|thumb)/([^/?#]+)(?:\\?v=([^&#]+))?$`,
);

/** The photo behind a `propertyImageUrl`, `keyedPropertyImageUrl` or `remotePropertyImageUrl` (relative or absolute); null for any other URL. */
export function parsePropertyImageUrl(url: string): PropertyImageRef | null {
  const match = PROPERTY_IMAGE_URL.exec(url);
  if (!match) return null;
  try {
    return {
      origin: match[1],
      source: match[2],
      size: match[3] as PropertyImageSize,
      file: decodeURIComponent(match[4]),
      version: match[5] ? decodeURIComponent(match[5]) : null,
    };
  } catch {
    return null;
  }
}
