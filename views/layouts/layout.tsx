import type { ReactElement, ReactNode } from 'react';
import { LANGUAGE_NAMES, type Locale, LOCALES } from '../../src/routing/locales.js';
import { ConsentBanner } from '../components/consent-banner.js';
import { FavoritesBadge } from '../components/favorite-toggle.js';
import { LegalIdentityBlock } from '../components/legal-identity-block.js';
import { Icon } from '../components/icon.js';
import type { PageContext } from '../page-context.js';
import { renderedOnce, renderedTemplate } from '../render.js';

export interface LayoutProps {
  readonly ctx: PageContext;
  readonly title: string;
  readonly description: string;
  /** Extra tags for the head (Open Graph, JSON-LD). */
  readonly head?: ReactNode;
  /** Pages that must not be indexed (token pages, errors). */
  readonly noindex?: boolean;
  /** The robots directive of a page that is not indexed (default `noindex`; filtered searches: `noindex, follow`). */
  readonly robots?: string;
  /** The cookie-settings page shows the choice in the page itself. */
  readonly withoutBanner?: boolean;
  /** A bar fixed to the bottom of phones' screens (the listing's actions); the page keeps room for it. */
  readonly bottomBar?: ReactNode;
  readonly children: ReactNode;
}

/** The brand and the site's navigation: the same on every page of a locale. */
function SiteNavigation({ ctx }: { ctx: PageContext }): ReactElement {
  const { t, site } = ctx;
  return (
    <>
      <a className="brand" href={ctx.nav.home}>
        <img src={site.logoUrl} alt="" width="40" height="40" />
        <span className="brand__name">{site.name}</span>
      </a>
      <nav className="site-nav" aria-label={t('common.mainNavigation')}>
        <a href={ctx.nav.holidays}>
          <Icon name="sun" />
          <span>{t('holiday.overview.title')}</span>
        </a>
        <a href={ctx.nav.favorites}>
          <Icon name="heart" />
          <span>{t('nav.favorites')}</span>
          <FavoritesBadge count={null} />
        </a>
        <a href={ctx.nav.subscribe}>
          <Icon name="bell" />
          <span>{t('nav.subscribe')}</span>
        </a>
      </nav>
    </>
  );
}

/** This page in the other languages (`alternates`: its address in each, our own URLs). */
function LanguageSwitcher({ ctx, alternates }: { ctx: PageContext; alternates: Readonly<Record<Locale, string>> }): ReactElement {
  const { t, locale } = ctx;
  return (
    <nav className="language-switcher" aria-label={t('common.chooseLanguage')}>
      <ul>
        {LOCALES.map((other) => (
          <li key={other}>
            <a
              href={alternates[other]}
              hrefLang={other}
              lang={other}
              aria-current={other === locale ? 'page' : undefined}
              title={LANGUAGE_NAMES[other]}
            >
              {other.toUpperCase()}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The language switcher of a page: rendered once per locale, filled with the page's addresses (renderedTemplate). */
function languageSwitcher(ctx: PageContext): string {
  return renderedTemplate(
    JSON.stringify(['language-switcher', ctx.locale, ctx.t('common.chooseLanguage')]),
    (slot) => <LanguageSwitcher ctx={ctx} alternates={Object.fromEntries(LOCALES.map((other, index) => [other, slot(index)])) as Record<Locale, string>} />,
    LOCALES.map((other) => ctx.alternates[other]),
  ).__html;
}

/** The agency's contact details, the site's links and its legal identity: the same on every page of a locale. */
function SiteFooter({ ctx }: { ctx: PageContext }): ReactElement {
  const { t, site } = ctx;
  return (
    <>
      <div className="container site-footer__inner">
        <div>
          <p className="site-footer__name">{site.name}</p>
          <p>
            <a href={`mailto:${site.email}`}>
              <Icon name="mail" /> {site.email}
            </a>
          </p>
          <p>
            <a href={site.phoneHref}>
              <Icon name="phone" /> {site.phone}
            </a>
          </p>
        </div>
        <nav aria-label={t('common.footerNavigation')}>
          <ul className="site-footer__links">
            <li>
              <a href={ctx.nav.favorites}>{t('nav.favorites')}</a>
            </li>
            <li>
              <a href={ctx.nav.subscribe}>{t('nav.subscribe')}</a>
            </li>
            <li>
              <a href={ctx.nav.contact}>{t('flows.contact.nav')}</a>
            </li>
            <li>
              <a href={ctx.nav.privacy}>{t('nav.privacy')}</a>
            </li>
            <li>
              <a href={ctx.nav.terms}>{t('nav.terms')}</a>
            </li>
            <li>
              <a href={ctx.nav.cookieSettings} data-cookie-settings="">
                {t('nav.cookieSettings')}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container">
        <LegalIdentityBlock ctx={ctx} className="site-footer__legal" />
      </div>
    </>
  );
}

export function Layout({ ctx, title, description, head, noindex, robots, withoutBanner, bottomBar, children }: LayoutProps): ReactElement {
  const { t, locale, site } = ctx;
  const htmxConfig = JSON.stringify({ includeIndicatorStyles: false, allowEval: false, allowScriptTags: false });
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} | ${site.name}`}</title>
        <meta name="description" content={description} />
        {noindex ? <meta name="robots" content={robots ?? 'noindex'} /> : <link rel="canonical" href={ctx.canonicalUrl} />}
        {!noindex &&
          ctx.hreflang.map((link) => <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />)}
        <meta name="theme-color" content={site.brandColor} />
        <meta name="htmx-config" content={htmxConfig} />
        <link rel="icon" href={site.logoUrl} />
        {ctx.assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {ctx.assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: site.jsonLd }} />
        {head}
      </head>
      <body className={bottomBar ? 'has-bottom-bar' : undefined}>
        <a className="skip-link" href="#main">
          {t('common.skipToContent')}
        </a>
        {/* Right after the skip link (still the first stop): the cookie choice is the second, not the last after the whole page. */}
        {!withoutBanner && <ConsentBanner ctx={ctx} />}
        <header className="site-header">
          <div
            className="container site-header__inner"
            dangerouslySetInnerHTML={{
              __html: renderedOnce(site, `header:${locale}`, () => <SiteNavigation ctx={ctx} />).__html + languageSwitcher(ctx),
            }}
          />
        </header>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer" dangerouslySetInnerHTML={renderedOnce(site, `footer:${locale}`, () => <SiteFooter ctx={ctx} />)} />
        {bottomBar}
      </body>
    </html>
  );
}
