import { Controller, Get, Inject } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { LegalPage, type LegalPageModel } from '../../views/pages/legal-page.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { page, type PageView } from '../web/view.js';
import { AppConfig } from '../config/config.js';
import { CONSENT_COOKIE } from '../consent/consent.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';
import { legalIdentity } from '../config/legal-identity.js';
import { legalPageArgs, PRIVACY_SECTIONS, TERMS_SECTIONS } from './legal-page.model.js';

@Controller()
export class LegalController {
  private readonly args: Readonly<Record<string, string | number>>;
  /** The texts depend on the build and the configuration only: pages are versioned by the configured values. */
  private readonly version: string;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.args = legalPageArgs(config, CONSENT_COOKIE);
    this.version = createHash('sha256').update(JSON.stringify([this.args, legalIdentity(config)])).digest('base64url').slice(0, 12);
  }

  @Get(routerPaths('privacy'))
  privacy(@RequestLocale() locale: Locale): PageView<LegalPageModel> {
    const sections = PRIVACY_SECTIONS.map((id) =>
      id === 'controller'
        ? { id, identity: true }
        : id === 'cookies'
          ? { id, link: { href: urlFor('cookieConsent', locale), labelKey: 'legal.privacy.cookies.change' } }
          : { id },
    );
    return page(LegalPage, { kind: 'privacy', sections, args: this.args }, { route: 'privacy' }, { version: this.version, query: {} });
  }

  @Get(routerPaths('terms'))
  terms(@RequestLocale() _locale: Locale): PageView<LegalPageModel> {
    return page(LegalPage, { kind: 'terms', sections: TERMS_SECTIONS.map((id) => ({ id })), args: this.args }, { route: 'terms' }, { version: this.version, query: {} });
  }
}
