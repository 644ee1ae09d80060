import type { LegalIdentity } from '../src/config/legal-identity.js';
import type { Locale } from '../src/routing/locales.js';

export interface SiteInfo {
  readonly name: string;
  readonly logoUrl: string;
  readonly brandColor: string;
  readonly email: string;
  readonly phone: string;
  /** The phone as a `tel:` link. */
  readonly phoneHref: string;
  /** The agency's legal identity, shown in every page's footer. */
  readonly legal: LegalIdentity;
  /** The site's RealEstateAgent JSON-LD, ready for a script element. */
  readonly jsonLd: string;
}

/**
 * What every page needs besides its own view model: locale, text, links, assets. It holds nothing about the
 * visitor (no cookie, no per-request secret), so a page is the same for everyone who asks for its URL and can be
 * cached by the server, the browser and a CDN. Visitor state (cookie choice, favourites) is applied in the browser.
 */
export interface PageContext {
  readonly locale: Locale;
  readonly t: (key: string, args?: Readonly<Record<string, string | number>>) => string;
  readonly site: SiteInfo;
  readonly assets: { readonly styles: readonly string[]; readonly scripts: readonly string[] };
  /** This page in each locale (paths), for the language switcher. */
  readonly alternates: Readonly<Record<Locale, string>>;
  /** Absolute URLs of this page in each locale plus x-default, for hreflang; empty for pages that are not indexed. */
  readonly hreflang: ReadonlyArray<{ readonly hreflang: string; readonly href: string }>;
  readonly canonicalUrl: string;
  readonly nav: Readonly<Record<'home' | 'favorites' | 'subscribe' | 'privacy' | 'terms' | 'cookieSettings' | 'holidays' | 'contact', string>>;
  readonly consentAction: string;
  /** The page's own path: where the cookie choice returns to without JavaScript. */
  readonly currentPath: string;
  /** The page's own path with its query string (same-site, relative): where a heart returns to without JavaScript. */
  readonly currentUrl: string;
}
